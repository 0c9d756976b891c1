package probe

import (
	"context"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// stream measures one core's streaming read through a working set of bytes, the
// buffer's first: it reads the set once to bring it in (and to learn how long a pass
// takes), then times plan.Reps repetitions of as many passes as make about
// plan.RepNS (one pass at least), and gives bytes per second.
func (m *meter) stream(ctx context.Context, level string, bytes int64) (result.Bandwidth, error) {
	words := m.buf[:bytes/8]
	ns, _, ok := m.timer.time(func() { sink += sum(words) })
	if !ok {
		return result.Bandwidth{}, errClock
	}
	passes := int(max(float64(m.plan.RepNS)/max(float64(ns), 1), 1))
	reps, intr, err := m.timer.repeat(ctx, m.plan.Reps, func() {
		for range passes {
			sink += sum(words)
		}
	})
	if err != nil {
		return result.Bandwidth{}, err
	}
	read := float64(passes) * float64(len(words)*8)
	for i := range reps {
		reps[i] = read / (max(reps[i], 1) / 1e9)
	}
	med, lo, hi := stats.MedianCI(reps, 0.95)
	return result.Bandwidth{Level: level, Bytes: int64(len(words) * 8), BytesPerS: med, Lo: lo, Hi: hi, Reps: len(reps), Interrupted: intr}, nil
}
