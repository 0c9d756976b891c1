//go:build !linux && !windows

package lab

import "time"

// chooseFrameCPU: on this system the frame threads are not pinned (see unpinnedWhy),
// so there is no CPU to choose.
func chooseFrameCPU(fallback int, _ time.Duration) cpuChoice {
	return cpuChoice{CPU: fallback, Why: unpinnedWhy()}
}
