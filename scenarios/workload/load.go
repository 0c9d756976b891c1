package workload

import (
	"context"

	"localitylab/containers/ptrarray"
)

// ProgressEvery is how many entities a Load places between two calls of Progress: often
// enough that a cancelled load of millions stops within milliseconds, rarely enough
// that the context check costs nothing measurable.
const ProgressEvery = 1 << 14

// Progress is what a Load does every ProgressEvery entities: it returns ctx.Err() once
// the load has been cancelled, and otherwise reports done of total as a fraction. A
// total below 1 counts as 1, so an empty world reports 0 rather than NaN.
func Progress(ctx context.Context, progress func(float64), done, total int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	progress(float64(done) / float64(max(total, 1)))
	return nil
}

// ScatterChunk is how many objects one ptrarray.Scatter call of ScatterLoad places. A
// chunk of small objects with their fillers spans tens of megabytes, more than any
// cache, so loading in chunks (to report progress and stop when cancelled) leaves the
// objects as scattered as a long-running game's heap.
const ScatterChunk = 1 << 20

// ScatterLoad is the load of every pointer-array store (DESIGN.md, rule 5): it makes n
// objects with ptrarray.Scatter, seeded from seed, in chunks of ScatterChunk; init(i, p)
// fills object i, in Scatter's shuffled order, and add(p) then receives each chunk's
// objects in index order. It reports progress through Progress and returns ctx.Err()
// once cancelled, skipping the rest of the chunk's init calls. Closures are fine here:
// a load is timed once, and frames never come through this code.
func ScatterLoad[T any](ctx context.Context, progress func(float64), n int, seed uint64,
	init func(i int, p *T), add func(p *T)) error {
	for start := 0; start < n; start += ScatterChunk {
		var err error
		done := 0
		objs := ptrarray.Scatter(min(ScatterChunk, n-start), seed+uint64(start), func(i int, p *T) {
			if done%ProgressEvery == 0 && err == nil {
				err = Progress(ctx, progress, start+done, n)
			}
			done++
			if err == nil {
				init(start+i, p)
			}
		})
		if err != nil {
			return err
		}
		for _, p := range objs {
			add(p)
		}
	}
	progress(1)
	return nil
}
