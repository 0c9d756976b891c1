// Package workloadtest holds the checks every workload's tests make the same way:
// resolving and loading stores, running them in lockstep against a reference model
// (docs/design.md, rule 1), and the contracts of Spec (parameter errors, Load's progress and
// cancellation, memory estimates). The workloads keep in their own tests what only
// they know: their reference models, corner cases and teaching claims.
package workloadtest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"localitylab/workloads/workload"
)

// Resolve returns spec's defaults overridden by over, failing t if over is invalid.
func Resolve(t testing.TB, spec *workload.Spec, over workload.Params) workload.Params {
	t.Helper()
	p, err := spec.Resolve(over)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Resolver is Resolve for spec's parameters: a workload's tests declare their resolve
// with it.
func Resolver(spec *workload.Spec) func(t testing.TB, over workload.Params) workload.Params {
	return func(t testing.TB, over workload.Params) workload.Params {
		t.Helper()
		return Resolve(t, spec, over)
	}
}

// Loader is Load for spec's stores, S being what the workload's tests reach inside
// them, when a loaded store holds entities(p) entities for resolved parameters p: a
// workload's tests declare their load with it.
func Loader[S workload.Store](spec *workload.Spec, entities func(p workload.Params) int) func(t testing.TB, p workload.Params, backing string) S {
	return func(t testing.TB, p workload.Params, backing string) S {
		t.Helper()
		st, ok := Load(t, spec, p, backing, entities(p)).(S)
		if !ok {
			t.Fatalf("%s: %T is not what the tests reach inside a store", backing, st)
		}
		return st
	}
}

// Load makes and loads the store of one backing for resolved parameters p and fails t
// unless it then holds entities entities.
func Load(t testing.TB, spec *workload.Spec, p workload.Params, backing string, entities int) workload.Store {
	t.Helper()
	st, err := spec.New(p, backing)
	if err != nil {
		t.Fatalf("%s: %v", backing, err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil {
		t.Fatalf("%s: load: %v", backing, err)
	}
	if got := st.Entities(); got != entities {
		t.Fatalf("%s: %d entities after load, want %d", backing, got, entities)
	}
	return st
}

// Model is what Lockstep compares stores with: a workload's reference model (a test's
// own, simpler version of the work), or one store taken as the reference.
type Model interface {
	Frame() uint64
	Entities() int
}

// Lockstep runs model and stores frame by frame, as the lab does, and fails t at the
// first frame after which a store's checksum or entity count differs from the model's,
// naming every store that differs (names[i] names stores[i]); when all of them differ
// from the model alike, it says so, since the model is then the one to suspect. The
// entity counts are compared once before the first frame as well. It returns the
// model's checksums, one per frame.
func Lockstep(t testing.TB, model Model, stores []workload.Store, names []string, frames int) []uint64 {
	t.Helper()
	if len(names) != len(stores) {
		t.Fatalf("Lockstep: %d names for %d stores", len(names), len(stores))
	}
	sums, ents := make([]uint64, len(stores)), make([]uint64, len(stores))
	count := func() {
		for i, st := range stores {
			ents[i] = uint64(st.Entities())
		}
	}
	count()
	if msg := against(names, ents, uint64(model.Entities()), holds); msg != "" {
		t.Fatalf("after load %s", msg)
	}
	out := make([]uint64, frames)
	for f := range frames {
		want := model.Frame()
		out[f] = want
		for i, st := range stores {
			sums[i] = st.Frame()
		}
		if msg := against(names, sums, want, checksum); msg != "" {
			t.Fatalf("frame %d: %s", f, msg)
		}
		count()
		if msg := against(names, ents, uint64(model.Entities()), holds); msg != "" {
			t.Fatalf("frame %d: %s", f, msg)
		}
	}
	return out
}

// Majority runs stores frame by frame, as the lab does, with no model: each frame's
// checksum and entity count are what most of them say, and t fails at the first frame
// where a store says otherwise, naming it, whichever place it has among stores (a
// comparison with the first store would blame the second when the first is the one
// at fault). With no strict majority it names every store and its value. It returns
// the majority's checksums, one per frame.
func Majority(t testing.TB, stores []workload.Store, names []string, frames int) []uint64 {
	t.Helper()
	if len(names) != len(stores) || len(stores) < 3 {
		t.Fatalf("Majority: %d names for %d stores (want three or more, so that a majority can name the odd one out)", len(names), len(stores))
	}
	sums, ents := make([]uint64, len(stores)), make([]uint64, len(stores))
	count := func() string {
		for i, st := range stores {
			ents[i] = uint64(st.Entities())
		}
		return odd(names, ents, holds)
	}
	if msg := count(); msg != "" {
		t.Fatalf("after load %s", msg)
	}
	out := make([]uint64, frames)
	for f := range frames {
		for i, st := range stores {
			sums[i] = st.Frame()
		}
		if msg := odd(names, sums, checksum); msg != "" {
			t.Fatalf("frame %d: %s", f, msg)
		}
		out[f] = sums[0]
		if msg := count(); msg != "" {
			t.Fatalf("frame %d: %s", f, msg)
		}
	}
	return out
}

// What a store's value is, in a message: "map checksum 00000000000000ff", "map holds 7
// entities".
func checksum(name string, v uint64) string { return fmt.Sprintf("%s checksum %016x", name, v) }
func holds(name string, v uint64) string    { return fmt.Sprintf("%s holds %d entities", name, v) }

// against says which of vals (named by names) differ from want, the reference's, or
// "" when none does.
func against(names []string, vals []uint64, want uint64, show func(string, uint64) string) string {
	var bad []string
	for i, v := range vals {
		if v != want {
			bad = append(bad, show(names[i], v))
		}
	}
	switch {
	case len(bad) == 0:
		return ""
	case len(bad) > 1 && len(bad) == len(vals) && allEqual(vals):
		return fmt.Sprintf("every store agrees (%s), the reference does not (%s): suspect the reference",
			show(strings.Join(names, ", "), vals[0]), show("the reference", want))
	}
	return strings.Join(bad, ", ") + ", " + show("reference", want)
}

// odd says which of vals (named by names) differ from what more than half of them
// hold, or, with no such majority, what each holds; "" when all agree.
func odd(names []string, vals []uint64, show func(string, uint64) string) string {
	if allEqual(vals) {
		return ""
	}
	counts := map[uint64]int{}
	for _, v := range vals {
		counts[v]++
	}
	var parts []string
	for v, n := range counts {
		if 2*n > len(vals) {
			for i, w := range vals {
				if w != v {
					parts = append(parts, show(names[i], w))
				}
			}
			return fmt.Sprintf("%s, against the other %d: %s", strings.Join(parts, ", "), n, show(strings.Join(without(names, vals, v), ", "), v))
		}
	}
	for i, w := range vals {
		parts = append(parts, show(names[i], w))
	}
	return "the stores disagree, with no majority: " + strings.Join(parts, "; ")
}

// without lists the names whose value is v.
func without(names []string, vals []uint64, v uint64) []string {
	var out []string
	for i, w := range vals {
		if w == v {
			out = append(out, names[i])
		}
	}
	return out
}

func allEqual(vals []uint64) bool {
	for _, v := range vals {
		if v != vals[0] {
			return false
		}
	}
	return true
}

// Agree loads every backing with load and runs them in Lockstep with model, named as
// in workload.Backings. It returns the model's checksums, one per frame.
func Agree(t testing.TB, model Model, frames int, load func(backing string) workload.Store) []uint64 {
	t.Helper()
	stores := make([]workload.Store, len(workload.Backings))
	for i, b := range workload.Backings {
		stores[i] = load(b)
	}
	return Lockstep(t, model, stores, workload.Backings, frames)
}

// Seeds are the seeds every small agreement case runs under: equal work must not hang
// on one lucky world.
var Seeds = []int64{1, 2, 9001}

// EachSeed runs check once for each of Seeds, as a subtest named "seed=N", with over
// (which it leaves alone) plus that seed. With -short it runs the first seed only:
// that is the race detector's pass of make test, after the full pass has run every
// seed, and the checks it repeats run on one goroutine, so that a second and third
// world would give the detector no code path the first did not.
func EachSeed(t *testing.T, over workload.Params, check func(t *testing.T, over workload.Params)) {
	seeds := Seeds
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			p := over.Clone()
			p[workload.Seed.Name] = seed
			check(t, p)
		})
	}
}

// Distinct is how many different values sums holds. Frames differ (the camera pans,
// bullets spawn, the window sweeps), so checksums that rarely change mean that the
// work is not being folded in, and the agreement they show proves little.
func Distinct(sums []uint64) int {
	seen := make(map[uint64]bool, len(sums))
	for _, s := range sums {
		seen[s] = true
	}
	return len(seen)
}

// Case is one small world every backing must agree on: the defaults overridden by
// Over, corner cases (one entity, a world of one cell, …) among them.
type Case struct {
	Name string
	Over workload.Params
}

// NewModel makes a workload's reference model for resolved parameters p: config reads
// them as the workload's stores do (whatever the backing's own limits), model builds the
// model from what it read, and the model's Load, when it has one, loads it.
func NewModel[C any, M Model](t testing.TB, p workload.Params, config func(workload.Params) (C, error), model func(C) M) M {
	t.Helper()
	c, err := config(p)
	if err != nil {
		t.Fatal(err)
	}
	m := model(c)
	if l, ok := any(m).(interface {
		Load(context.Context, func(float64)) error
	}); ok {
		if err := l.Load(context.Background(), func(float64) {}); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// CaseFrames is how many frames Agreement runs each small case for: long enough for
// the worlds to churn (bullets die and handles go stale, sprites wrap around the
// world, the window sweeps its map). With -short it is ShortFrames: the race pass of
// make test runs after the full pass has run every case to the end, and it is there
// to watch goroutines, of which the frames start none.
func CaseFrames() int {
	if testing.Short() {
		return ShortFrames
	}
	return 220
}

// ShortFrames is how long a world runs with -short.
const ShortFrames = 60

// DefaultsFrames is how many frames Agreement runs at a workload's defaults. The small
// cases run their worlds long (220 frames, under three seeds); the full-size world is
// there for what only size shows (ids, coordinates and tables beyond what a small
// world reaches, structures at their real load), which the first frames already meet,
// while each of its frames costs as much as a whole small case.
const DefaultsFrames = 40

// Agreement is a workload's test of equal work (docs/design.md, rule 1): every backing,
// loaded with load, runs in Lockstep with the workload's reference model, made with
// model, for CaseFrames on each case under each of Seeds (EachSeed), then, unless
// -short, for DefaultsFrames frames at spec's defaults (one seed keeps the full-size
// world within seconds), whose model, run to the end, and checksums full checks
// further.
func Agreement[M Model, S workload.Store](t *testing.T, spec *workload.Spec, cases []Case,
	model func(testing.TB, workload.Params) M, load func(testing.TB, workload.Params, string) S,
	full func(t *testing.T, ref M, sums []uint64)) {
	run := func(t *testing.T, p workload.Params, frames int) (M, []uint64) {
		ref := model(t, p)
		return ref, Agree(t, ref, frames, func(b string) workload.Store { return load(t, p, b) })
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			EachSeed(t, tc.Over, func(t *testing.T, p workload.Params) { run(t, Resolve(t, spec, p), CaseFrames()) })
		})
	}
	t.Run("defaults", func(t *testing.T) {
		if testing.Short() {
			t.Skip("full-size world: run without -short")
		}
		ref, sums := run(t, Resolve(t, spec, nil), DefaultsFrames)
		full(t, ref, sums)
	})
}

// Varied fails t when sums, a run's checksums, hold fewer than least distinct values:
// the checksum does not follow what changes from frame to frame (what), so the
// agreement it shows proves little (Distinct).
func Varied(t testing.TB, sums []uint64, least int, what string) {
	t.Helper()
	if distinct := Distinct(sums); distinct < least {
		t.Fatalf("only %d distinct checksums in %d frames: the checksum does not follow %s", distinct, len(sums), what)
	}
}
