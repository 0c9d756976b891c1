//go:build !linux && !windows && !darwin

package lab

import "time"

// threadClock on this system reads the wall clock alone (time.Now's monotonic
// reading): the lab reads no thread CPU clock here, so frames are timed by the wall
// clock and none is known to have been interrupted.
type threadClock struct{}

// wallBase is where wallNS counts from.
var wallBase = time.Now()

func (c *threadClock) open(bool) clockSystem {
	return clockSystem{wallSource: "time.Now (monotonic)",
		note: "the lab reads no thread CPU clock on this system: frames are timed by the wall clock, other processes' time slices included"}
}

func (c *threadClock) wallNS() int64   { return int64(time.Since(wallBase)) }
func (c *threadClock) cpuNS() int64    { return -1 }
func (c *threadClock) switches() int64 { return -1 }
