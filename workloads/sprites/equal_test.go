package sprites

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// store is what the tests reach inside every backing's store.
type store interface {
	workload.Store
	applyMoves([]move)
	cull(rect)
	driver() *world
}

func (w *world) driver() *world { return w }

// refStore is the test's own model of the workload: a plain slice indexed by id, a
// brute-force cull and a sort with an explicit (depth, id) comparison, and cold data
// computed afresh for each drawn sprite, so that the backings are checked against
// something simpler than any of them, not only against each other.
type refStore struct {
	*world
	all  []sprite
	seen []sprite // the last frame's drawn sprites, in draw order
}

func (r *refStore) Load(context.Context, func(float64)) error {
	r.prepare()
	r.all = make([]sprite, r.cfg.n)
	for i := range r.all {
		r.all[i] = r.spriteAt(i)
	}
	return nil
}

func (r *refStore) Frame() uint64 {
	moves, view := r.nextFrame()
	r.applyMoves(moves)
	seen := r.seen[:0]
	for _, sp := range r.all {
		if sp.X < view.X1 && view.X0 < sp.X+sp.W && sp.Y < view.Y1 && view.Y0 < sp.Y+sp.H {
			seen = append(seen, sp)
		}
	}
	slices.SortFunc(seen, func(a, b sprite) int {
		return cmp.Or(cmp.Compare(a.Depth, b.Depth), cmp.Compare(a.ID, b.ID))
	})
	r.seen = seen
	var h uint64
	for _, sp := range seen {
		h = workload.Fold(h, uint64(sp.Depth)<<24|uint64(sp.ID))
		h = workload.Fold(h, uint64(uint32(sp.X))<<32|uint64(uint32(sp.Y)))
		if r.cfg.cold > 0 {
			var sum uint64
			for k := range r.cfg.cold / 8 {
				sum += r.coldWord(sp.ID, k)
			}
			h = workload.Fold(h, sum)
		}
	}
	return h
}

func (r *refStore) applyMoves(moves []move) {
	for _, mv := range moves {
		sp := &r.all[mv.ID]
		sp.X = (sp.X + mv.DX%r.cfg.side + r.cfg.side) % r.cfg.side
		sp.Y = (sp.Y + mv.DY%r.cfg.side + r.cfg.side) % r.cfg.side
	}
}

func (r *refStore) Entities() int { return len(r.all) }

// resolve returns the defaults overridden by over.
var resolve = workloadtest.Resolver(&Spec)

// load makes and loads the store of one backing, which must then hold every sprite.
var load = workloadtest.Loader[store](&Spec, func(p workload.Params) int { return int(p[pEntities]) })

// newRef makes and loads the reference model.
func newRef(t testing.TB, p workload.Params) *refStore {
	return workloadtest.NewModel(t, p, newConfig, func(c config) *refStore { return &refStore{world: newWorld(c)} })
}

// cases are the small worlds every backing must agree on, the corner cases
// (one entity, one cell, everything moving, the view over the whole world …) included.
// Each overrides the defaults.
var cases = []workloadtest.Case{
	{Name: "small", Over: workload.Params{pEntities: 3000, pOnScreen: 300, pPanSpeed: 40}},
	{Name: "one sprite", Over: workload.Params{pEntities: 1, pMovingPct: 100}},
	// side 46 and sprites up to 64: every box lies inside [0, 109)², one cell and one tile.
	{Name: "one cell", Over: workload.Params{pEntities: 500, pOnScreen: 500_000, pCell: 4096, pBand: 4096, pMovingPct: 30}},
	{Name: "all moving", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pMovingPct: 100, pStep: 100}},
	{Name: "larger than a cell", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pViewW: 640, pViewH: 360, pMinSize: 16, pMaxSize: 40, pCell: 8, pBand: 16, pMovingPct: 20}},
	// the view is twice the world side: every sprite is drawn every frame.
	{Name: "view covers world", Over: workload.Params{pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pMovingPct: 10, pPathPct: 100, pPanSpeed: 100}},
	{Name: "static", Over: workload.Params{pEntities: 2000, pOnScreen: 500, pMovingPct: 0, pPanSpeed: 0}},
	{Name: "one depth, long steps", Over: workload.Params{pEntities: 2000, pOnScreen: 500, pDepths: 1, pStep: 5000, pMovingPct: 5}},
	// cold bytes inside every record (and in soa's column): the smallest, a record of 56
	// bytes that the map still keeps in its table, one of 152 that it keeps behind a
	// pointer (values over 128 bytes), the largest.
	{Name: "cold 8", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pColdBytes: 8, pMovingPct: 20}},
	{Name: "cold 32", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pColdBytes: 32, pBand: 64, pMovingPct: 20, pStep: 100}},
	{Name: "cold 128", Over: workload.Params{pEntities: 1500, pOnScreen: 300, pColdBytes: 128, pMovingPct: 5}},
	{Name: "cold 256", Over: workload.Params{pEntities: 2000, pOnScreen: 600, pColdBytes: 256, pCell: 40, pMovingPct: 50}},
}

// TestAgreement: every backing agrees with the reference model on every case and at
// the defaults, where the pan changes the checksum from frame to frame.
func TestAgreement(t *testing.T) {
	workloadtest.Agreement(t, &Spec, cases, newRef, load, func(t *testing.T, _ *refStore, sums []uint64) {
		workloadtest.Varied(t, sums, len(sums)*3/4, "the pan")
	})
}
