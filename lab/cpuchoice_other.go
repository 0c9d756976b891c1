//go:build !linux

package lab

import "time"

// chooseFrameCPU: outside Linux the frame threads are not pinned.
func chooseFrameCPU(fallback int, _ time.Duration) cpuChoice {
	return cpuChoice{CPU: fallback, Why: "frame threads are pinned to a CPU on Linux only"}
}
