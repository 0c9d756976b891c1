package presets

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"localitylab/workloads"
)

func TestBuiltins(t *testing.T) {
	all := Builtin()
	away, why := Unavailable()
	if len(all)+len(away) != len(builtinOrder) {
		t.Fatalf("%d built-in presets offered and %d not, want %d in all", len(all), len(away), len(builtinOrder))
	}
	seen := map[string]bool{}
	for _, p := range all {
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if seen[p.Name] {
			t.Errorf("%s: name used twice", p.Name)
		}
		seen[p.Name] = true
		if p.Lesson == "" {
			t.Errorf("%s: built-in preset without a lesson", p.Name)
		}
		// A lesson's own run tests each claim under the claim's conditions.
		spec, _ := workloads.Lookup(p.Workload)
		own, _ := spec.Resolve(p.Params)
		for i, c := range p.Claims {
			for _, k := range c.Conditions.Keys() {
				if c.Conditions[k] != own[k] {
					t.Errorf("%s: claims[%d]: conditions %s = %d, but the preset runs %d", p.Name, i, k, c.Conditions[k], own[k])
				}
			}
		}
	}
	// Every lesson runs in the plain binary a class is given: none may compare a
	// backing that only a program of one's own registers.
	if len(away) != 0 {
		t.Errorf("unavailable presets %v (%v): every built-in lesson must run in the plain binary", away, why)
	}
	if Default().Name != "sprites-million" {
		t.Errorf("default preset is %q", Default().Name)
	}
	for _, w := range []string{"sprites", "bullets", "tiles"} {
		if !seen["all-six-"+w] {
			t.Errorf("no all-six preset for %s", w)
		}
	}
}

// valid is a minimal correct preset file; the table below breaks one field at a time.
const valid = `{"schema": "localitylab/preset/v1", "name": "x", "title": "X",
 "workload": "sprites", "backings": ["soa", "ptrarray"], "params": {"entities": 5000},
 "frames": 100, "warmup": 10}`

func TestParseErrorsNameTheField(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{"unknown backing", `"ptrarray"]`, `"slotmapp"]`, `backings: unknown backing "slotmapp"`},
		{"duplicate backing", `"ptrarray"]`, `"soa"]`, `backings: "soa" given twice`},
		{"no backings", `["soa", "ptrarray"]`, `[]`, "backings: 0 given"},
		{"unknown workload", `"sprites"`, `"sprite"`, `workload: unknown workload "sprite"`},
		{"zero entities", `"entities": 5000`, `"entities": 0`, "params: entities: 0 is out of range for sprites"},
		{"absurd entities", `"entities": 5000`, `"entities": 99999999999`, "params: entities: 99999999999 is out of range for sprites"},
		{"unknown param", `"entities": 5000`, `"entitees": 5000`, `params: entitees: the sprites workload has no such parameter`},
		{"zero frames", `"frames": 100`, `"frames": 0`, "frames: 0 is out of range"},
		{"warmup too long", `"warmup": 10`, `"warmup": 100`, "warmup: 100 is out of range"},
		{"page mode", `"warmup": 10`, `"warmup": 10, "pages": "giant"`, `pages: "giant" (want system, huge or small)`},
		{"wrong schema", `preset/v1`, `preset/v9`, "schema:"},
		{"empty title", `"title": "X"`, `"title": " "`, "title: empty"},
		{"unknown field", `"title": "X"`, `"titel": "X"`, `unknown field "titel"`},
		{"syntax error", `"frames": 100,`, `"frames": 100`, "line 3:"},
		{"claim on a backing not run", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "frame", "slower": "map", "faster": "soa", "ratio": 2}]`, `claims[0]: slower: "map" is not one of the preset's backings`},
		{"claim metric", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "fps", "slower": "ptrarray", "faster": "soa", "ratio": 2}]`, `claims[0]: metric: "fps"`},
		{"claim ratio", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "frame", "slower": "ptrarray", "faster": "soa"}]`, `claims[0]: ratio: 0 (want a positive number)`},
		{"budget with a ratio", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "budget", "slower": "ptrarray", "faster": "soa", "ratio": 2}]`, `claims[0]: ratio: 2 (a budget claim has none`},
		{"conditions without setting", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2, "conditions": {"entities": 5}}]`, `claims[0]: setting: empty`},
		{"conditions out of range", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2, "conditions": {"entities": 0}, "setting": "s"}]`, `claims[0]: conditions: entities: 0 is out of range for sprites`},
		{"conditions unknown", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2, "conditions": {"entitees": 5}, "setting": "s"}]`, `claims[0]: conditions: entitees: the sprites workload has no such parameter`},
		{"sweep of an unknown parameter", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entitees", "values": [1, 2]}`, `sweep: param: the sprites workload has no parameter "entitees"`},
		{"sweep of one value", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000]}`, "sweep: values: 1 given (want at least 2)"},
		{"sweep value out of range", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "moving_pct", "values": [0, 101]}`, "sweep: values: 101 is out of range for moving_pct (want 0 to 100)"},
		{"sweep values out of order", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [2000, 1000]}`, "sweep: values: 1000 after 2000 (want increasing values)"},
		{"sweep claim without a sweep", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "metric": "growth", "backing": "soa", "ratio": 1}]`, `claims[0]: metric: "growth" is about a sweep, and the preset has none`},
		{"growth claim naming two backings", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "growth", "slower": "soa", "faster": "ptrarray", "ratio": 1}]`, `claims[0]: slower and faster: set in a "growth" claim`},
		{"control not run", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "growth", "backing": "soa", "control": "map", "ratio": 1}]`, `claims[0]: control: "map" is not one of the preset's backings`},
		{"control is the backing", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "growth", "backing": "soa", "control": "soa", "ratio": 1}]`, `claims[0]: control: "soa" is the claim's own backing`},
		{"cost of a cliff", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "cliff", "backing": "soa", "cost": "frame+gc", "ratio": 1}]`, `claims[0]: cost: set in a "cliff" claim`},
		{"cost unknown", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "growth", "backing": "soa", "cost": "wall", "ratio": 1}]`, `claims[0]: cost: "wall" (want "frame" or "frame+gc")`},
		{"control of a cliff", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "cliff", "backing": "soa", "control": "ptrarray", "ratio": 1}]`, `claims[0]: control: set in a "cliff" claim`},
		{"cliff claim on a backing not run", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "cliff", "backing": "map", "ratio": 1}]`, `claims[0]: backing: "map" is not one of the preset's backings`},
		// Text no lesson needs is refused, naming the limit.
		{"a megabyte of lesson", `"title": "X"`, `"title": "X", "lesson": "` + strings.Repeat("word ", 1<<20/5) + `"`, "lesson: 1024 KiB of text (at most 32.0 KiB)"},
		{"a long title", `"title": "X"`, `"title": "` + strings.Repeat("é", 201) + `"`, "title: 201 characters (at most 200)"},
		{"a long name", `"name": "x"`, `"name": "` + strings.Repeat("x", 101) + `"`, "name: 101 characters (at most 100)"},
		{"a long claim", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "` + strings.Repeat("t", 2001) + `", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2}]`, "claims[0]: text: 2001 characters (at most 2000)"},
		{"a long setting", `"warmup": 10`, `"warmup": 10, "claims": [{"text": "t", "setting": "` + strings.Repeat("s", 2001) + `", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2}]`, "claims[0]: setting: 2001 characters"},
		{"many claims", `"warmup": 10`, `"warmup": 10, "claims": [` + strings.Repeat(`{"text": "t", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2},`, 16) + `{"text": "t", "metric": "frame", "slower": "ptrarray", "faster": "soa", "ratio": 2}]`, "claims: 17 (at most 16)"},
		{"many sweep values", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [` + sweepValues(51) + `]}`, "sweep: values: 51 (at most 50)"},
		{"crossing claim with one backing", `"warmup": 10`, `"warmup": 10, "sweep": {"param": "entities", "values": [1000, 2000]}, "claims": [{"text": "t", "metric": "crossing", "backing": "soa", "ratio": 1}]`, `claims[0]: backing: set in a "crossing" claim, which compares two backings`},
	}
	if _, err := Parse([]byte(valid), "lesson1.json"); err != nil {
		t.Fatalf("the valid preset does not parse: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := strings.Replace(valid, tt.old, tt.new, 1)
			if data == valid {
				t.Fatalf("%q not found in the valid preset", tt.old)
			}
			_, err := Parse([]byte(data), "lesson1.json")
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), "preset lesson1.json: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to name the file and contain %q", err, tt.want)
			}
		})
	}
}

// sweepValues lists n increasing values of entities.
func sweepValues(n int) string {
	vals := make([]string, n)
	for i := range vals {
		vals[i] = strconv.Itoa(1000 * (i + 1))
	}
	return strings.Join(vals, ", ")
}

func TestSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	p := Default()
	p.Name, p.Title = "mine", "My run"
	path := filepath.Join(dir, "mine.json")
	if err := Save(path, p); err != nil {
		t.Fatal(err)
	}
	got, err := Lookup(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, p) {
		t.Errorf("round trip changed the preset:\n got %+v\nwant %+v", got, p)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestSaveFailures(t *testing.T) {
	dir := t.TempDir()
	bad := Default()
	bad.Backings = nil
	if err := Save(filepath.Join(dir, "bad.json"), bad); err == nil || !strings.Contains(err.Error(), "backings") {
		t.Errorf("saving an invalid preset: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.json")); !os.IsNotExist(err) {
		t.Error("an invalid preset was written")
	}
	err := Save(filepath.Join(dir, "no", "such", "dir.json"), Default())
	if err == nil || !strings.Contains(err.Error(), "dir.json") {
		t.Errorf("saving into a missing directory: %v", err)
	}
}

func TestLookup(t *testing.T) {
	if p, err := Lookup("tiles-rows"); err != nil || p.Workload != "tiles" {
		t.Errorf("Lookup(tiles-rows) = %v, %v", p.Name, err)
	}
	if _, err := Lookup("no-such-preset"); err == nil || !strings.Contains(err.Error(), "sprites-million") {
		t.Errorf("unknown name: %v (want the known names listed)", err)
	}
	if _, err := Lookup("missing.json"); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing file: %v", err)
	}
}

// TestLoadErrorsNameTheFile covers the files that never reach the field checks: each
// error must still say which file it was.
func TestLoadErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "gone.json"), "gone.json"},
		{"a directory", dir, "is a directory"},
		{"empty", write("empty.json", ""), "preset empty.json: EOF"},
		{"not an object", write("list.json", "[1, 2]"), "preset list.json: json: cannot unmarshal array"},
		{"trailing garbage", write("twice.json", valid+"}"), "preset twice.json: line 3: text after"},
		{"two presets", write("two.json", valid+valid), "preset two.json: line 3: text after"},
		{"too large", write("big.json", valid+strings.Repeat(" ", MaxFileBytes)), "preset big.json: larger than 4 MiB, the most a preset file may be"},
		{"endless", "/dev/zero", "preset zero: larger than 4 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tt.path)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), filepath.Base(tt.path)) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to name %s and contain %q", err, filepath.Base(tt.path), tt.want)
			}
		})
	}
}

// TestUnavailableSaysWhy: a built-in lesson about a backing this binary lacks (one a
// program of one's own registers, such as examples/aos's) is not offered, and asking
// for it names the backing and where one comes from.
func TestUnavailableSaysWhy(t *testing.T) {
	saved := builtins
	t.Cleanup(func() { builtins = saved })
	own := builtins[0]
	own.Name, own.Backings = "own-backing", []string{"aos", "soa"}
	builtins = append(append([]Preset(nil), saved...), own)

	away, why := Unavailable()
	if len(away) != 1 || away[0].Name != "own-backing" || !strings.Contains(why[0].Error(), `unknown backing "aos"`) {
		t.Errorf("unavailable presets %v (%v), want own-backing, for want of aos", away, why)
	}
	if slices.ContainsFunc(Builtin(), func(p Preset) bool { return p.Name == "own-backing" }) {
		t.Error("Builtin offers a lesson whose backing this binary lacks")
	}
	if _, err := Lookup("own-backing"); err == nil || !strings.Contains(err.Error(), "go run ./examples/aos") {
		t.Errorf(`Lookup("own-backing"): %v, want an error saying where aos comes from`, err)
	}
}
