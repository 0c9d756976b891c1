package lab

import "fmt"

// MinKept is how many frames a run must have after its warm-up for its summary to
// hold a frame. In warm mode the first half of every burst re-warms the caches and is
// left out (result.Run.Excluded), rounded up: a lone frame after the warm-up may be a
// burst's first, and a run of it would print a table of n/a; two are enough for one to
// be kept whatever bursts the rounds take (a burst after the warm-up of one frame is
// the run's last, and the frame before it ends a burst of its own, of two or more).
const MinKept = 2

// CheckKept reports a run that would measure frames and then summarise none of them:
// fewer than MinKept frames after the warm-up, in the run or in one of its forks
// (each fork has its own warm-up and its own bursts), or, in warm mode, bursts of one
// frame, each of which is its own re-warming. Errors name the field (frames, warmup,
// burst) and say why. It may run before Check: forks that cannot be planned at all
// are Check's to report. A run that only looks at a store (inspect) summarises
// nothing and needs no such check.
func (c *Config) CheckKept() error {
	if c.Frames < 1 || c.Warmup < 0 || c.Warmup >= c.Frames {
		return nil // out of range: Check says so
	}
	if kept := c.Frames - c.Warmup; kept < MinKept {
		return fmt.Errorf("frames: %d with a warm-up of %d leaves %d to summarise (want at least %d after the warm-up: in warm mode a burst's first frames re-warm the caches and are left out)",
			c.Frames, c.Warmup, kept, MinKept)
	}
	if plan := c.Plan(); len(plan) > 1 {
		for k, fk := range plan {
			if kept := fk.Frames - fk.Warmup; kept < MinKept {
				return fmt.Errorf("frames: %d over %d forks with a warm-up of %d: fork %d keeps %d after its warm-up (want at least %d after each fork's warm-up: more frames, or fewer forks)",
					c.Frames, len(plan), c.Warmup, k+1, kept, MinKept)
			}
		}
	}
	if c.Burst == 1 && (c.Cache == "" || c.Cache == Warm) {
		return fmt.Errorf("burst: 1 keeps no frame in warm mode, where the first half of every burst (rounded up) re-warms the caches (want 2 or more, or -cache cold)")
	}
	return nil
}
