package sprites

import (
	"context"

	"localitylab/workloads/internal/scatter"
)

// The alloc_order parameter: where ptrarray's objects lie in the heap. By default
// (allocShuffled) they are placed as in a heap a game has run in for a while: allocated
// in a shuffled order of their ids with other allocations between them (scatter.Load),
// so that a walk in id order lands on a line, and often a page, it has not touched.
// With allocInOrder they are allocated one after another in id order
// (scatter.LoadInOrder), as a []*T built in a loop in a fresh program gets them: the
// same objects, the same pointers and the same loop, the heap read front to back.
// What the two values differ by is the shuffle, not the pointers.
const (
	allocInOrder  = 0
	allocShuffled = 1
)

// placeObjects is the load of ptrarray's objects, plain or chained, in the order the
// configuration asks for.
func placeObjects[T any](ctx context.Context, progress func(float64), c config,
	init func(i int, p *T), add func(p *T)) error {
	if c.inOrder {
		return scatter.LoadInOrder(ctx, progress, c.n, init, add)
	}
	return scatter.Load(ctx, progress, c.n, c.seed, init, add)
}
