//go:build !linux && !windows && !darwin

package lab

import "errors"

// frameCPU is -1: the lab pins a thread to a CPU on Linux and Windows only.
func frameCPU() int { return -1 }

// unpinnedWhy says why frameCPU gave no CPU.
func unpinnedWhy() string {
	return "not pinned: the lab pins a thread to a CPU on Linux and Windows only"
}

func pinThread(int) error { return errors.New("not supported on this system") }
