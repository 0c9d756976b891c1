package workloads

import (
	"context"
	"fmt"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// TestEqualWork is rule 1 of docs/design.md across the whole matrix: for each workload and seed,
// every backing returns the same checksum for every frame. The workload packages test
// their own corner cases; this test proves the registry's matrix as the lab will run it,
// each way of doing the work included: every parameter that switches between a few
// ways (tiles' order and growth, bullets' despawn, dispatch and allocs) is run small at
// each of its values, since a backing can do its default way right and another wrong
// (a rowvec visiting the window by column wrongly was caught once only by the tiles
// package).
func TestEqualWork(t *testing.T) {
	type size struct {
		name   string
		params workload.Params // on top of the defaults
		frames int
		varied bool // frames differ enough that their checksums must too
	}
	small := workload.Params{"entities": 3000}
	frames := map[string]int{"one": 200, "small": 250}
	seeds := []int64{1, 2, 77}
	if testing.Short() {
		// As workloadtest.EachSeed and CaseFrames: the race pass runs each world once,
		// briefly, after the full pass has run them all.
		frames["one"], frames["small"] = workloadtest.ShortFrames, workloadtest.ShortFrames
		seeds = seeds[:1]
	}
	for _, spec := range All() {
		sizes := []size{
			{"one", workload.Params{"entities": 1}, frames["one"], false},
			{"small", small, frames["small"], true},
		}
		for _, q := range modes(spec) {
			for v := q.Min; v <= q.Max; v++ {
				if v != q.Default {
					p := small.Clone()
					p[q.Name] = v
					sizes = append(sizes, size{fmt.Sprintf("small, %s=%d", q.Name, v), p, frames["small"], true})
				}
			}
		}
		if !testing.Short() {
			// Each workload's agreement test runs its full-size world against its model
			// for workloadtest.DefaultsFrames; here the registry's matrix at full size
			// needs a few frames, which meet what only size shows.
			sizes = append(sizes, size{"defaults", workload.Params{}, 10, true})
		}
		for _, sz := range sizes {
			for _, seed := range seeds {
				if sz.name == "defaults" && seed != 1 {
					continue // one seed at full size keeps the suite within seconds
				}
				p := sz.params.Clone()
				p["seed"] = seed
				t.Run(fmt.Sprintf("%s/%s/seed=%d", spec.Name, sz.name, seed), func(t *testing.T) {
					checkEqualWork(t, spec, p, sz.frames, sz.varied)
				})
			}
		}
	}
}

// modes are spec's parameters that switch between a few ways of doing the work (at
// most three values) rather than set a size.
func modes(spec *workload.Spec) []workload.Param {
	var out []workload.Param
	for _, q := range spec.Params {
		if q.Max-q.Min <= 2 {
			out = append(out, q)
		}
	}
	return out
}

// checkEqualWork runs every backing frame by frame in lockstep, made through the
// registry as the lab makes them, and fails at the first frame whose checksum or
// entity count differs, naming the backing that disagrees with the others.
func checkEqualWork(t *testing.T, spec *workload.Spec, p workload.Params, frames int, varied bool) {
	t.Helper()
	stores := make([]workload.Store, len(workload.Backings))
	for i, b := range workload.Backings {
		st, err := newStore(spec.Name, p, b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if err := st.Load(context.Background(), func(float64) {}); err != nil {
			t.Fatalf("%s: load: %v", b, err)
		}
		stores[i] = st
	}
	sums := workloadtest.Majority(t, stores, workload.Backings, frames)
	if d := workloadtest.Distinct(sums); varied && d < frames/2 {
		t.Fatalf("only %d distinct checksums in %d frames: the checksum does not follow the work", d, frames)
	}
}

func TestLookup(t *testing.T) {
	for _, name := range Names() {
		if s, err := Lookup(name); err != nil || s.Name != name {
			t.Errorf("Lookup(%q) = %v, %v", name, s, err)
		}
	}
	if _, err := Lookup("sprite"); err == nil {
		t.Error("Lookup(\"sprite\") found a workload")
	}
	if _, err := newStore("sprites", nil, "slotmapp"); err == nil {
		t.Error("newStore with backing \"slotmapp\" succeeded")
	}
	if _, err := newStore("sprites", workload.Params{"entities": 0}, workload.SoA); err == nil {
		t.Error("newStore with entities=0 succeeded")
	}
	if _, err := newStore("sprites", workload.Params{"entitees": 10}, workload.SoA); err == nil {
		t.Error("newStore with an unknown parameter succeeded")
	}
}

// newStore resolves p against the named workload and makes the store of one
// backing, built in or registered, through the registry as the lab's worker does.
func newStore(name string, p workload.Params, backing string) (workload.Store, error) {
	spec, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if p, err = spec.Resolve(p); err != nil {
		return nil, err
	}
	return spec.NewStore(p, backing)
}

// TestNotes checks that the app has a teaching text for every backing of every workload.
func TestNotes(t *testing.T) {
	for _, spec := range All() {
		for _, b := range workload.Backings {
			if len(spec.Notes[b]) < 40 {
				t.Errorf("%s: backing %s has no teaching note (%q)", spec.Name, b, spec.Notes[b])
			}
		}
	}
}
