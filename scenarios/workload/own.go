package workload

import "context"

// Completion is what a workload adds to a store of one's own (package byo) to make it
// a Store: the World's preparation before the store's Load, the preview when the store
// has no Scene of its own, and the trace of what its frames fold (Tracer). None of it
// runs inside a frame; Frame goes to the store through one interface call.
type Completion struct {
	Prepare    func()                      // allocates the World's per-frame buffers
	Scene      func(dst *Scene)            // the preview from the World's own records
	StartTrace func()                      // nil: nothing to start
	Trace      func(dst []Folded) []Folded // what the last frame folded
}

// Complete returns st completed by c into a Store. A store that has a method
// Scene(*Scene) keeps its own preview.
func Complete(st Core, c Completion) Store {
	o := &completed{Core: st, c: c}
	if s, ok := st.(interface{ Scene(*Scene) }); ok {
		o.c.Scene = s.Scene
	}
	return o
}

// completed is a store of one's own, completed.
type completed struct {
	Core
	c Completion
}

func (o *completed) Load(ctx context.Context, progress func(float64)) error {
	o.c.Prepare()
	return o.Core.Load(ctx, progress)
}

func (o *completed) Scene(dst *Scene) { o.c.Scene(dst) }

func (o *completed) StartTrace() {
	if o.c.StartTrace != nil {
		o.c.StartTrace()
	}
}

func (o *completed) Trace(dst []Folded) []Folded { return o.c.Trace(dst) }
