package launch

import (
	"errors"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
	"localitylab/lab"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

func TestOverridesApply(t *testing.T) {
	base, err := presets.Lookup("sprites-million")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		o              Overrides
		entities       int64
		frames, warmup int
		err            string
	}{
		{"nothing", Overrides{}, base.Params["entities"], base.Frames, base.Warmup, ""},
		{"small", Overrides{Params: workload.Params{"entities": 2000}, Frames: 20, FramesSet: true}, 2000, 20, 2, ""},
		{"warm-up kept", Overrides{Frames: 100, FramesSet: true}, base.Params["entities"], 100, base.Warmup, ""},
		{"zero frames", Overrides{Frames: 0, FramesSet: true}, 0, 0, 0, "-frames: 0 is out of range (want 1 to 100000)"},
		{"zero entities", Overrides{Params: workload.Params{"entities": 0}}, 0, 0, 0, "-entities: 0 is out of range for sprites (want 1 to 10000000)"},
		{"too many", Overrides{Params: workload.Params{"entities": 20_000_000}}, 0, 0, 0, "-entities: 20000000 is out of range for sprites (want 1 to 10000000)"},
		{"another workload's", Overrides{Params: workload.Params{"span": 3}}, 0, 0, 0, "-span: the sprites workload has no such parameter (its parameters: seed, entities"},
		{"across parameters", Overrides{Params: workload.Params{"min_size": 9, "max_size": 8}}, 0, 0, 0, "sprites: min_size = 9 is larger than max_size = 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.o.Apply(base)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Params["entities"] != tt.entities || got.Frames != tt.frames || got.Warmup != tt.warmup {
				t.Errorf("entities %d, frames %d, warm-up %d; want %d, %d, %d", got.Params["entities"], got.Frames, got.Warmup,
					tt.entities, tt.frames, tt.warmup)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("the result is no valid preset: %v", err)
			}
		})
	}
	if base.Params["entities"] != 1_000_000 {
		t.Error("Apply changed the preset it was given")
	}
	for mode, want := range map[string]string{"cold": "cold", "warm": "", "": base.Cache} {
		got, err := Overrides{Cache: mode}.Apply(base)
		if err != nil || got.Cache != want {
			t.Errorf("-cache %q: setup's cache %q, %v; want %q", mode, got.Cache, err, want)
		}
	}
}

// TestFlagError: bench and the app report an error of lab.Config.Check by the flag
// at fault, found from the error's field: a parameter's by its ParamError, a store's
// refusal of parameters that do not go together as the store says it, any other
// field by its name, which is its flag's.
func TestFlagError(t *testing.T) {
	for _, tt := range []struct {
		name   string
		params workload.Params
		frames int
		want   string
	}{
		{"in range", workload.Params{"cols": 64}, 10, ""},
		{"out of range", workload.Params{"cols": 0}, 10, "-cols: 0 is out of range for tiles (want 1 to 32768)"},
		{"another workload's", workload.Params{"lifetime": 5}, 10, "-lifetime: the tiles workload has no such parameter (its parameters: seed, "},
		{"across parameters", workload.Params{"cols": 1, "rows": 1, "span": 2}, 10, "tiles: span = 2 does not fit in the map of 1×1 tiles (want 1 to 1)"},
		{"frames", nil, 0, "-frames: 0 is out of range (want 1 to 100000)"},
	} {
		c := lab.Config{Workload: "tiles", Backings: []string{workload.SoA}, Params: tt.params, Frames: tt.frames}
		err := c.Check()
		if err != nil {
			err = FlagError(err)
		}
		testcheck.Err(t, err, tt.want, "%s", tt.name)
		if err != nil && !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %q does not begin with %q", tt.name, err, tt.want)
		}
		var pe *workload.ParamError
		if tt.params != nil && tt.want != "" && tt.want[0] == '-' && !errors.As(err, &pe) {
			t.Errorf("%s: %v does not carry the parameter's error", tt.name, err)
		}
	}
}
