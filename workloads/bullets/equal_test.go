package bullets

import (
	"context"
	"slices"
	"sort"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// store is what the tests reach inside every backing's store.
type store interface {
	workload.Store
	driver() *world
}

func (w *world) driver() *world { return w }

// refStore is the test's own model of the workload: a plain slice of bullets in spawn
// order, moved and judged one by one with its own arena and box tests, every bullet
// tested against every target, and handles that are bullet ids found by binary
// search. The backings are checked against it, not only against each other. It shares
// the driver's decisions (emitters, targets, who spawns), which world_test.go checks
// on their own.
type refStore struct {
	*world
	all     []bullet // live bullets, ascending ids
	handles []uint64
}

func (r *refStore) Load(context.Context, func(float64)) error {
	r.prepare()
	r.handles = make([]uint64, r.cfg.emitters*r.cfg.handles)
	for i := range r.cfg.prewarm {
		r.all = append(r.all, r.bulletAt(i))
	}
	return nil
}

func (r *refStore) Frame() uint64 {
	for range r.beginFrame(len(r.all)) {
		b, ring := r.fire()
		r.all = append(r.all, b)
		if ring >= 0 {
			r.handles[ring] = b.ID
		}
	}
	c := &r.cfg
	for i := range r.all {
		r.all[i].X += r.all[i].VX
		r.all[i].Y += r.all[i].VY
	}
	r.all = slices.DeleteFunc(r.all, func(b bullet) bool {
		switch {
		case b.X < 0 || b.X >= c.side || b.Y < 0 || b.Y >= c.side:
			r.died(fateExited, b.ID)
		case r.frame-b.Born+1 >= c.lifetime:
			r.died(fateExpired, b.ID)
		default:
			for t, tg := range r.targets {
				if max(b.X, tg.X) < min(b.X+c.bulletSize, tg.X+c.targetSize) &&
					max(b.Y, tg.Y) < min(b.Y+c.bulletSize, tg.Y+c.targetSize) {
					r.died(int32(t), b.ID)
					return true
				}
			}
			return false
		}
		return true
	})
	for e := range r.emitters {
		for k := range r.ringLen(e) {
			id := r.handles[e*c.handles+k]
			i := sort.Search(len(r.all), func(i int) bool { return r.all[i].ID >= id })
			if i < len(r.all) && r.all[i].ID == id {
				r.seeLive(id, r.all[i].X, r.all[i].Y)
			} else {
				r.seeStale()
			}
		}
		r.emitterDone()
	}
	return r.endFrame()
}

func (r *refStore) Entities() int             { return len(r.all) }
func (r *refStore) Scene(dst *workload.Scene) {}

// resolve returns the defaults overridden by over.
var resolve = workloadtest.Resolver(&Spec)

// load makes and loads the store of one backing, which must then hold the prewarmed
// population.
var load = workloadtest.Loader[store](&Spec, func(p workload.Params) int {
	c, err := newConfig(p)
	if err != nil {
		return -1 // no store loads: Load fails on the error first
	}
	return c.prewarm
})

// newRef makes and loads the reference model.
func newRef(t testing.TB, p workload.Params) *refStore {
	return workloadtest.NewModel(t, p, newConfig, func(c config) *refStore { return &refStore{world: newWorld(c)} })
}

// agree runs the reference model and every backing in lockstep and fails at the first
// frame where a checksum or a live count differs from the model's.
func agree(t *testing.T, p workload.Params, frames int) {
	t.Helper()
	workloadtest.Agree(t, newRef(t, p), frames, func(b string) workload.Store { return load(t, p, b) })
}

// cases are the small worlds every backing must agree on, the corner cases
// (one bullet, lifetime 1, everything hitting, no handles …) included. Each overrides
// the defaults.
var cases = []workloadtest.Case{
	{Name: "small", Over: workload.Params{pEntities: 2000, pArena: 1024}},
	{Name: "one bullet", Over: workload.Params{pEntities: 1}},
	{Name: "one bullet, lifetime 1", Over: workload.Params{pEntities: 1, pLifetime: 1}},
	{Name: "lifetime 1", Over: workload.Params{pEntities: 500, pLifetime: 1, pArena: 512}},
	{Name: "lifetime 2", Over: workload.Params{pEntities: 500, pLifetime: 2, pArena: 512}},
	// every target covers the whole arena: every bullet that survives its move is hit,
	// by target 0 under the lowest-index rule.
	{Name: "everything hits", Over: workload.Params{pEntities: 1000, pArena: 256, pTargetSize: 256, pTargets: 5}},
	// the arena is smaller than a bullet step: most bullets leave on their first move.
	{Name: "tiny arena", Over: workload.Params{pEntities: 500, pArena: 3, pBulletSize: 1, pBand: 1, pTargetSize: 2, pTargets: 2}},
	{Name: "still bullets", Over: workload.Params{pEntities: 1200, pArena: 512, pBulletSpeed: 0, pTargetSpeed: 8, pTargetSize: 32}},
	// bullets cross several cells and tiles per move, and overlap several targets.
	{Name: "fast and crowded", Over: workload.Params{pEntities: 1200, pArena: 1024, pBulletSpeed: 40, pTargets: 200, pTargetSize: 96, pTargetSpeed: 9, pBand: 16}},
	{Name: "bullets larger than a cell", Over: workload.Params{pEntities: 1500, pArena: 600, pBulletSize: 40, pCell: 16, pBand: 24, pTargets: 40}},
	{Name: "no handles, no targets", Over: workload.Params{pEntities: 1200, pArena: 800, pHandles: 0, pTargets: 0}},
	{Name: "many emitters, few handles", Over: workload.Params{pEntities: 1200, pArena: 800, pEmitters: 1000, pHandles: 3}},
	// every bullet owns a trail object (allocs.go), reused or allocated per spawn
	{Name: "trails reused", Over: workload.Params{pEntities: 2000, pArena: 1024, pAllocs: allocsReuse}},
	{Name: "trails allocated", Over: workload.Params{pEntities: 2000, pArena: 1024, pAllocs: allocsFresh}},
	{Name: "trails, lifetime 1", Over: workload.Params{pEntities: 500, pLifetime: 1, pArena: 512, pAllocs: allocsFresh}},
	// every bullet moved through an interface call (dispatch.go)
	{Name: "dispatch", Over: workload.Params{pEntities: 2000, pArena: 1024, pDispatch: 1}},
	{Name: "dispatch of mixed kinds", Over: workload.Params{pEntities: 2000, pArena: 1024, pDispatch: dispatchMixed}},
	// ptrarray, slotmap and soa despawn by marking holes (marked.go)
	{Name: "marked", Over: workload.Params{pEntities: 2000, pArena: 1024, pDespawn: despawnMark}},
	{Name: "marked, half holes", Over: workload.Params{pEntities: 2000, pArena: 1024, pDespawn: despawnMark, pDeadPct: 50}},
	{Name: "marked, most holes, lifetime 2", Over: workload.Params{pEntities: 500, pLifetime: 2, pArena: 512, pDespawn: despawnMark, pDeadPct: maxDeadPct}},
	{Name: "marked, fast and crowded", Over: workload.Params{pEntities: 1200, pArena: 1024, pBulletSpeed: 40, pTargets: 200, pTargetSize: 96, pBand: 16, pDespawn: despawnMark, pDeadPct: 30}},
	{Name: "marked, dispatch and trails", Over: workload.Params{pEntities: 2000, pArena: 1024, pDespawn: despawnMark, pDeadPct: 25, pDispatch: 1, pAllocs: allocsReuse}},
	{Name: "dispatch, fast and crowded", Over: workload.Params{pEntities: 1200, pArena: 1024, pBulletSpeed: 40, pTargets: 200, pTargetSize: 96, pBand: 16, pDispatch: 1}},
}

// TestAgreement: every backing agrees with the reference model on every case and at
// the defaults, where some handles must go stale.
func TestAgreement(t *testing.T) {
	workloadtest.Agreement(t, &Spec, cases, newRef, load, func(t *testing.T, ref *refStore, _ []uint64) {
		if ref.staleTotal == 0 {
			t.Fatalf("no stale handle in %d frames at the defaults", workloadtest.DefaultsFrames)
		}
	})
}
