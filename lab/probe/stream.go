package probe

import (
	"context"
	"fmt"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// stream measures one core's streaming read through a working set of bytes, the
// buffer's first: it reads the set once to bring it in (and to learn how long a pass
// takes, and what its words add up to, which every later pass must match), then
// times plan.Reps repetitions of as many passes as make about
// plan.RepNS (one pass at least), and gives bytes per second.
func (m *meter) stream(ctx context.Context, level string, bytes int64) (result.Bandwidth, error) {
	words := m.buf[:bytes/8]
	var want uint64
	ns, _, ok := m.timer.time(func() { want = sum(words) })
	if !ok {
		return result.Bandwidth{}, errClock
	}
	passes := int(max(float64(m.plan.RepNS)/max(float64(ns), 1), 1))
	differ := 0
	reps, intr, err := m.timer.repeat(ctx, m.plan.Reps, func() {
		for range passes {
			if sum(words) != want {
				differ++
			}
		}
	})
	if err != nil {
		return result.Bandwidth{}, err
	}
	if differ > 0 {
		return result.Bandwidth{}, fmt.Errorf("probe: %d passes through %s summed otherwise than the first: the buffer changed under the read", differ, sizeText(bytes))
	}
	read := float64(passes) * float64(len(words)*8)
	for i := range reps {
		reps[i] = read / (max(reps[i], 1) / 1e9)
	}
	med, lo, hi := stats.MedianCI(reps, 0.95)
	return result.Bandwidth{Level: level, Bytes: int64(len(words) * 8), BytesPerS: med, Lo: lo, Hi: hi, Reps: len(reps), Interrupted: intr}, nil
}
