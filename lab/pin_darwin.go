package lab

import "errors"

// macOS has no thread affinity: its affinity tags (thread_policy_set) are hints to
// keep threads apart or together, never a CPU, and Apple Silicon ignores them. The
// frame thread asks for the user-interactive QoS class instead (see threadClock).

// frameCPU is -1: the frame thread is not pinned.
func frameCPU() int { return -1 }

// unpinnedWhy says why frameCPU gave no CPU.
func unpinnedWhy() string { return "not pinned: macOS has no thread affinity" }

func pinThread(int) error { return errors.New("macOS has no thread affinity") }
