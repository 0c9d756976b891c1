//go:build !linux

package perfcount

import (
	"errors"
	"runtime"
)

// Group is never open outside Linux; the methods exist so callers build everywhere.
type Group struct{}

// Open reports that hardware counters need Linux's perf_event_open.
func Open() (*Group, error) {
	return nil, errors.New("hardware counters n/a: they need Linux perf_event_open, this is " + runtime.GOOS)
}

func (g *Group) Read(c *Counts) error { return errors.New("perfcount: no counter group") }
func (g *Group) Misses() string       { return "" }
func (g *Group) MissNote() string     { return "" }
func (g *Group) Scope() string        { return "" }
func (g *Group) Close() error         { return nil }
