package sweep

import (
	"slices"
	"strings"
	"testing"
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
		{"value out of range", func(c *Config) { c.Values = []int64{0, 1000} }, "values: 0 is out of range for entities (want 1 to 10000000)"},
		{"one value", func(c *Config) { c.Values = []int64{1000} }, "values: 1 given (want at least 2)"},
		{"a value twice", func(c *Config) { c.Values = []int64{1000, 5000, 1000} }, "values: 1000 given twice"},
		{"a value the workload refuses", func(c *Config) { c.Param, c.Values = "cold_bytes", []int64{0, 12} },
			"cold_bytes = 12: params: ptrarray: sprites: cold_bytes = 12 is not a multiple of 8"},
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
