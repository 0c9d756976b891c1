package scenarios

import (
	"context"
	"fmt"
	"testing"

	"localitylab/scenarios/workload"
	"localitylab/scenarios/workload/workloadtest"
)

// TestEqualWork is rule 1 of docs/design.md across the whole matrix: for each workload and seed,
// every backing returns the same checksum for every frame. The workload packages test
// their own corner cases; this test proves the registry's matrix as the lab will run it.
func TestEqualWork(t *testing.T) {
	type size struct {
		name   string
		params workload.Params // on top of the defaults
		frames int
		varied bool // frames differ enough that their checksums must too
	}
	sizes := []size{
		{"one", workload.Params{"entities": 1}, 200, false},
		{"small", workload.Params{"entities": 3000}, 250, true},
	}
	seeds := []int64{1, 2, 77}
	if testing.Short() {
		// As workloadtest.EachSeed and CaseFrames: the race pass runs each world once,
		// briefly, after the full pass has run them all.
		sizes[0].frames, sizes[1].frames = workloadtest.ShortFrames, workloadtest.ShortFrames
		seeds = seeds[:1]
	} else {
		// Each workload's agreement test runs its full-size world against its model for
		// workloadtest.DefaultsFrames; here the registry's matrix at full size needs a
		// few frames, which meet what only size shows.
		sizes = append(sizes, size{"defaults", workload.Params{}, 10, true})
	}
	for _, spec := range All() {
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

// checkEqualWork runs every backing frame by frame in lockstep, made through the
// registry as the lab makes them, and fails at the first frame whose checksum or
// entity count differs from the first backing's.
func checkEqualWork(t *testing.T, spec *workload.Spec, p workload.Params, frames int, varied bool) {
	t.Helper()
	stores := make([]workload.Store, len(workload.Backings))
	for i, b := range workload.Backings {
		st, _, err := New(spec.Name, p, b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if err := st.Load(context.Background(), func(float64) {}); err != nil {
			t.Fatalf("%s: load: %v", b, err)
		}
		stores[i] = st
	}
	sums := workloadtest.Lockstep(t, stores[0], stores[1:], workload.Backings[1:], frames)
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
	if _, _, err := New("sprites", nil, "slotmapp"); err == nil {
		t.Error("New with backing \"slotmapp\" succeeded")
	}
	if _, _, err := New("sprites", workload.Params{"entities": 0}, workload.SoA); err == nil {
		t.Error("New with entities=0 succeeded")
	}
	if _, _, err := New("sprites", workload.Params{"entitees": 10}, workload.SoA); err == nil {
		t.Error("New with an unknown parameter succeeded")
	}
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
