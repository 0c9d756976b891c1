package tiles

import (
	"context"

	"localitylab/backings/soa"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// Link values of soaStore's entry vector, as in rowvec.
const (
	none  int32 = -1 // ends a list, marks an empty tile
	freed int32 = -2 // the prev of a free entry
)

// soaStore is source 000's "before": tiles in one map-wide array, heads[row·cols+col]
// holding the first entry on the tile, and ONE entry vector for the whole map, linked
// per tile exactly as rowvec links its rows (next, prev, a free list). The vector's
// fields are parallel columns of a soa.Table, as the backing's name says: id, next and
// prev each in a column of their own. The entity positions are a second table (col and
// row columns, row i = entity i).
//
// Nothing here keeps a tile's entries near each other: entries are appended in load
// order and reused from one free list for the whole map, so the window's list walks
// jump across a vector as large as the map's whole population, and each step reads two
// columns (id and next), two cache lines where rowvec's entry is one.
//
// Per tile entry it holds 12 bytes in the columns (id, next, prev) plus 4 in loc when
// entities move (see newLocator); per entity 8 bytes of position; per tile a 4-byte
// head.
type soaStore struct {
	*world
	heads          []int32 // by tile index: first entry, none if empty
	ents           *soa.Table
	id, next, prev *soa.Column[int32]
	free           int32 // head of the free entries, through next
	fresh          int32 // the first entry of the vector's unused tail (see link)
	live           int   // live entries

	at       *soa.Table
	col, row *soa.Column[int32]
	loc      []int32 // removal record (newLocator): the entity's k-th tile entry
}

func (s *soaStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	tileTable(ctx)
	s.heads = make([]int32, int(s.cfg.cols)*int(s.cfg.rows))
	for i := range s.heads {
		s.heads[i] = none
	}
	entities(ctx)
	// Sized: room for every entry the load makes (each entity stands on span² tiles)
	// and one batch, so that the vector never grows by copying while it fills; grown
	// by append (source 000), each column grows as Go's append grows a slice (doubling
	// while small, then by about a quarter) as the batches arrive, and each growth
	// copies the whole column. Moves later reuse freed entries.
	s.ents = soa.NewTable(0)
	if s.cfg.sized {
		s.ents = soa.NewTable(n*s.cfg.perEnt + reserveRows)
	}
	s.id, s.next, s.prev = soa.AddColumn[int32](s.ents), soa.AddColumn[int32](s.ents), soa.AddColumn[int32](s.ents)
	s.free, s.fresh = none, 0
	s.at = soa.NewTable(n)
	s.col, s.row = soa.AddColumn[int32](s.at), soa.AddColumn[int32](s.at)
	s.at.AppendRows(n)
	s.loc = s.newLocator()
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			p := s.spawnAt(i)
			s.col.Data[i], s.row.Data[i] = p.Col, p.Row
			s.insert(int32(i), p)
		}
	})
}

// insert links entity id onto every tile it covers at p.
func (s *soaStore) insert(id int32, p pos) {
	span := s.cfg.span
	loc := s.locOf(s.loc, id)
	k := 0
	for r := p.Row; r < p.Row+span; r++ {
		for c := p.Col; c < p.Col+span; c++ {
			loc[k] = s.link(s.tileIndex(c, r), id)
			k++
		}
	}
	s.live += s.cfg.perEnt
}

// link pushes a new entry for id on the front of tile t's list, reusing a free entry
// when there is one and otherwise taking the next entry of the vector's unused tail,
// as source 000's insert pops its free list or appends; and returns the entry's index.
func (s *soaStore) link(t, id int32) int32 {
	i := s.free
	if i != none {
		s.free = s.next.Data[i]
	} else {
		if int(s.fresh) == s.ents.Len() {
			if s.cfg.double && s.ents.Len()+reserveRows > cap(s.id.Data) {
				// Each column's capacity doubles, its length stays the table's.
				for _, c := range []*soa.Column[int32]{s.id, s.next, s.prev} {
					c.Data = doubled(c.Data, reserveRows)
				}
			}
			s.ents.AppendRows(reserveRows) // may grow every column: Data is read below
		}
		i = s.fresh
		s.fresh++
	}
	ids, next, prev := s.id.Data, s.next.Data, s.prev.Data
	head := s.heads[t]
	ids[i], next[i], prev[i] = id, head, none
	if head != none {
		prev[head] = i
	}
	s.heads[t] = i
	return i
}

// reserveRows is how many entries the vector's length grows by when its unused tail
// runs out: one soa.Table call per column for the batch instead of per entry (the
// table reaches its columns through an interface). The capacity grows as append's
// would for one entry at a time: the batch only moves the length ahead of use. The
// batch's entries are used in index order, each written once, as a plain append
// writes them; an earlier version first threaded each batch onto the free list, a
// second write of every entry that source 000's insert does not make.
const reserveRows = 256

// remove unlinks entity id from every tile it covers at p and frees its entries.
func (s *soaStore) remove(id int32, p pos) {
	span := s.cfg.span
	loc := s.locOf(s.loc, id)
	ids, next, prev := s.id.Data, s.next.Data, s.prev.Data
	k := 0
	for r := p.Row; r < p.Row+span; r++ {
		for c := p.Col; c < p.Col+span; c++ {
			i := loc[k]
			k++
			if prev[i] == freed {
				panic("tiles: soa store's entry locator points at a free entry")
			}
			pv, nx := prev[i], next[i]
			if pv == none {
				s.heads[s.tileIndex(c, r)] = nx
			} else {
				next[pv] = nx
			}
			if nx != none {
				prev[nx] = pv
			}
			ids[i], next[i], prev[i] = 0, s.free, freed
			s.free = i
		}
	}
	s.live -= s.cfg.perEnt
}

func (s *soaStore) Frame() uint64 { return s.runFrame(s) }

// apply steps each moving entity: off its tiles, onto the new ones.
func (s *soaStore) apply(moves []move) {
	cols, rows := s.col.Data, s.row.Data
	for _, mv := range moves {
		p := pos{Col: cols[mv.ID], Row: rows[mv.ID]}
		q := s.dest(p, mv)
		s.remove(mv.ID, p)
		s.insert(mv.ID, q)
		cols[mv.ID], rows[mv.ID] = q.Col, q.Row
	}
}

// visit walks the window's tiles through the map-wide heads in the frame's order, row
// by row or column by column (the order parameter), and each tile's list through the
// map-wide id and next columns.
func (s *soaStore) visit(win rect) uint64 {
	ids, next := s.id.Data, s.next.Data
	var h uint64
	if s.cfg.byColumn {
		for t := range columnMajor(win, s.cfg.cols) {
			if i := s.heads[t]; i != none {
				h = foldTile(h, chainSum(ids, next, i), t)
			}
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		base := s.tileIndex(win.X0, r)
		for c, i := range s.heads[base : base+win.X1-win.X0] {
			if i != none {
				h = foldTile(h, chainSum(ids, next, i), base+int32(c))
			}
		}
	}
	return h
}

// chainSum is the order-free sum of the ids on the list that starts at entry i.
func chainSum(ids, next []int32, i int32) uint64 {
	var acc uint64
	for ; i != none; i = next[i] {
		acc = workload.Add(acc, uint64(ids[i]))
	}
	return acc
}

func (s *soaStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			for i := s.heads[s.tileIndex(c, r)]; i != none; i = s.next.Data[i] {
				id := s.id.Data[i]
				fn(c, r, pos{Col: s.col.Data[id], Row: s.row.Data[id]}, id)
			}
		}
	}
}

func (s *soaStore) Entities() int             { return s.live / s.cfg.perEnt }
func (s *soaStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }

// Layout reports where the entities live (workload.LayoutReporter; layout.go).
func (s *soaStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.Entities(), int64(cap(s.id.Data))*3*4+int64(cap(s.col.Data))*2*4+int64(cap(s.loc))*4,
		"three int32 columns (id, next, prev) per tile entry in one vector for the map, with its spare room and free entries, two position columns and the removal record")
	dst.Fact("tile_table_bytes", float64(len(s.heads))*4, "bytes", "a list head per tile")
	dst.Fact("free_entries", float64(s.ents.Len()-s.live), "entries", "on the vector's one free list")
	ids, next := s.id.Data, s.next.Data
	w := dst.Walk()
	read := 0
	s.eachWindowTile(func(t int32) {
		for i := s.heads[t]; i != none; i = next[i] {
			w.Add(layouts.Addr(&ids[i]))
			read++
		}
	})
	w.Finish("Where the window's entries live: address against visit order (the id column)", "the window's tiles, "+s.orderWords()+", each tile's list through the map-wide vector")
	s.windowHeat(dst, func(t int32) int {
		k := 0
		for i := s.heads[t]; i != none; i = next[i] {
			k++
		}
		return k
	})
	// The window reads the heads of its tiles and id and next of every entry on them;
	// prev, and the position columns, only the moves touch.
	rows := s.ents.Len()
	v := dst.View(memlayout.Columns, "Columns: what the last frame read")
	layouts.Column(v, "id", s.id.Data, read, rows)
	layouts.Column(v, "next", s.next.Data, read, rows)
	layouts.Column(v, "prev", s.prev.Data, 0, rows)
	layouts.Column(v, "col", s.col.Data, len(s.moves), s.at.Len())
	layouts.Column(v, "row", s.row.Data, len(s.moves), s.at.Len())
	v.Note = "the window reads id and next of its entries only; the moves read an entity's position and unlink its entries through prev"
}

// soaEntry is soa on the tiles workload: its store, estimate and note.
var soaEntry = entry{
	Backing: workload.SoA,
	New:     func(c config) workload.Store { return &soaStore{world: newWorld(c)} },
	// Per entry the three columns, grown, and a locator; per entity the position
	// columns and their growth; per tile a list head.
	Bytes:   soaBytes,
	Traffic: soaTraffic,
	Note: "The map-wide array, source 000's \"before\": tile heads in one array and ONE entry " +
		"vector for the whole map (id, next and prev as parallel columns, 12 bytes per entry as in " +
		"rowvec), chained per tile like rowvec's. The window's chains jump across a vector as big as " +
		"the whole population, two columns per step. At growth 0 (the default) the load counts the " +
		"entries first and allocates the vector once, at its final size; at growth 1, as the source " +
		"grows it, the vector starts empty and each column grows as Go's append grows a slice (by about " +
		"a quarter once large), copying all of it each time; at growth 2 each column doubles instead, " +
		"as a C++ vector does. New entries are written once, in order, as a push_back writes them. " +
		"Measured in three runs of bench -preset tiles-rows at each growth on a heavily shared 2-core VM, " +
		"in the worker's CPU time (the wall-clock load times there swing with the machine's load): at " +
		"growth 1 soa took 832,000–911,000 page faults against rowvec's 519,000–555,000 for a like " +
		"allocation (6.6 against 5.9 GiB, to keep 1.3 and 1.2 GiB), and 1.17–1.44× rowvec's CPU time, " +
		"the difference nearly all in the kernel, which serves the faults (1.35–1.88 s against " +
		"0.98–1.06 s): Go frees an outgrown vector only at a later collection, and until then growing " +
		"takes fresh pages. At growth 2 both allocated twice what they keep, soa took 602,000 faults " +
		"against 541,000–553,000, and the two CPU times came out even (1.48–1.56 s against 1.46–1.54 s). " +
		"Sized, both took the same 295,000 faults, and soa still took 1.17–1.26× rowvec's CPU time, all of " +
		"it in user code. Grown by append it held 1.38 KiB per entity, 1.41 GB for the million, 10% more " +
		"than rowvec's 1.28 GB (the spare capacity of one vector grown by a quarter), and by doubling " +
		"1.58 KiB; the source measured 5.8× and 479,508,224 against 410,546,720 bytes, 17% more.",
}

func soaBytes(c config) int64 { return c.heapBytes(2*12+4, 2*8, 4, 0) }

// soaTraffic: the window streams its tiles' 4-byte heads row by row, and per entry
// reads id and next in the map-wide columns, two lines at an entry's own place. A
// move reads the entity's col and row and its removal record, then per tile entry
// id, next and prev, the old tile's head and the new one's (the entry freed is the
// one reused).
func soaTraffic(c config) (workload.Traffic, error) {
	if err := byColumn(c); err != nil {
		return workload.Traffic{}, err
	}
	w := windowOf(c)
	return frameTraffic(c, soaBytes(c), 4*w.tiles, 2*w.entries, 3+5*c.perEnt,
		"the window's 4-byte heads, and for each entry on them a line of the id column and one of next",
		"col, row and the removal record, and per tile entry its id, next and prev and the heads of the tiles left and entered"), nil
}
