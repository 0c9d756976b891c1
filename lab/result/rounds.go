package result

// Why a frame is left out of the summary (see Run.Excluded).
const (
	Kept   = ""
	WarmUp = "warm-up" // one of its fork's first frames (Fork.Warmup; the run's first Warmup without forks)
	Rewarm = "re-warm" // warm mode: in the first half of a burst, after another backing's
)

// Excluded says why frame f is left out of the summary, or Kept. The warm-up frames
// are left out (each fork's own, see Fork). In warm mode, so is the first half of
// every burst (its first frame in a burst of one or two). Those frames find the
// caches as another backing's burst left them, and bring the backing's own data back.
//
// One frame is not enough for that. Measured on the development VM (AMD EPYC,
// 32 MiB L3), soa's 16 MB scan of a still million-sprite world ran 1.87, 2.09, 1.83,
// 1.79 ms in the first four frames of bursts of eight after ptrarray's. Then it ran
// 1.51, 1.44, 1.39, 1.37 ms, as alone (1.47). The last-level cache lets a new working
// set displace the old one over several passes, not one. Excluded frames are charted
// and saved like the others.
func (r *Run) Excluded(f int) string {
	switch {
	case r.warmingUp(f):
		return WarmUp
	case r.Cache == Warm && r.rewarming(f):
		return Rewarm
	}
	return Kept
}

// RewarmFrames is how many frames open a burst of n in warm mode: half, rounded up.
func RewarmFrames(n int) int { return (n + 1) / 2 }

// rewarming reports whether frame f lies in the re-warming half of its burst.
func (r *Run) rewarming(f int) bool {
	k := r.RoundOf(f)
	return k >= 0 && f-r.Rounds[k].First < RewarmFrames(r.Rounds[k].Frames)
}

// RoundOf returns the index of the round that ran frame f, or -1 when no round did
// (a version 1 file, or a frame past the last round).
func (r *Run) RoundOf(f int) int {
	lo, hi := 0, len(r.Rounds)
	for lo < hi { // the rounds are in order and do not overlap
		m := (lo + hi) / 2
		switch rd := r.Rounds[m]; {
		case f < rd.First:
			hi = m
		case f >= rd.First+rd.Frames:
			lo = m + 1
		default:
			return m
		}
	}
	return -1
}
