package probe

import (
	"context"
	"math/rand/v2"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// minLoads is the fewest loads one repetition makes, however slow each is.
const minLoads = 1 << 12

// meter holds what every measurement of one probe shares: the buffer, the cycle's
// order before it is written into the buffer (perm, outside it so that linking a
// working set costs random accesses within a sixteenth of its size, not within all of
// it), the timer, and where the chase stands.
type meter struct {
	plan   *Plan
	buf    []uint64
	perm   []uint32
	timer  *timer
	stride int // words between two elements: one line
	at     uint64
}

// point measures the latency of a dependent load through a working set of bytes:
// it links the set's lines into one random cycle, warms it by following the cycle
// (the time of which says how many loads make a repetition of about plan.RepNS),
// then times plan.Reps repetitions.
func (m *meter) point(ctx context.Context, bytes int64) (result.LadderPoint, error) {
	n := int(bytes / int64(m.plan.Line))
	// A fixed seed per working set: each run links it the same way.
	rng := rand.New(rand.NewPCG(uint64(bytes), 0x6c6f63616c697479))
	if err := m.link(ctx, n, rng); err != nil {
		return result.LadderPoint{}, err
	}
	m.at = 0
	warm := min(max(n, 1<<16), m.plan.WarmLoads)
	ns, _, ok := m.timer.time(func() { m.at = chase(m.buf, m.at, warm) })
	if !ok {
		return result.LadderPoint{}, errClock
	}
	loads := int(min(max(float64(m.plan.RepNS)*float64(warm)/max(float64(ns), 1), minLoads), 1<<30))
	reps, intr, err := m.timer.repeat(ctx, m.plan.Reps, func() { m.at = chase(m.buf, m.at, loads) })
	if err != nil {
		return result.LadderPoint{}, err
	}
	sink += m.at
	for i := range reps {
		reps[i] /= float64(loads)
	}
	med, lo, hi := stats.MedianCI(reps, 0.95)
	return result.LadderPoint{Bytes: bytes, NS: med, Lo: lo, Hi: hi, Reps: len(reps), Interrupted: intr}, nil
}

// link makes the first n elements of the buffer one random cycle: Sattolo's
// algorithm over perm, then the cycle written into the buffer in one pass.
func (m *meter) link(ctx context.Context, n int, rng *rand.Rand) error {
	perm := m.perm[:n]
	for i := range perm {
		perm[i] = uint32(i)
	}
	const chunk = 1 << 18 // how often a long linking looks at ctx
	for hi := n - 1; hi > 0; hi -= chunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		sattolo(perm, max(hi-chunk, 0), hi, rng)
	}
	s := uint64(m.stride)
	buf := m.buf[:n*m.stride]
	for i, next := range perm {
		buf[i*m.stride] = uint64(next) * s
	}
	return nil
}
