//go:build !linux

package lab

import "errors"

// frameCPU is -1: pinning a thread to a CPU is done on Linux only.
func frameCPU() int { return -1 }

func pinThread(int) error { return errors.New("not supported on this system") }
