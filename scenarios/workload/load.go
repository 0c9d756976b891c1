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
// cache, so placing them in chunks (to report progress and stop when cancelled) leaves
// the objects as scattered as a long-running game's heap.
const ScatterChunk = 1 << 20

// AgingPhase names the Setup phase of ScatterLoad.
const AgingPhase = "heap aging"

// ScatterLoad is the load of every pointer-array store. It runs in two phases, so that
// the lab can tell the cost of loading from the cost of simulating an old heap:
//
//  1. AgingPhase (Setup): n objects are allocated with ptrarray.Scatter, seeded from
//     seed, in chunks of ScatterChunk: in shuffled order with garbage between them, as
//     a game that has run for a while would have placed them. A plain load would have
//     allocated them too, in order; that share of the time is in this phase.
//  2. DefaultPhase (Building): init(i, p) fills object i and add(p) receives it, in
//     index order: what any load of a pointer array does.
//
// Progress runs from 0 to ½ over the first phase and on to 1 over the second. It
// returns ctx.Err() once cancelled. Closures are fine here: a load is timed once, and
// frames never come through this code.
func ScatterLoad[T any](ctx context.Context, progress func(float64), n int, seed uint64,
	init func(i int, p *T), add func(p *T)) error {
	Phase(ctx, AgingPhase, Setup)
	objs := make([]*T, 0, n)
	for start := 0; start < n; start += ScatterChunk {
		if err := Progress(ctx, progress, start, 2*n); err != nil {
			return err
		}
		objs = append(objs, ptrarray.Scatter[T](min(ScatterChunk, n-start), seed+uint64(start), nil)...)
	}
	Phase(ctx, DefaultPhase, Building)
	for i, p := range objs {
		if i%ProgressEvery == 0 {
			if err := Progress(ctx, progress, n+i, 2*n); err != nil {
				return err
			}
		}
		init(i, p)
		add(p)
	}
	progress(1)
	return nil
}
