package tiles

import (
	"context"
	"fmt"
	"math"

	"localitylab/backings/rowvec"
	"localitylab/internal/units"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// rowStore is source 000: every map row owns a vector of entries and, per column, the
// index of the first entry on that tile; a tile's entries are a list threaded through
// its row's vector, and freed entries wait on the row's free list. The container adds a
// Prev link to the seed's entry, so that a remove from the middle of a long list (about
// 11,700 entries per tile in the seed's load case) needs no walk. An entity of
// span s has s entries in each of the s rows it covers, each holding its id. The window
// is visited row by row, so one row's vector at a time is in use: at the defaults a row
// holds about 500 entries, 6 KB, which stays in L1 for the whole row.
//
// Per tile entry it holds 12 bytes in the row vector (id, Next, Prev) plus 4 in loc
// when entities move (see newLocator); per entity 8 bytes of position; per tile a
// 4-byte list head.
type rowStore struct {
	*world
	g   *rowvec.Grid[int32]
	at  []pos   // by id: where the entity stands
	loc []int32 // removal record (newLocator): where in its row's vector each tile entry went
}

func (s *rowStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	tileTable(ctx)
	s.g = rowvec.New[int32](int(s.cfg.cols), int(s.cfg.rows))
	entities(ctx)
	s.at = make([]pos, n)
	s.loc = s.newLocator()
	// Every entity puts span entries in each of its span rows. Sized: place them all
	// first and size each row's vector to what it will hold, so that no row grows by
	// copying while it fills; grown by append (source 000), each row's vector grows as
	// Go's append grows a slice (doubling while small, then by about a quarter) as its
	// entries arrive, with no count made first.
	for i := range n {
		s.at[i] = s.spawnAt(i)
	}
	if s.cfg.sized {
		perRow := make([]int, s.cfg.rows)
		for _, p := range s.at {
			for r := p.Row; r < p.Row+s.cfg.span; r++ {
				perRow[r] += int(s.cfg.span)
			}
		}
		for r, k := range perRow {
			s.g.Row(r).Grow(k)
		}
	}
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.insert(int32(i), s.at[i])
		}
	})
}

// insert puts entity id on every tile it covers at p, row by row, recording where each
// entry went.
func (s *rowStore) insert(id int32, p pos) {
	span := s.cfg.span
	loc := s.locOf(s.loc, id)
	for k, r := 0, p.Row; r < p.Row+span; k, r = k+int(span), r+1 {
		row := s.g.Row(int(r))
		if s.cfg.double {
			// The entries the free slots cannot take are appended: when they do not fit,
			// double the vector first (see doubled).
			if need := int(span) - row.Free(); need > 0 && len(row.Ents)+need > cap(row.Ents) {
				row.Grow(max(2*cap(row.Ents), len(row.Ents)+need, minDoubled) - len(row.Ents))
			}
		}
		row.InsertSpan(int(p.Col), id, loc[k:k+int(span)])
	}
}

// remove takes entity id off every tile it covers at p.
func (s *rowStore) remove(id int32, p pos) {
	span := s.cfg.span
	loc := s.locOf(s.loc, id)
	k := 0
	for r := p.Row; r < p.Row+span; r++ {
		row := s.g.Row(int(r))
		for c := p.Col; c < p.Col+span; c++ {
			row.Remove(int(c), loc[k])
			k++
		}
	}
}

func (s *rowStore) Frame() uint64 { return s.runFrame(s) }

// apply steps each moving entity: off its tiles, onto the new ones.
func (s *rowStore) apply(moves []move) {
	for _, mv := range moves {
		p := s.at[mv.ID]
		q := s.dest(p, mv)
		s.remove(mv.ID, p)
		s.insert(mv.ID, q)
		s.at[mv.ID] = q
	}
}

// visit walks the window in the frame's order. Row by row, it reads one row's list
// heads for the window's columns and walks each tile's list through that row's vector
// alone, as source 000 advises; column by column, every tile is in another row, whose
// heads and vector it reaches afresh.
func (s *rowStore) visit(win rect) uint64 {
	var h uint64
	if s.cfg.byColumn {
		for c := win.X0; c < win.X1; c++ {
			for r := win.Y0; r < win.Y1; r++ {
				row := s.g.Row(int(r))
				if i := row.First[c]; i != rowvec.None {
					h = foldTile(h, tileSum(row.Ents, i), s.tileIndex(c, r))
				}
			}
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		row := s.g.Row(int(r))
		ents := row.Ents
		base := s.tileIndex(win.X0, r)
		for c, i := range row.First[win.X0:win.X1] {
			if i != rowvec.None {
				h = foldTile(h, tileSum(ents, i), base+int32(c))
			}
		}
	}
	return h
}

// tileSum is the order-free sum of the ids on the tile whose list starts at entry i of
// its row's vector.
func tileSum(ents []rowvec.Entry[int32], i int32) uint64 {
	var acc uint64
	for ; i != rowvec.None; i = ents[i].Next {
		acc = workload.Add(acc, uint64(ents[i].Val))
	}
	return acc
}

// each calls fn for every entry on the window's tiles, for Scene and the tests.
func (s *rowStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		row := s.g.Row(int(r))
		for c := win.X0; c < win.X1; c++ {
			for i := row.First[c]; i != rowvec.None; i = row.Ents[i].Next {
				id := row.Ents[i].Val
				fn(c, r, s.at[id], id)
			}
		}
	}
}

func (s *rowStore) Entities() int             { return s.g.Len() / s.cfg.perEnt }
func (s *rowStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }

// Layout reports where the entities live (workload.LayoutReporter; layout.go).
func (s *rowStore) Layout(dst *memlayout.Layout) {
	var ents int64
	for r := range s.g.Rows() {
		ents += int64(cap(s.g.Row(r).Ents))
	}
	layouts.Entities(dst, s.Entities(), ents*int64(s.g.EntryBytes())+int64(cap(s.at))*8+int64(cap(s.loc))*4,
		"an entry (id and two links) per tile it covers in a row's vector, with the vectors' spare room and free slots, a position by id and the removal record")
	dst.Fact("tile_table_bytes", float64(s.g.Cols())*float64(s.g.Rows())*4, "bytes", "a list head per tile")
	w := dst.Walk()
	s.eachWindowTile(func(t int32) {
		row := s.g.Row(int(t / s.cfg.cols))
		for i := row.First[t%s.cfg.cols]; i != rowvec.None; i = row.Ents[i].Next {
			w.Add(layouts.Addr(&row.Ents[i]))
		}
	})
	w.Finish("Where the window's entries live: address against visit order", "the window's tiles, "+s.orderWords()+", each tile's list in its row's vector")
	s.windowHeat(dst, func(t int32) int {
		row := s.g.Row(int(t / s.cfg.cols))
		k := 0
		for i := row.First[t%s.cfg.cols]; i != rowvec.None; i = row.Ents[i].Next {
			k++
		}
		return k
	})
	layouts.RowVectors(dst, s.g)
}

// rowvecEntry is rowvec on the tiles workload: its store, estimate and note.
var rowvecEntry = entry{
	Backing: workload.RowVec,
	New:     func(c config) workload.Store { return &rowStore{world: newWorld(c)} },
	// Per entry an entry (id, next, prev) in a grown row vector and a locator; per
	// entity its position; per tile a list head; per row a Row (three slice headers
	// and counters).
	Bytes:   rowvecBytes,
	Traffic: rowvecTraffic,
	Note: "Per-row vectors (source 000): each map row keeps its own vector of entries and the " +
		"first entry of each of its tiles, and a tile's entries are chained through that vector, so a " +
		"tile's list never leaves its row. While the window crosses a row, only that row's vector is " +
		"read: at the workload's defaults a row holds about 500 entries (6 KB), which stay in cache, " +
		"the fastest walk of the six with no allocation per tile (the walk alone, timed under go test; whole frames, which " +
		"also move 5% of the entities, came out even with soa's); in tiles-rows a row holds about 1.25 " +
		"million (15 MB), more than the caches near the core, and what is left is the short reach of " +
		"each chain. Visited column by column instead (order 1), every tile is in another row, and " +
		"rowvec loses more than soa: 4.1× and 6.5× its row-by-row cost per entity in two row-order " +
		"sweeps, soa 1.45× and 1.7×. " +
		"Each entry costs 12 bytes where the source's cost 4: the entity's id (4 bytes: the walk sums " +
		"ids, and a game must know who stands there; the source's test entities carried nothing), next " +
		"(4: the list, as in the source) and prev (4: a move unlinks from the middle of a list without " +
		"walking it, which the source's remove cannot do); a 4-byte removal record per entry is added " +
		"only when entities move (none in tiles-rows). At tiles-rows' 100 million entries each 4-byte " +
		"field is 400 MB. Grown by append (growth 1), the rows held 1.25 KiB per entity, 1.28 GB for " +
		"the million, against the source's 410,546,720 bytes; grown by doubling (growth 2), 2.11 KiB, " +
		"since a row of about 1.25 million entries lies just past a doubling and is about 40% empty.",
}

func rowvecBytes(c config) int64 { return c.heapBytes(2*12+4, 8, 4, int64(c.rows)*80) }

// rowvecTraffic: the window streams each of its rows' 4-byte tile heads, and reads
// its entries (12 bytes each) in that row's vector, at places the load's order
// scattered over the vector: the lines of a row's vector that hold at least one of
// the window's entries, as many as a Poisson spread gives. A move reads the
// entity's position and removal record, then per tile entry the entry and the
// tile's head where it leaves and where it enters.
func rowvecTraffic(c config) (workload.Traffic, error) {
	if err := byColumn(c); err != nil {
		return workload.Traffic{}, err
	}
	w := windowOf(c)
	rows := float64(min(c.winH, c.rows))
	lines := math.Ceil(12 * float64(c.n) * float64(c.perEnt) / float64(c.rows) / 64) // a row's vector
	touched := rows * lines * (1 - math.Exp(-w.entries/rows/lines))
	return frameTraffic(c, rowvecBytes(c), 4*w.tiles, touched, 2+4*c.perEnt,
		fmt.Sprintf("the window's 4-byte heads, and the lines of its rows' vectors that hold its entries (%s, of %s a row)",
			units.Count(touched), units.Count(lines)),
		"the position and the removal record, and per tile entry the entry and the head of the tiles left and entered"), nil
}
