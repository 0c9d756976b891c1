package stores

import (
	"context"
	"fmt"

	"localitylab/workloads/workload"
)

// Completion is what a workload adds to a store of one's own (package byo) to make it
// a workload.Store: the World's preparation before the store's Load, the preview when
// the store has no Scene of its own, and the trace of what its frames fold
// (workload.Tracer). None of it runs inside a frame; Frame goes to the store through
// one interface call.
type Completion struct {
	Prepare    func()                                        // allocates the World's per-frame buffers
	Scene      func(dst *workload.Scene)                     // the preview from the World's own records
	StartTrace func()                                        // nil: nothing to start
	Trace      func(dst []workload.Folded) []workload.Folded // what the last frame folded
}

// Complete returns st completed by c into a workload.Store. A store that has a method
// Scene(*workload.Scene) keeps its own preview.
func Complete(st workload.Core, c Completion) workload.Store {
	o := &completed{Core: st, c: c}
	if s, ok := st.(interface{ Scene(*workload.Scene) }); ok {
		o.c.Scene = s.Scene
	}
	return o
}

// completed is a store of one's own, completed.
type completed struct {
	workload.Core
	c Completion
}

func (o *completed) Load(ctx context.Context, progress func(float64)) error {
	o.c.Prepare()
	return o.Core.Load(ctx, progress)
}

func (o *completed) Scene(dst *workload.Scene) { o.c.Scene(dst) }

func (o *completed) StartTrace() {
	if o.c.StartTrace != nil {
		o.c.StartTrace()
	}
}

func (o *completed) Trace(dst []workload.Folded) []workload.Folded { return o.c.Trace(dst) }

// OwnWorld builds the World a store of one's own is built on, from resolved parameters
// p: config reads and checks them as a built-in store's New does, without any backing's
// own limits, and world wraps the workload's driver. The World comes ready for a
// store's Load once NewOwn has wrapped the store (the preparation allocates the
// per-frame buffers then); a store's memory estimate (package byo) reads its sizes
// from it.
func OwnWorld[C, W any](p workload.Params, config func(workload.Params) (C, error), world func(C) W) (W, error) {
	c, err := config(p)
	if err != nil {
		var none W
		return none, err
	}
	return world(c), nil
}

// NewOwn makes the store of a backing of one's own on a workload for resolved
// parameters p: it builds the World with newWorld, hands it to newStore, and completes
// the store with what complete gives for that World and store: what the app and
// `localitylab check` need beyond the store's own methods. Each workload's NewOwn,
// which package byo calls, is this with the workload's World.
func NewOwn[W any](name string, p workload.Params, newWorld func(workload.Params) (W, error), newStore func(W) workload.Core, complete func(W, workload.Core) Completion) (workload.Store, error) {
	w, err := newWorld(p)
	if err != nil {
		return nil, err
	}
	st := newStore(w)
	if st == nil {
		return nil, fmt.Errorf("%s: the store's New returned nil", name)
	}
	return Complete(st, complete(w, st)), nil
}
