// Package scatter is the load of every pointer-array store: it places the objects in
// the heap as a long-running game's would lie (see ptrarray.Scatter), in a phase of
// its own, so that the lab can tell the cost of loading from the cost of simulating
// an old heap. It lives beside the workloads, not in package workload, so that what
// every workload shares links no container.
package scatter

import (
	"context"

	"localitylab/backings/ptrarray"
	"localitylab/workloads/workload"
)

// Chunk is how many objects one ptrarray.Scatter call of Load places. A
// chunk of small objects with their fillers spans tens of megabytes, more than any
// cache, so placing them in chunks (to report progress and stop when cancelled) leaves
// the objects as scattered as a long-running game's heap.
const Chunk = 1 << 20

// AgingPhase names the Setup phase of Load.
const AgingPhase = "heap aging"

// Load is the load of every pointer-array store. It runs in two phases, so that
// the lab can tell the cost of loading from the cost of simulating an old heap:
//
//  1. AgingPhase (Setup): n objects are allocated with ptrarray.Scatter, seeded from
//     seed, in chunks of Chunk: in shuffled order with garbage between them, as
//     a game that has run for a while would have placed them. A plain load would have
//     allocated them too, in order; that share of the time is in this phase.
//  2. workload.DefaultPhase (Building): init(i, p) fills object i and add(p) receives it, in
//     index order: what any load of a pointer array does.
//
// Progress runs from 0 to ½ over the first phase and on to 1 over the second. It
// returns ctx.Err() once cancelled. Closures are fine here: a load is timed once, and
// frames never come through this code.
func Load[T any](ctx context.Context, progress func(float64), n int, seed uint64,
	init func(i int, p *T), add func(p *T)) error {
	workload.Phase(ctx, AgingPhase, workload.Setup)
	objs := make([]*T, 0, n)
	for start := 0; start < n; start += Chunk {
		if err := workload.Progress(ctx, progress, start, 2*n); err != nil {
			return err
		}
		objs = append(objs, ptrarray.Scatter[T](min(Chunk, n-start), seed+uint64(start), nil)...)
	}
	workload.Phase(ctx, workload.DefaultPhase, workload.Building)
	for i, p := range objs {
		if i%workload.ProgressEvery == 0 {
			if err := workload.Progress(ctx, progress, n+i, 2*n); err != nil {
				return err
			}
		}
		init(i, p)
		add(p)
	}
	progress(1)
	return nil
}

// LoadInOrder is the load of a pointer array built fresh: the n objects allocated one
// after another in index order, with nothing between them, and each filled and handed
// over as it is made. Go's allocator then gives them nearly consecutive addresses, so a
// walk in index order reads the heap front to back, as a walk of the objects' values
// would. There is no aging phase: the whole load is workload.DefaultPhase (Building).
func LoadInOrder[T any](ctx context.Context, progress func(float64), n int,
	init func(i int, p *T), add func(p *T)) error {
	workload.Phase(ctx, workload.DefaultPhase, workload.Building)
	for i := range n {
		if i%workload.ProgressEvery == 0 {
			if err := workload.Progress(ctx, progress, i, n); err != nil {
				return err
			}
		}
		p := new(T)
		init(i, p)
		add(p)
	}
	progress(1)
	return nil
}
