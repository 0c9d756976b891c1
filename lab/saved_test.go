package lab_test

import (
	"path/filepath"
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/workloads/workload"
)

// TestLoadRunKnowsItsBackings: a saved run whose workload or backings this binary
// does not have is refused by name, after the file's own checks; one it has reads.
func TestLoadRunKnowsItsBackings(t *testing.T) {
	dir := t.TempDir()
	save := func(name string, edit func(*result.Run)) string {
		r := runtest.Synthetic([]string{"soa", "ptrarray"}, []float64{1, 2}, []int64{1, 2})
		r.Cache, r.Rounds = result.Warm, []result.Round{{First: 0, Frames: r.Frames, Order: []int{0, 1}}}
		edit(r)
		path := filepath.Join(dir, name)
		if err := result.SaveJSON(path, r); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := save("good.json", func(*result.Run) {})
	if _, err := lab.LoadRun(good); err != nil {
		t.Fatalf("LoadRun of a good run: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(*result.Run)
		want string
	}{
		{"foo.json", func(r *result.Run) { r.Workload = "foo" }, `foo.json: workload: unknown workload "foo"`},
		{"slotmapp.json", func(r *result.Run) { rename(r, "ptrarray", "slotmapp") }, `slotmapp.json: backings[1]: unknown backing "slotmapp"`},
		{"aos.json", func(r *result.Run) { rename(r, "ptrarray", "aos") }, "read by the program that registers it"},
		{"frames.json", func(r *result.Run) { r.Frames = 1e9 }, "frames.json: frames: 1000000000 is out of range"},
		{"entities.json", func(r *result.Run) { r.Params = workload.Params{"entities": -4} }, "entities.json: params: entities = -4 is out of range for sprites"},
	} {
		_, err := lab.LoadRun(save(tt.name, tt.edit))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("LoadRun(%s) = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

// rename renames a backing of r, its ratios too.
func rename(r *result.Run, from, to string) {
	for i := range r.Backings {
		if r.Backings[i].Name == from {
			r.Backings[i].Name = to
		}
	}
	for i := range r.Ratios {
		if r.Ratios[i].Backing == from {
			r.Ratios[i].Backing = to
		}
		if r.Ratios[i].Vs == from {
			r.Ratios[i].Vs = to
		}
	}
}

// TestResultLimitsAreTheLabs: a file is held to the limits of the lab that writes
// it, so that every run it saves reads back.
func TestResultLimitsAreTheLabs(t *testing.T) {
	if result.MaxBackings != workload.MaxPerRun || result.MaxFrames != lab.MaxFrames {
		t.Errorf("result.MaxBackings %d, MaxFrames %d; the lab's: %d, %d", result.MaxBackings, result.MaxFrames, workload.MaxPerRun, lab.MaxFrames)
	}
}

// TestLoadSweepValuesInRange: a sweep's values and what its tied parameters took at
// each point are the parameter's, in its range: a point of −5 entities is no world,
// and was drawn. LoadSaved reads either kind of file with the same checks.
func TestLoadSweepValuesInRange(t *testing.T) {
	dir := t.TempDir()
	save := func(name string, edit func(*result.Sweep)) string {
		s, err := result.LoadSweepJSON("result/testdata/sweep.json")
		if err != nil {
			t.Fatal(err)
		}
		edit(s)
		path := filepath.Join(dir, name)
		if err := result.SaveSweepJSON(path, s); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := save("good.json", func(*result.Sweep) {})
	if _, err := lab.LoadSweep(good); err != nil {
		t.Fatalf("LoadSweep of a good sweep: %v", err)
	}
	if r, s, err := lab.LoadSaved(good); err != nil || r != nil || s == nil {
		t.Fatalf("LoadSaved of a good sweep: %v, %v, %v", r, s, err)
	}
	pages := save("pages.json", func(s *result.Sweep) { // a sweep of the page mode, huge then small
		s.Param, s.LogX, s.Modes, s.Pages = result.PagesParam, false, true, ""
		s.Values, s.Labels = []int64{0, 1}, []string{result.PagesHuge, result.PagesSmall}
		s.Points, s.Crossings, s.Markers = s.Points[:2], []result.Crossing{}, []result.Marker{}
		s.Points[0].Value, s.Points[1].Value = 0, 1
	})
	if _, err := lab.LoadSweep(pages); err != nil {
		t.Errorf("LoadSweep of a sweep of the page mode: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(*result.Sweep)
		want string
	}{
		{"minus5.json", func(s *result.Sweep) { s.LogX, s.Values = false, append([]int64{-5}, s.Values...) },
			"minus5.json: values[0]: entities = -5 is out of range for sprites"},
		{"tied.json", func(s *result.Sweep) { s.Points[0].Tied = workload.Params{"on_screen": -3} },
			"tied.json: points[0] (entities = 1000): tied params: on_screen = -3 is out of range for sprites"},
	} {
		path := save(tt.name, tt.edit)
		_, err := lab.LoadSweep(path)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("LoadSweep(%s) = %v, want an error containing %q", tt.name, err, tt.want)
		}
		if _, _, err := lab.LoadSaved(path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("LoadSaved(%s) = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}
