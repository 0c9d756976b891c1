package bullets

import (
	"context"
	"slices"
	"sort"
	"testing"

	"localitylab/scenarios/workload"
	"localitylab/scenarios/workload/workloadtest"
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
func resolve(t testing.TB, over workload.Params) workload.Params {
	t.Helper()
	return workloadtest.Resolve(t, &Spec, over)
}

// load makes and loads the store of one backing, which must then hold the prewarmed
// population.
func load(t testing.TB, p workload.Params, backing string) store {
	t.Helper()
	c, err := newConfig(p, backing)
	if err != nil {
		t.Fatalf("%s: %v", backing, err)
	}
	return workloadtest.Load(t, &Spec, p, backing, c.prewarm).(store)
}

// agree runs the reference model and every backing in lockstep and fails at the first
// frame where a checksum or a live count differs from the model's. It returns the
// model, run to the end.
func agree(t *testing.T, p workload.Params, frames int) *refStore {
	t.Helper()
	c, err := newConfig(p, "")
	if err != nil {
		t.Fatal(err)
	}
	ref := &refStore{world: newWorld(c)}
	if err := ref.Load(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	workloadtest.Agree(t, ref, frames, func(b string) workload.Store { return load(t, p, b) })
	return ref
}

// cases are the small worlds every backing must agree on, corner cases of issue 2
// included. Each overrides the defaults.
var cases = []struct {
	name string
	over workload.Params
}{
	{"small", workload.Params{pEntities: 2000, pArena: 1024}},
	{"one bullet", workload.Params{pEntities: 1}},
	{"one bullet, lifetime 1", workload.Params{pEntities: 1, pLifetime: 1}},
	{"lifetime 1", workload.Params{pEntities: 500, pLifetime: 1, pArena: 512}},
	{"lifetime 2", workload.Params{pEntities: 500, pLifetime: 2, pArena: 512}},
	// every target covers the whole arena: every bullet that survives its move is hit,
	// by target 0 under the lowest-index rule.
	{"everything hits", workload.Params{pEntities: 1000, pArena: 256, pTargetSize: 256, pTargets: 5}},
	// the arena is smaller than a bullet step: most bullets leave on their first move.
	{"tiny arena", workload.Params{pEntities: 500, pArena: 3, pBulletSize: 1, pBand: 1, pTargetSize: 2, pTargets: 2}},
	{"still bullets", workload.Params{pEntities: 1200, pArena: 512, pBulletSpeed: 0, pTargetSpeed: 8, pTargetSize: 32}},
	// bullets cross several cells and tiles per move, and overlap several targets.
	{"fast and crowded", workload.Params{pEntities: 1200, pArena: 1024, pBulletSpeed: 40, pTargets: 200, pTargetSize: 96, pTargetSpeed: 9, pBand: 16}},
	{"bullets larger than a cell", workload.Params{pEntities: 1500, pArena: 600, pBulletSize: 40, pCell: 16, pBand: 24, pTargets: 40}},
	{"no handles, no targets", workload.Params{pEntities: 1200, pArena: 800, pHandles: 0, pTargets: 0}},
	{"many emitters, few handles", workload.Params{pEntities: 1200, pArena: 800, pEmitters: 1000, pHandles: 3}},
	// every bullet owns a trail object (allocs.go), reused or allocated per spawn
	{"trails reused", workload.Params{pEntities: 2000, pArena: 1024, pAllocs: allocsReuse}},
	{"trails allocated", workload.Params{pEntities: 2000, pArena: 1024, pAllocs: allocsFresh}},
	{"trails, lifetime 1", workload.Params{pEntities: 500, pLifetime: 1, pArena: 512, pAllocs: allocsFresh}},
	// every bullet moved through an interface call (dispatch.go)
	{"dispatch", workload.Params{pEntities: 2000, pArena: 1024, pDispatch: 1}},
	// ptrarray, slotmap and soa despawn by marking holes (marked.go)
	{"marked", workload.Params{pEntities: 2000, pArena: 1024, pDespawn: despawnMark}},
	{"marked, half holes", workload.Params{pEntities: 2000, pArena: 1024, pDespawn: despawnMark, pDeadPct: 50}},
	{"marked, most holes, lifetime 2", workload.Params{pEntities: 500, pLifetime: 2, pArena: 512, pDespawn: despawnMark, pDeadPct: maxDeadPct}},
	{"marked, fast and crowded", workload.Params{pEntities: 1200, pArena: 1024, pBulletSpeed: 40, pTargets: 200, pTargetSize: 96, pBand: 16, pDespawn: despawnMark, pDeadPct: 30}},
	{"marked, dispatch and trails", workload.Params{pEntities: 2000, pArena: 1024, pDespawn: despawnMark, pDeadPct: 25, pDispatch: 1, pAllocs: allocsReuse}},
	{"dispatch, fast and crowded", workload.Params{pEntities: 1200, pArena: 1024, pBulletSpeed: 40, pTargets: 200, pTargetSize: 96, pBand: 16, pDispatch: 1}},
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
	ref := agree(t, resolve(t, nil), 200)
	if ref.staleTotal == 0 {
		t.Fatal("no stale handle in 200 frames at the defaults")
	}
}
