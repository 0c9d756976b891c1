package main

import (
	"context"

	"localitylab/byo"
)

// spriteStore is the sprites as one []Sprite by value, indexed by id: the handle is
// the index, since sprites are never removed. The cull reads every sprite whole, 24
// bytes, where soa streams only the four 4-byte geometry columns (16 bytes) and reads
// depth and id for the few that pass; a move writes one cache line in place by id,
// where soa writes two. Measured (localitylab bench, 1M sprites, 200 frames, one run
// on a shared 2-core VM whose L3 holds 32 MiB): aos was the fastest, soa 1.26× slower
// (95% interval 1.17–1.32) and ptrarray 13.0×; in a still world soa was 1.11× slower
// (1.02–1.22), and at 4M sprites, beyond the cache, the two were level (n.s.).
// BenchmarkFrame beside this file times the same frames under go test.
type spriteStore struct {
	w   *byo.SpriteWorld
	all []byo.Sprite
}

const spritesNote = "An array of structs: every sprite by value in one slice, indexed by id, the layout " +
	"most code starts from. The cull streams the slice front to back and reads all 24 bytes of each " +
	"sprite, where soa reads only the 16 of x, y, w and h; but aos reads one stream where soa reads four, " +
	"and at a million sprites both fit a large last-level cache, so the bytes soa skips save it less " +
	"than its four streams cost: measured here, aos ran as fast as soa or faster. A move writes one " +
	"cache line in place by id, where soa writes two and the slot map first resolves a handle."

func (s *spriteStore) Load(ctx context.Context, progress func(float64)) error {
	n := s.w.Entities()
	s.all = make([]byo.Sprite, n)
	return byo.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.all[i] = s.w.Sprite(i)
		}
	})
}

func (s *spriteStore) Frame() uint64 {
	moves, view := s.w.NextFrame()
	side := s.w.Side()
	for _, mv := range moves {
		p := &s.all[mv.ID]
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
	all := s.all
	for i := scan(all, view, 0); i < len(all); i = scan(all, view, i+1) {
		p := &all[i]
		s.w.Visible(p.ID, p.Depth, p.X, p.Y)
	}
	return s.w.Draw()
}

// scan returns the index of the first sprite from i on that overlaps view, or
// len(all). It tests four sprites per step and ORs their misses, so that one branch,
// almost never taken, covers them: the same loop the built-in soa and slotmap stores
// run, so that aos differs from them by its layout alone (docs/design.md, rule 8). A
// sprite misses the view when one of x-X1, X0-x-w, y-Y1, Y0-y-h is not negative; the
// AND of the four is negative exactly when it overlaps.
func scan(all []byo.Sprite, view byo.View, i int) int {
	n := len(all)
	x0, x1, y0, y1 := view.X0, view.X1, view.Y0, view.Y1
	for ; i+4 <= n; i += 4 {
		v := all[i : i+4 : i+4]
		m := (v[0].X - x1) & (x0 - v[0].X - v[0].W) & (v[0].Y - y1) & (y0 - v[0].Y - v[0].H)
		m |= (v[1].X - x1) & (x0 - v[1].X - v[1].W) & (v[1].Y - y1) & (y0 - v[1].Y - v[1].H)
		m |= (v[2].X - x1) & (x0 - v[2].X - v[2].W) & (v[2].Y - y1) & (y0 - v[2].Y - v[2].H)
		m |= (v[3].X - x1) & (x0 - v[3].X - v[3].W) & (v[3].Y - y1) & (y0 - v[3].Y - v[3].H)
		if m < 0 {
			break
		}
	}
	for ; i < n; i++ {
		if p := &all[i]; view.Overlaps(p.X, p.Y, p.W, p.H) {
			return i
		}
	}
	return n
}

// wrap is World.Wrap with the side kept in a register: through the World, the side
// is read again from memory after every store to a sprite, which the compiler cannot
// prove does not change it.
func wrap(v, side int32) int32 {
	v %= side
	if v < 0 {
		v += side
	}
	return v
}

func (s *spriteStore) Entities() int { return len(s.all) }

// spritesBytes is the slice, plus the world's per-frame buffers (what the built-in
// estimates count as scratch): a few hundred kilobytes.
func spritesBytes(w *byo.SpriteWorld) int64 { return int64(w.Entities())*24 + 1<<20 }
