// Package checktest holds backings of one's own for the tests of the equal-work checks
// (package check, and bench's check in the end-to-end tests): one that does the work
// right and two deliberately wrong ones, each wrong in a way that only the frame
// checksums reveal. They live apart from those tests so that a test program built
// outside this module's test files (e2e/testdata) runs the very store the package
// tests run.
package checktest

import (
	"context"

	"localitylab/byo"
)

// Sprites keeps the sprites as one array of structs indexed by id. With Edge set, its
// cull draws, besides, a sprite whose corner lies exactly on the view's right edge (a
// <= where the workload's rule is <). Most frames have no such sprite and agree with
// every other backing; the first that has one folds a different checksum.
type Sprites struct {
	W    *byo.SpriteWorld
	Edge bool
	all  []byo.Sprite
}

func (s *Sprites) Load(ctx context.Context, progress func(float64)) error {
	s.all = make([]byo.Sprite, s.W.Entities())
	return byo.Fill(ctx, progress, len(s.all), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.all[i] = s.W.Sprite(i)
		}
	})
}

func (s *Sprites) Frame() uint64 {
	moves, view := s.W.NextFrame()
	for _, mv := range moves {
		p := &s.all[mv.ID]
		p.X, p.Y = s.W.Wrap(p.X+mv.DX), s.W.Wrap(p.Y+mv.DY)
	}
	for i := range s.all {
		p := &s.all[i]
		if view.Overlaps(p.X, p.Y, p.W, p.H) || s.Edge && p.X == view.X1 && p.Y < view.Y1 && p.Y+p.H > view.Y0 {
			s.W.Visible(p.ID, p.Depth, p.X, p.Y)
		}
	}
	return s.W.Draw()
}

func (s *Sprites) Entities() int { return len(s.all) }

// Pool keeps the bullets in a pool whose handles are bare indexes, with no
// generation: a handle to a dead bullet reaches whichever bullet took its slot.
type Pool struct {
	W       *byo.BulletWorld
	pool    []byo.Bullet
	alive   []bool
	free    []int
	live    int
	handles []int
}

func (s *Pool) Load(ctx context.Context, progress func(float64)) error {
	s.handles = make([]int, s.W.Emitters()*s.W.Handles())
	for i := range s.W.Initial() {
		s.spawn(s.W.Bullet(i))
	}
	return nil
}

func (s *Pool) spawn(b byo.Bullet) int {
	s.live++
	if n := len(s.free); n > 0 {
		i := s.free[n-1]
		s.free = s.free[:n-1]
		s.pool[i], s.alive[i] = b, true
		return i
	}
	s.pool, s.alive = append(s.pool, b), append(s.alive, true)
	return len(s.pool) - 1
}

func (s *Pool) Frame() uint64 {
	for range s.W.BeginFrame(s.live) {
		b, ring := s.W.Fire()
		if i := s.spawn(b); ring >= 0 {
			s.handles[ring] = i
		}
	}
	for i := range s.pool {
		b := &s.pool[i]
		if !s.alive[i] {
			continue
		}
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if s.W.Quiet(b.X, b.Y, b.Born) {
			continue
		}
		if k := s.W.Fate(b.X, b.Y, b.Born); k != byo.Alive {
			s.W.Died(k, b.ID)
			s.alive[i] = false
			s.free = append(s.free, i)
			s.live--
		}
	}
	for e := range s.W.Emitters() {
		for _, i := range s.handles[e*s.W.Handles():][:s.W.RingLen(e)] {
			if s.alive[i] { // the bug: the slot may hold another bullet by now
				s.W.SeeLive(s.pool[i].ID, s.pool[i].X, s.pool[i].Y)
			} else {
				s.W.SeeStale()
			}
		}
		s.W.EmitterDone()
	}
	return s.W.EndFrame()
}

func (s *Pool) Entities() int { return s.live }
