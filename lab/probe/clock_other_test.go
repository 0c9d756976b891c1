//go:build !linux

package probe

func newTestClock() Clock { return NewWallClock() }
