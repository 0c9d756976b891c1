package result

// Why a frame is left out of the summary (see Run.Excluded).
const (
	Kept   = ""
	WarmUp = "warm-up" // one of the run's first Warmup frames
	Rewarm = "re-warm" // warm mode: the first frame of a burst, after another backing's
)

// Excluded says why frame f is left out of the summary, or Kept. The warm-up frames
// are; in warm mode, so is the first frame of every burst, which finds the caches as
// another backing's burst left them and only serves to bring the backing's own data
// back. Such frames are charted and saved like the others.
func (r *Run) Excluded(f int) string {
	switch {
	case f < r.Warmup:
		return WarmUp
	case r.Cache == Warm && r.burstStart(f):
		return Rewarm
	}
	return Kept
}

// burstStart reports whether frame f is the first of a round's bursts.
func (r *Run) burstStart(f int) bool {
	k := r.RoundOf(f)
	return k >= 0 && r.Rounds[k].First == f
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
