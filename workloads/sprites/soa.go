package sprites

import (
	"context"

	"localitylab/backings/soa"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// soaStore keeps the sprites as a structure of arrays (source 003's "contiguous arrays"):
// one column each for x, y, w, h, depth and id, row i holding sprite i. Culling streams
// the four geometry columns, 16 bytes per sprite, and reads depth and id only for the
// few rows that pass; it still tests every sprite, so its cost grows with the world,
// not with what is on screen. The cold bytes, if any, are a column of their own (a
// byte slice of cold_bytes per row, hot/cold splitting as source 003 describes it):
// the scan never reads them, and a drawn sprite's are found by its row.
type soaStore struct {
	*world
	t                     *soa.Table
	x, y, w, h, depth, id *soa.Column[int32]
	cold                  []byte // row i's cold bytes at [i·cold_bytes, (i+1)·cold_bytes)
}

func (s *soaStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.t = soa.NewTable(n)
	s.x, s.y = soa.AddColumn[int32](s.t), soa.AddColumn[int32](s.t)
	s.w, s.h = soa.AddColumn[int32](s.t), soa.AddColumn[int32](s.t)
	s.depth, s.id = soa.AddColumn[int32](s.t), soa.AddColumn[int32](s.t)
	s.t.AppendRows(n) // one call per column, not one per column per sprite
	xs, ys, ws, hs, ds, ids := s.x.Data, s.y.Data, s.w.Data, s.h.Data, s.depth.Data, s.id.Data
	cb := s.cfg.cold
	s.cold = make([]byte, n*cb)
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			sp := s.spriteAt(i)
			xs[i], ys[i], ws[i], hs[i], ds[i], ids[i] = sp.X, sp.Y, sp.W, sp.H, sp.Depth, sp.ID
			s.fillCold(s.cold[i*cb:(i+1)*cb], sp.ID)
		}
	})
}

func (s *soaStore) Frame() uint64 { return s.runFrame(s) }

// applyMoves writes the x and y columns of each moving sprite (row = id: sprites are
// never removed).
func (s *soaStore) applyMoves(moves []move) {
	side := s.cfg.side
	xs, ys := s.x.Data, s.y.Data
	for _, mv := range moves {
		xs[mv.ID] = wrap(xs[mv.ID]+mv.DX, side)
		ys[mv.ID] = wrap(ys[mv.ID]+mv.DY, side)
	}
}

// cull streams the four geometry columns side by side and reads depth, id and the
// cold bytes only for the rows that pass.
func (s *soaStore) cull(view rect) {
	s.vis.reset()
	if k := s.cfg.stride; k > 1 {
		s.cullStrided(view, k) // stride.go
		return
	}
	xs, ys, ws, hs := s.x.Data, s.y.Data, s.w.Data, s.h.Data
	cb := s.cfg.cold
	for i := scanColumns(xs, ys, ws, hs, view, 0); i < len(xs); i = scanColumns(xs, ys, ws, hs, view, i+1) {
		s.vis.add(s.id.Data[i], s.depth.Data[i], xs[i], ys[i])
		if cb > 0 {
			s.vis.addCold(coldDigest(s.cold[i*cb : (i+1)*cb]))
		}
	}
}

// scanColumns returns the first row from i on whose sprite overlaps view, or len(xs).
// It tests four rows per step, ORing their misses (see rect.miss) so that one branch,
// almost never taken, covers them, and it calls nothing; the caller handles the rare
// rows that pass. The view's edges are copied into locals and the test is written out
// rather than calling rect.miss: the compiler then keeps the loop in registers, which
// measured about twice as fast as the same test through the method, whose copies of
// the view it spilled to the stack.
func scanColumns(xs, ys, ws, hs []int32, view rect, i int) int {
	n := len(xs)
	ys, ws, hs = ys[:n], ws[:n], hs[:n]
	x0, x1, y0, y1 := view.X0, view.X1, view.Y0, view.Y1
	for ; i+4 <= n; i += 4 {
		x, y, w, h := xs[i:i+4:i+4], ys[i:i+4:i+4], ws[i:i+4:i+4], hs[i:i+4:i+4]
		m := (x[0] - x1) & (x0 - x[0] - w[0]) & (y[0] - y1) & (y0 - y[0] - h[0])
		m |= (x[1] - x1) & (x0 - x[1] - w[1]) & (y[1] - y1) & (y0 - y[1] - h[1])
		m |= (x[2] - x1) & (x0 - x[2] - w[2]) & (y[2] - y1) & (y0 - y[2] - h[2])
		m |= (x[3] - x1) & (x0 - x[3] - w[3]) & (y[3] - y1) & (y0 - y[3] - h[3])
		if m < 0 {
			break
		}
	}
	for ; i < n; i++ {
		if view.overlaps(xs[i], ys[i], ws[i], hs[i]) {
			return i
		}
	}
	return n
}

func (s *soaStore) Entities() int { return s.t.Len() }

// Scene shows what the last frame drew (scene.go).
func (s *soaStore) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *soaStore) size(id int32) (w, h int32) { return s.w.Data[id], s.h.Data[id] }

// Layout reports where the sprites live (workload.LayoutReporter; layout.go).
func (s *soaStore) Layout(dst *memlayout.Layout) {
	n := s.t.Len()
	layouts.Entities(dst, n, 6*4*int64(cap(s.x.Data)), "six int32 columns")
	layouts.Dense(dst, s.x.Data, "Where the rows live: address against index (the x column)", "index order, as the cull streams the columns")
	// The cull streams x, y, w and h and reads depth and id of the sprites it found;
	// the moves write x and y of the sprites that move, which it streams anyway.
	found := 0
	if s.frame > 0 {
		found = len(s.vis.keys)
	}
	v := dst.View(memlayout.Columns, "Columns: what the last frame read")
	layouts.Column(v, "x", s.x.Data, n, n)
	layouts.Column(v, "y", s.y.Data, n, n)
	layouts.Column(v, "w", s.w.Data, n, n)
	layouts.Column(v, "h", s.h.Data, n, n)
	layouts.Column(v, "depth", s.depth.Data, found, n)
	layouts.Column(v, "id", s.id.Data, found, n)
	v.Note = "hot: streamed, every row; cold: read only for the sprites in view"
}

// soaEntry is soa on the sprites workload: its store, estimate and note.
var soaEntry = entry{
	Backing: workload.SoA,
	Traffic: func(c config) (workload.Traffic, error) {
		return streamed(c, workload.Traffic{Streamed: 16, What: "the cull's four int32 columns x, y, w, h, 16 bytes a sprite"})
	},
	New: func(c config) workload.Store { return &soaStore{world: newWorld(c)} },
	// The six columns and the cold column.
	Bytes: func(c config) int64 { return c.heapBytes(spriteBytes+c.coldSpace(), 0) },
	Note: "One column per field (x, y, w, h, depth, id). The cull streams only the four geometry " +
		"columns, the cheapest way to test every sprite, and a move writes two columns by row. But it " +
		"still tests every sprite, however few are on screen, so its frame grows with the world.",
}
