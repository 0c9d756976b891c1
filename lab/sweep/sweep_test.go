package sweep

import (
	"slices"
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// TestCheckBadInput: every mistake is caught before a point runs, and the error names
// it: the parameter, the value, the count of values.
func TestCheckBadInput(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"unknown parameter", func(c *Config) { c.Param = "entitees" }, `param: the sprites workload has no parameter "entitees" (want one of seed, entities,`},
		{"value out of range", func(c *Config) { c.Values = []int64{0, 1000} }, "values: entities: 0 is out of range for sprites (want 1 to 10000000)"},
		{"one value", func(c *Config) { c.Values = []int64{1000} }, "values: 1 given (want at least 2)"},
		{"a value twice", func(c *Config) { c.Values = []int64{1000, 5000, 1000} }, "values: 1000 given twice"},
		{"a value the workload refuses", func(c *Config) { c.Param, c.Values = "cold_bytes", []int64{0, 12} },
			"values: cold_bytes: 12 is not allowed for sprites (want 0, 8, 16, 32, 64, 128 or 256)"},
		{"negative budget", func(c *Config) { c.Budget = -1 }, "budget: -1ns is negative"},
		{"unknown workload", func(c *Config) { c.Run.Workload = "sprite" }, "workload: "},
		{"warm-up too long", func(c *Config) { c.Warmup = 24 }, "warmup: 24 is out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := testConfig(t, "entities", []int64{1000, 2000}, "ptrarray", "soa")
			tc.change(&c)
			err := c.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestCheckCompletes: the values are sorted, defaults fill in for none, and the run's
// parameters are resolved.
func TestCheckCompletes(t *testing.T) {
	c := testConfig(t, "moving_pct", []int64{50, 0, 5}, "soa")
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Values, []int64{0, 5, 50}) {
		t.Errorf("values = %v, want them sorted", c.Values)
	}
	if c.Run.Params["depths"] != 16 {
		t.Errorf("params = %v, want the defaults filled in", c.Run.Params)
	}
	c = testConfig(t, "cold_bytes", nil, "soa")
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Values, []int64{0, 8, 16, 32, 64, 128, 256}) {
		t.Errorf("values = %v, want the defaults of cold_bytes", c.Values)
	}
}

// TestTied: an entities sweep of sprites holds the share of sprites in view, not their
// number, unless the run sets on_screen to another value; nothing else is tied.
func TestTied(t *testing.T) {
	sprites, err := workloads.Lookup("sprites")
	if err != nil {
		t.Fatal(err)
	}
	tiles, err := workloads.Lookup("tiles")
	if err != nil {
		t.Fatal(err)
	}
	if got := Tied(sprites, "entities", workload.Params{}); got["on_screen"] != 0.002 || len(got) != 1 {
		t.Errorf("entities sweep of sprites ties %v, want on_screen at 0.002", got)
	}
	if got := Tied(sprites, "entities", workload.Params{"on_screen": 2000}); got == nil {
		t.Error("on_screen at its default unties it")
	}
	for _, tt := range []struct {
		spec  *workload.Spec
		param string
		set   workload.Params
	}{{sprites, "entities", workload.Params{"on_screen": 16}}, {sprites, "moving_pct", nil}, {tiles, "entities", nil}} {
		if got := Tied(tt.spec, tt.param, tt.set); got != nil {
			t.Errorf("%s over %s with %v ties %v, want nothing", tt.spec.Name, tt.param, tt.set, got)
		}
	}
	c := Config{Run: lab.Config{Workload: "sprites", Backings: []string{workload.SoA}}, Param: "entities", Values: []int64{1000, 1_000_000, 4_000_000}}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	for v, want := range map[int64]int64{1000: 2, 1_000_000: 2000, 4_000_000: 8000} {
		if got := c.point(v).Params["on_screen"]; got != want {
			t.Errorf("point %d: on_screen %d, want %d", v, got, want)
		}
	}
	if err := c.Check(); err != nil || c.tied == nil {
		t.Errorf("a second Check lost the tie: %v, %v", c.tied, err)
	}
}
