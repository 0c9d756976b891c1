package launch

import (
	"errors"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
	"localitylab/presets"
	"localitylab/workloads"
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

// TestCheckParamNamesTheFlag: bench and the app report a parameter by its flag.
func TestCheckParamNamesTheFlag(t *testing.T) {
	spec, err := workloads.Lookup("tiles")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		v    int64
		want string
	}{
		{"cols", 64, ""},
		{"cols", 0, "-cols: 0 is out of range for tiles (want 1 to 32768)"},
		{"lifetime", 5, "-lifetime: the tiles workload has no such parameter"},
	} {
		testcheck.Err(t, CheckParam(spec, tt.name, tt.v), tt.want, "CheckParam(%s, %d)", tt.name, tt.v)
	}
}

func TestFlagError(t *testing.T) {
	for in, want := range map[string]string{
		"frames: 0 is out of range (want 1 to 100000)": "-frames: 0 is out of range (want 1 to 100000)",
		"params: sprites: min_size = 9 is larger":      "sprites: min_size = 9 is larger",
	} {
		if got := FlagError(errors.New(in)).Error(); got != want {
			t.Errorf("FlagError(%q) = %q, want %q", in, got, want)
		}
	}
}
