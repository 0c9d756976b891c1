package main

import (
	"context"

	"localitylab/byo"
)

// tileStore is source 000's "before" as an array of structs: one map-wide slice of
// entries, each {id, next, prev} by value, linked per tile from a head per tile, and
// the entities' positions as a []Pos by id (the handle is the index: entities are
// never removed). It is the soa store with its three entry columns interleaved, so
// that a step of the window's list walk reads one 12-byte entry, one cache line,
// where soa reads the id and next columns, two. Measured (localitylab bench, the
// defaults: a million entities on 2048×2048 tiles, 200 frames, one run on a shared
// 2-core VM): the fastest of the three, soa 1.13× slower (1.11–1.18), ptrarray 2.80×.
type tileStore struct {
	w     *byo.TileWorld
	heads []int32 // by tile index: first entry, none if empty
	ents  []entry
	free  int32 // head of the free entries, through next
	at    []byo.TilePos
	loc   []int32 // loc[id·span²+k]: where entity id's k-th entry went (only when entities move)
	span  int32
	per   int // entries per entity: span²
}

// entry is one entity's presence on one tile. prev is freed while the entry is free.
type entry struct{ id, next, prev int32 }

const (
	none  int32 = -1 // ends a list, marks an empty tile
	freed int32 = -2 // the prev of a free entry
)

const tilesNote = "An array of structs: one map-wide slice of tile entries, each {id, next, prev} " +
	"by value and linked per tile, the soa store's three columns interleaved. A step of the window's " +
	"list walk reads one 12-byte entry, one cache line, where soa reads the id and next columns, two. " +
	"Like soa it keeps nothing of a tile near the rest of its row, which rowvec's per-row vectors do."

func (s *tileStore) Load(ctx context.Context, progress func(float64)) error {
	w := s.w
	n := w.Entities()
	s.span = w.Span()
	s.per = int(s.span) * int(s.span)
	byo.Phase(ctx, byo.TablePhase, byo.Fixed)
	s.heads = make([]int32, int(w.Cols())*int(w.Rows()))
	for i := range s.heads {
		s.heads[i] = none
	}
	byo.Phase(ctx, byo.DefaultPhase, byo.Building)
	// Sized: room for every entry the load makes; grown by append (source 000), the
	// slice doubles as the entries arrive. Moves reuse freed entries.
	if w.Sized() {
		s.ents = make([]entry, 0, n*s.per)
	}
	s.free = none
	s.at = make([]byo.TilePos, n)
	if w.Moving() > 0 {
		s.loc = make([]int32, n*s.per)
	} else {
		s.loc = make([]int32, s.per) // one scratch span, shared: nothing is ever removed
	}
	return byo.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			p := w.Spawn(i)
			s.at[i] = p
			s.insert(int32(i), p)
		}
	})
}

// locOf is entity id's part of the removal record.
func (s *tileStore) locOf(id int32) []int32 {
	if len(s.loc) == s.per {
		return s.loc
	}
	return s.loc[int(id)*s.per:][:s.per]
}

// insert links entity id onto every tile it covers at p.
func (s *tileStore) insert(id int32, p byo.TilePos) {
	loc := s.locOf(id)
	k := 0
	for r := p.Row; r < p.Row+s.span; r++ {
		for c := p.Col; c < p.Col+s.span; c++ {
			loc[k] = s.link(s.w.TileIndex(c, r), id)
			k++
		}
	}
}

// link pushes a new entry for id on the front of tile t's list, reusing a free entry
// when there is one, and returns its index.
func (s *tileStore) link(t, id int32) int32 {
	head := s.heads[t]
	i := s.free
	if i == none {
		i = int32(len(s.ents))
		s.ents = append(s.ents, entry{id: id, next: head, prev: none})
	} else {
		s.free = s.ents[i].next
		s.ents[i] = entry{id: id, next: head, prev: none}
	}
	if head != none {
		s.ents[head].prev = i
	}
	s.heads[t] = i
	return i
}

// remove unlinks entity id from every tile it covers at p and frees its entries.
func (s *tileStore) remove(id int32, p byo.TilePos) {
	loc := s.locOf(id)
	ents := s.ents
	k := 0
	for r := p.Row; r < p.Row+s.span; r++ {
		for c := p.Col; c < p.Col+s.span; c++ {
			i := loc[k]
			k++
			e := &ents[i]
			if e.prev == freed {
				panic("aos: a tile entry's record points at a free entry")
			}
			if e.prev == none {
				s.heads[s.w.TileIndex(c, r)] = e.next
			} else {
				ents[e.prev].next = e.next
			}
			if e.next != none {
				ents[e.next].prev = e.prev
			}
			*e = entry{next: s.free, prev: freed}
			s.free = i
		}
	}
}

func (s *tileStore) Frame() uint64 {
	moves, win := s.w.NextFrame()
	for _, mv := range moves {
		p := s.at[mv.ID]
		q := s.w.Dest(p, mv)
		s.remove(mv.ID, p)
		s.insert(mv.ID, q)
		s.at[mv.ID] = q
	}
	var h uint64
	if s.w.ByColumn() { // the order parameter: the window's tiles column by column
		for t := range s.w.ColumnMajor(win) {
			if i := s.heads[t]; i != none {
				h = s.w.FoldTile(h, tileSum(s.ents, i), t)
			}
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		base := s.w.TileIndex(win.X0, r)
		for c, i := range s.heads[base : base+win.X1-win.X0] {
			if i != none {
				h = s.w.FoldTile(h, tileSum(s.ents, i), base+int32(c))
			}
		}
	}
	return h
}

// tileSum is the order-free sum of the ids on the list that starts at entry i.
func tileSum(ents []entry, i int32) uint64 {
	var acc uint64
	for ; i != none; i = ents[i].next {
		acc = byo.Add(acc, uint64(ents[i].id))
	}
	return acc
}

// Each walks the entries on win's tiles, for the preview and `localitylab check`.
func (s *tileStore) Each(win byo.Window, fn func(col, row int32, at byo.TilePos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			for i := s.heads[s.w.TileIndex(c, r)]; i != none; i = s.ents[i].next {
				id := s.ents[i].id
				fn(c, r, s.at[id], id)
			}
		}
	}
}

func (s *tileStore) Entities() int { return len(s.at) }

// tilesBytes is the entries (12 bytes, up to twice that while grown by append), the
// removal record, the positions and the heads.
func tilesBytes(w *byo.TileWorld) int64 {
	n, span := int64(w.Entities()), int64(w.Span())
	entries := n * span * span
	return entries*(2*12+4) + n*8 + int64(w.Cols())*int64(w.Rows())*4 + 1<<20
}
