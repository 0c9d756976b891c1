// Command wrongstore is Locality Lab with a backing of its own that is deliberately
// wrong, for the end-to-end tests: "wrong" keeps the sprites as an array of structs,
// as examples/aos does, but its cull draws a sprite whose corner lies exactly on the
// view's right edge (x <= X1 where the workload's rule is x < X1). Most frames have
// no such sprite and agree with every other backing; the first that has one folds a
// different checksum, and the lab must stop the run there.
package main

import (
	"context"

	"localitylab/byo"
	"localitylab/labmain"
	"localitylab/scenarios/sprites"
	"localitylab/scenarios/workload"
)

type store struct {
	w   *sprites.World
	all []sprites.Sprite
}

func (s *store) Load(ctx context.Context, progress func(float64)) error {
	s.all = make([]sprites.Sprite, s.w.Entities())
	return workload.Fill(ctx, progress, len(s.all), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.all[i] = s.w.Sprite(i)
		}
	})
}

func (s *store) Frame() uint64 {
	moves, view := s.w.NextFrame()
	for _, mv := range moves {
		p := &s.all[mv.ID]
		p.X, p.Y = s.w.Wrap(p.X+mv.DX), s.w.Wrap(p.Y+mv.DY)
	}
	for i := range s.all {
		p := &s.all[i]
		if p.X <= view.X1 && p.X+p.W > view.X0 && p.Y < view.Y1 && p.Y+p.H > view.Y0 { // the bug: <= X1
			s.w.Visible(p.ID, p.Depth, p.X, p.Y)
		}
	}
	return s.w.Draw()
}

func (s *store) Entities() int { return len(s.all) }

func main() {
	labmain.Main(byo.Backing{Name: "wrong", Sprites: &byo.Sprites{
		New:  func(w *sprites.World) byo.Store { return &store{w: w} },
		Note: "An array of sprites whose cull is off by one at the view's right edge.",
	}})
}
