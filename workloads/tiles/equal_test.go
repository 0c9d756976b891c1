package tiles

import (
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// store is what the tests reach inside every backing's store.
type store interface {
	workload.Store
	apply([]move)
	visit(rect) uint64
	each(rect, func(col, row int32, at pos, id int32))
	driver() *world
}

func (w *world) driver() *world { return w }

// refModel is the test's own model of the workload: positions in a plain slice by id,
// and a window visit by brute force over every entity, so that the backings are checked
// against something simpler than any of them, not only against each other.
type refModel struct {
	*world
	at []pos
}

func newRef(t testing.TB, p workload.Params) *refModel {
	return workloadtest.NewModel(t, p, newConfig, func(c config) *refModel {
		r := &refModel{world: newWorld(c), at: make([]pos, c.n)}
		r.prepare()
		for i := range r.at {
			r.at[i] = r.spawnAt(i)
		}
		return r
	})
}

// Frame and Entities make the model a workloadtest.Model.
func (r *refModel) Frame() uint64 {
	moves, win := r.nextFrame()
	for _, mv := range moves {
		r.at[mv.ID] = r.dest(r.at[mv.ID], mv)
	}
	return r.visit(win)
}

// tileSums is, per tile of win in row-major order, how many entities cover it and the
// workload.Add sum of their ids.
func (r *refModel) tileSums(win rect) (count []int, sum []uint64) {
	w, h := int(win.X1-win.X0), int(win.Y1-win.Y0)
	count, sum = make([]int, w*h), make([]uint64, w*h)
	span := r.cfg.span
	for id, p := range r.at {
		for row := p.Row; row < p.Row+span; row++ {
			for col := p.Col; col < p.Col+span; col++ {
				if col >= win.X0 && col < win.X1 && row >= win.Y0 && row < win.Y1 {
					i := int(row-win.Y0)*w + int(col-win.X0)
					count[i]++
					sum[i] = workload.Add(sum[i], uint64(id))
				}
			}
		}
	}
	return count, sum
}

// visit folds the window's tiles that hold entities in the order parameter's order:
// row by row, or column by column.
func (r *refModel) visit(win rect) uint64 {
	count, sum := r.tileSums(win)
	w, ht := int(win.X1-win.X0), int(win.Y1-win.Y0)
	var h uint64
	for k := range count {
		x, y := k%w, k/w
		if r.cfg.byColumn {
			x, y = k/ht, k%ht
		}
		if i := y*w + x; count[i] > 0 {
			tile := (int(win.Y0)+y)*int(r.cfg.cols) + int(win.X0) + x
			h = workload.Fold(h, sum[i]^uint64(tile))
		}
	}
	return h
}

// inWindow is the sorted ids of the entities that cover a tile of win.
func (r *refModel) inWindow(win rect) []int32 {
	var ids []int32
	for id, p := range r.at {
		if p.Col < win.X1 && p.Col+r.cfg.span > win.X0 && p.Row < win.Y1 && p.Row+r.cfg.span > win.Y0 {
			ids = append(ids, int32(id))
		}
	}
	return ids
}

func (r *refModel) Entities() int { return len(r.at) }

// resolve returns the defaults overridden by over.
var resolve = workloadtest.Resolver(&Spec)

// load makes and loads the store of one backing, which must then hold every entity.
var load = workloadtest.Loader[store](&Spec, func(p workload.Params) int { return int(p[pEntities]) })

// cases are the small maps every backing must agree on, the corner cases
// (one entity, one tile, everything moving, a window larger than the map …) included.
// Each overrides the defaults.
var cases = []workloadtest.Case{
	{Name: "small", Over: workload.Params{pEntities: 3000, pCols: 96, pRows: 64, pWindowW: 24, pWindowH: 16, pWindowStep: 8}},
	{Name: "one entity", Over: workload.Params{pEntities: 1, pCols: 6, pRows: 5, pMovingPct: 100, pWindowW: 3, pWindowH: 2, pWindowStep: 1}},
	{Name: "one tile", Over: workload.Params{pEntities: 500, pCols: 1, pRows: 1, pMovingPct: 30, pWindowW: 1, pWindowH: 1}},
	// every entity covers the whole map: all of them on every tile.
	{Name: "span is the map", Over: workload.Params{pEntities: 300, pCols: 4, pRows: 4, pSpan: 4, pMovingPct: 50, pWindowW: 3, pWindowH: 2, pWindowStep: 1}},
	{Name: "all moving", Over: workload.Params{pEntities: 2000, pCols: 40, pRows: 40, pMovingPct: 100, pWindowW: 16, pWindowH: 8, pWindowStep: 4}},
	{Name: "span 3", Over: workload.Params{pEntities: 1500, pCols: 64, pRows: 48, pSpan: 3, pMovingPct: 10, pWindowW: 20, pWindowH: 10, pWindowStep: 5}},
	// spatial hash cells of 3 tiles under entities of 4: every entity crosses cell borders.
	{Name: "span 4, cells of 3", Over: workload.Params{pEntities: 1200, pCols: 50, pRows: 50, pSpan: 4, pCell: 3, pMovingPct: 20, pWindowW: 17, pWindowH: 9, pWindowStep: 6}},
	{Name: "window larger than map", Over: workload.Params{pEntities: 800, pCols: 30, pRows: 20, pMovingPct: 10, pWindowW: 64, pWindowH: 64}},
	{Name: "static", Over: workload.Params{pEntities: 2000, pCols: 64, pRows: 64, pMovingPct: 0, pWindowW: 16, pWindowH: 16, pWindowStep: 16}},
	// the tile-entity vectors grown by append (source 000's load) instead of sized:
	// the same checksums as the reference model, so the same as when sized.
	{Name: "small, grown by append", Over: workload.Params{pEntities: 3000, pCols: 96, pRows: 64, pWindowW: 24, pWindowH: 16, pWindowStep: 8, pGrowth: growAppend}},
	{Name: "span 3, grown by append", Over: workload.Params{pEntities: 1500, pCols: 64, pRows: 48, pSpan: 3, pMovingPct: 10, pWindowW: 20, pWindowH: 10, pWindowStep: 5, pGrowth: growAppend}},
	// grown by doubling, as a C++ vector grows: the same checksums again; the moves
	// insert into vectors that may be full, so they double too.
	{Name: "small, grown by doubling", Over: workload.Params{pEntities: 3000, pCols: 96, pRows: 64, pWindowW: 24, pWindowH: 16, pWindowStep: 8, pGrowth: growDouble}},
	{Name: "span 3, grown by doubling", Over: workload.Params{pEntities: 1500, pCols: 64, pRows: 48, pSpan: 3, pMovingPct: 10, pWindowW: 20, pWindowH: 10, pWindowStep: 5, pGrowth: growDouble}},
	{Name: "span is the map, grown by doubling", Over: workload.Params{pEntities: 300, pCols: 4, pRows: 4, pSpan: 4, pMovingPct: 50, pWindowW: 3, pWindowH: 2, pWindowStep: 1, pGrowth: growDouble}},
	{Name: "thin map", Over: workload.Params{pEntities: 900, pCols: 200, pRows: 3, pSpan: 2, pMovingPct: 25, pWindowW: 50, pWindowH: 2, pWindowStep: 7}},
	// the window visited column by column (the order parameter): the same tiles and
	// sums, folded in another order, which the model folds its own way.
	{Name: "small, by column", Over: workload.Params{pEntities: 3000, pCols: 96, pRows: 64, pWindowW: 24, pWindowH: 16, pWindowStep: 8, pOrder: orderColumns}},
	{Name: "span 4, cells of 3, by column", Over: workload.Params{pEntities: 1200, pCols: 50, pRows: 50, pSpan: 4, pCell: 3, pMovingPct: 20, pWindowW: 17, pWindowH: 9, pWindowStep: 6, pOrder: orderColumns}},
	{Name: "window larger than map, by column, grown by append", Over: workload.Params{pEntities: 800, pCols: 30, pRows: 20, pMovingPct: 10, pWindowW: 64, pWindowH: 64, pOrder: orderColumns, pGrowth: growAppend}},
}

// TestAgreement: every backing agrees with the reference model on every case and at
// the defaults, where the sweep changes the checksum from frame to frame.
func TestAgreement(t *testing.T) {
	workloadtest.Agreement(t, &Spec, cases, newRef, load, func(t *testing.T, _ *refModel, sums []uint64) {
		workloadtest.Varied(t, sums, len(sums)*19/20, "the sweep")
	})
}
