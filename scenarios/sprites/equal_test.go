package sprites

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"localitylab/scenarios/workload"
	"localitylab/scenarios/workload/workloadtest"
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
func resolve(t testing.TB, over workload.Params) workload.Params {
	t.Helper()
	return workloadtest.Resolve(t, &Spec, over)
}

// load makes and loads the store of one backing, which must then hold every sprite.
func load(t testing.TB, p workload.Params, backing string) store {
	t.Helper()
	return workloadtest.Load(t, &Spec, p, backing, int(p[pEntities])).(store)
}

// agree runs the reference model and every backing in lockstep and fails at the first
// frame where a checksum differs from the model's. It returns the model's checksums.
func agree(t *testing.T, p workload.Params, frames int) []uint64 {
	t.Helper()
	c, err := newConfig(p, "")
	if err != nil {
		t.Fatal(err)
	}
	ref := &refStore{world: newWorld(c)}
	if err := ref.Load(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return workloadtest.Agree(t, ref, frames, func(b string) workload.Store { return load(t, p, b) })
}

// cases are the small worlds every backing must agree on, corner cases of issue 2
// included. Each overrides the defaults.
var cases = []struct {
	name string
	over workload.Params
}{
	{"small", workload.Params{pEntities: 3000, pOnScreen: 300, pPanSpeed: 40}},
	{"one sprite", workload.Params{pEntities: 1, pMovingPct: 100}},
	// side 46 and sprites up to 64: every box lies inside [0, 109)², one cell and one tile.
	{"one cell", workload.Params{pEntities: 500, pOnScreen: 500_000, pCell: 4096, pBand: 4096, pMovingPct: 30}},
	{"all moving", workload.Params{pEntities: 2000, pOnScreen: 400, pMovingPct: 100, pStep: 100}},
	{"larger than a cell", workload.Params{pEntities: 2000, pOnScreen: 400, pViewW: 640, pViewH: 360, pMinSize: 16, pMaxSize: 40, pCell: 8, pBand: 16, pMovingPct: 20}},
	// the view is twice the world side: every sprite is drawn every frame.
	{"view covers world", workload.Params{pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pMovingPct: 10, pPathPct: 100, pPanSpeed: 100}},
	{"static", workload.Params{pEntities: 2000, pOnScreen: 500, pMovingPct: 0, pPanSpeed: 0}},
	{"one depth, long steps", workload.Params{pEntities: 2000, pOnScreen: 500, pDepths: 1, pStep: 5000, pMovingPct: 5}},
	// cold bytes inside every record (and in soa's column): the smallest, a size that
	// makes a record of exactly one cache line, the map's indirect values, the largest.
	{"cold 8", workload.Params{pEntities: 2000, pOnScreen: 400, pColdBytes: 8, pMovingPct: 20}},
	{"cold 40", workload.Params{pEntities: 2000, pOnScreen: 400, pColdBytes: 40, pBand: 64, pMovingPct: 20, pStep: 100}},
	{"cold 136", workload.Params{pEntities: 1500, pOnScreen: 300, pColdBytes: 136, pMovingPct: 5}},
	{"cold 256", workload.Params{pEntities: 2000, pOnScreen: 600, pColdBytes: 256, pCell: 40, pMovingPct: 50}},
}

func TestAgreement(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			workloadtest.EachSeed(t, tc.over, func(t *testing.T, p workload.Params) { agree(t, resolve(t, p), 220) })
		})
	}
}

// TestAgreementDefaults is the full-size check: one seed, every backing, 200 frames.
func TestAgreementDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("full-size world: run without -short")
	}
	sums := agree(t, resolve(t, nil), 200)
	if distinct := workloadtest.Distinct(sums); distinct < 150 {
		t.Fatalf("only %d distinct checksums in 200 frames: the checksum does not follow the pan", distinct)
	}
}
