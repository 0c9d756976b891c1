package byo_test

import (
	"context"
	"fmt"

	"localitylab/byo"
)

// spritesByID keeps the sprites in one slice by id and tests every one of them against
// the view, as an array of structs would.
type spritesByID struct {
	w   *byo.SpriteWorld
	all []byo.Sprite
}

func (s *spritesByID) Load(ctx context.Context, progress func(float64)) error {
	s.all = make([]byo.Sprite, s.w.Entities())
	return byo.Fill(ctx, progress, len(s.all), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.all[i] = s.w.Sprite(i)
		}
	})
}

func (s *spritesByID) Frame() uint64 {
	moves, view := s.w.NextFrame()
	for _, mv := range moves {
		p := &s.all[mv.ID]
		p.X, p.Y = s.w.Wrap(p.X+mv.DX), s.w.Wrap(p.Y+mv.DY)
	}
	for i := range s.all {
		if p := &s.all[i]; view.Overlaps(p.X, p.Y, p.W, p.H) {
			s.w.Visible(p.ID, p.Depth, p.X, p.Y)
		}
	}
	return s.w.Draw()
}

func (s *spritesByID) Entities() int { return len(s.all) }

// A backing of one's own on the sprites workload, registered as a program's main
// would (labmain.Main), then checked frame by frame against soa.
func ExampleSprites() {
	err := byo.Register(byo.Backing{Name: "byid", Sprites: &byo.Sprites{
		New:   func(w *byo.SpriteWorld) byo.Store { return &spritesByID{w: w} },
		Note:  "The sprites in one slice by id, each tested against the view.",
		Bytes: func(w *byo.SpriteWorld) int64 { return int64(w.Entities()) * 24 },
	}})
	if err == nil {
		err = byo.Check("sprites", map[string]int64{"entities": 5000, "moving_pct": 10}, 30, "soa", "byid")
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("byid does soa's work, frame by frame")
	// Output: byid does soa's work, frame by frame
}

// bulletsByID keeps the live bullets in a Go map by id; a handle is the id, and a
// stale one is a missing key.
type bulletsByID struct {
	w       *byo.BulletWorld
	live    map[uint64]byo.Bullet
	handles []uint64 // emitter e's ring is handles[e·Handles():][:RingLen(e)]
}

func (s *bulletsByID) Load(ctx context.Context, progress func(float64)) error {
	s.live = make(map[uint64]byo.Bullet, s.w.Entities())
	s.handles = make([]uint64, s.w.Emitters()*s.w.Handles())
	return byo.Fill(ctx, progress, s.w.Initial(), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			b := s.w.Bullet(i)
			s.live[b.ID] = b
		}
	})
}

func (s *bulletsByID) Frame() uint64 {
	for range s.w.BeginFrame(len(s.live)) {
		b, ring := s.w.Fire()
		s.live[b.ID] = b
		if ring >= 0 {
			s.handles[ring] = b.ID
		}
	}
	mv := s.w.Motion()
	for id, b := range s.live {
		if mv != nil {
			b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		} else {
			b.X, b.Y = b.X+b.VX, b.Y+b.VY
		}
		if !s.w.Quiet(b.X, b.Y, b.Born) {
			if k := s.w.Fate(b.X, b.Y, b.Born); k != byo.Alive {
				s.w.Died(k, id)
				delete(s.live, id)
				continue
			}
		}
		s.live[id] = b
	}
	per := s.w.Handles()
	for e := range s.w.Emitters() {
		for _, id := range s.handles[e*per:][:s.w.RingLen(e)] {
			if b, ok := s.live[id]; ok {
				s.w.SeeLive(id, b.X, b.Y)
			} else {
				s.w.SeeStale()
			}
		}
		s.w.EmitterDone()
	}
	return s.w.EndFrame()
}

func (s *bulletsByID) Entities() int { return len(s.live) }

// A backing of one's own on the bullets workload, registered, then checked frame by
// frame against slotmap: its handles must read a dead bullet as stale.
func ExampleBullets() {
	err := byo.Register(byo.Backing{Name: "bymap", Bullets: &byo.Bullets{
		New:  func(w *byo.BulletWorld) byo.Store { return &bulletsByID{w: w} },
		Note: "The live bullets in a Go map by id; a handle is the id.",
	}})
	if err == nil {
		err = byo.Check("bullets", map[string]int64{"entities": 3000, "lifetime": 30}, 60, "slotmap", "bymap")
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("bymap does slotmap's work, frame by frame")
	// Output: bymap does slotmap's work, frame by frame
}

// tileLists keeps, per tile, a slice of the ids standing on it, and each entity's
// place by id.
type tileLists struct {
	w     *byo.TileWorld
	at    []byo.TilePos // by id
	tiles [][]int32     // by TileWorld.TileIndex
}

func (s *tileLists) Load(ctx context.Context, progress func(float64)) error {
	byo.Phase(ctx, byo.TablePhase, byo.Fixed) // the table follows the map, not the entities
	s.tiles = make([][]int32, int(s.w.Cols())*int(s.w.Rows()))
	byo.Phase(ctx, byo.DefaultPhase, byo.Building)
	s.at = make([]byo.TilePos, s.w.Entities())
	return byo.Fill(ctx, progress, len(s.at), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.at[i] = s.w.Spawn(i)
			s.put(int32(i), s.at[i])
		}
	})
}

// put lists id on every tile of its span×span square at p; take unlists it.
func (s *tileLists) put(id int32, p byo.TilePos) {
	for r := p.Row; r < p.Row+s.w.Span(); r++ {
		for c := p.Col; c < p.Col+s.w.Span(); c++ {
			t := s.w.TileIndex(c, r)
			s.tiles[t] = append(s.tiles[t], id)
		}
	}
}

func (s *tileLists) take(id int32, p byo.TilePos) {
	for r := p.Row; r < p.Row+s.w.Span(); r++ {
		for c := p.Col; c < p.Col+s.w.Span(); c++ {
			ids := s.tiles[s.w.TileIndex(c, r)]
			for k := range ids {
				if ids[k] == id {
					ids[k] = ids[len(ids)-1]
					s.tiles[s.w.TileIndex(c, r)] = ids[:len(ids)-1]
					break
				}
			}
		}
	}
}

func (s *tileLists) Frame() uint64 {
	moves, win := s.w.NextFrame()
	for _, mv := range moves {
		s.take(mv.ID, s.at[mv.ID])
		s.at[mv.ID] = s.w.Dest(s.at[mv.ID], mv)
		s.put(mv.ID, s.at[mv.ID])
	}
	var h uint64
	if s.w.ByColumn() {
		for t := range s.w.ColumnMajor(win) {
			h = s.fold(h, t)
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			h = s.fold(h, s.w.TileIndex(c, r))
		}
	}
	return h
}

// fold folds tile t into the checksum h when entities stand on it.
func (s *tileLists) fold(h uint64, t int32) uint64 {
	if len(s.tiles[t]) == 0 {
		return h
	}
	var acc uint64
	for _, id := range s.tiles[t] {
		acc = byo.Add(acc, uint64(id))
	}
	return s.w.FoldTile(h, acc, t)
}

func (s *tileLists) Entities() int { return len(s.at) }

// Each calls fn for every entity entry on every tile of win: the app's preview and
// Check's trace read the store through it (see byo.Tiles).
func (s *tileLists) Each(win byo.Window, fn func(col, row int32, at byo.TilePos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			for _, id := range s.tiles[s.w.TileIndex(c, r)] {
				fn(c, r, s.at[id], id)
			}
		}
	}
}

// A backing of one's own on the tiles workload, registered, then checked frame by frame
// against rowvec.
func ExampleTiles() {
	err := byo.Register(byo.Backing{Name: "lists", Tiles: &byo.Tiles{
		New:  func(w *byo.TileWorld) byo.Store { return &tileLists{w: w} },
		Note: "A slice of ids per tile.",
	}})
	if err == nil {
		err = byo.Check("tiles", map[string]int64{"entities": 2000, "cols": 100, "rows": 80, "span": 2, "window_w": 30, "window_h": 20}, 40, "rowvec", "lists")
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("lists does rowvec's work, frame by frame")
	// Output: lists does rowvec's work, frame by frame
}
