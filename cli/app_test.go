package cli

import (
	"bytes"
	"errors"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/internal/exit"
	"localitylab/launch"
	"localitylab/presets"
)

// TestAppOptions checks the app's flags as the app receives them: a -preset comes
// resolved with the overrides applied; without one the overrides are passed on for
// the remembered setup.
func TestAppOptions(t *testing.T) {
	dir := t.TempDir()
	shot, save := filepath.Join(dir, "s.png"), filepath.Join(dir, "r.json")
	tests := []struct {
		name  string
		args  []string
		check func(t *testing.T, o launch.Options)
	}{
		{"none", nil, func(t *testing.T, o launch.Options) {
			if o.Setup != nil || o.Run || o.Large || o.QuitAfter != 0 || len(o.Overrides.Params) != 0 || o.Overrides.FramesSet {
				t.Errorf("options %+v, want none", o)
			}
		}},
		{"preset with overrides", []string{"-preset", "slotmap-churn", "-run", "-entities", "2000", "-frames", "20", "-large"},
			func(t *testing.T, o launch.Options) {
				s := o.Setup
				if s == nil || s.Name != "slotmap-churn" || s.Params["entities"] != 2000 || s.Frames != 20 || s.Warmup != 2 || !o.Run || !o.Large {
					t.Errorf("options %+v, setup %+v", o, s)
				}
			}},
		{"warm-up kept", []string{"-preset", "sprites-million", "-frames", "100"}, func(t *testing.T, o launch.Options) {
			if def := presets.Default(); o.Setup.Frames != 100 || o.Setup.Warmup != def.Warmup {
				t.Errorf("frames %d, warm-up %d; want 100 and the preset's %d", o.Setup.Frames, o.Setup.Warmup, def.Warmup)
			}
		}},
		{"tiles parameters", []string{"-preset", "tiles-rows", "-entities", "5000", "-cols", "64", "-span", "4"}, func(t *testing.T, o launch.Options) {
			if p := o.Setup.Params; p["entities"] != 5000 || p["cols"] != 64 || p["span"] != 4 || p["rows"] != 80 {
				t.Errorf("params %v", p)
			}
		}},
		{"overrides for the remembered setup", []string{"-entities", "7000", "-frames", "30"}, func(t *testing.T, o launch.Options) {
			if o.Setup != nil || o.Overrides.Params["entities"] != 7000 || !o.Overrides.FramesSet || o.Overrides.Frames != 30 {
				t.Errorf("options %+v", o)
			}
		}},
		{"forks", []string{"-preset", "pointer-chasing", "-forks", "5"}, func(t *testing.T, o launch.Options) {
			if o.Setup.Forks != 5 || o.Overrides.Forks != 5 {
				t.Errorf("setup forks %d, overrides %d; want 5", o.Setup.Forks, o.Overrides.Forks)
			}
		}},
		{"layout", []string{"-preset", "pointer-chasing", "-layout", "soa"}, func(t *testing.T, o launch.Options) {
			if o.Layout != "soa" {
				t.Errorf("layout %q, want soa", o.Layout)
			}
		}},
		{"counters sim", []string{"-counters", "sim"}, func(t *testing.T, o launch.Options) {
			if want := (launch.Counters{Set: true, Hardware: true, Simulate: true}); o.Counters != want {
				t.Errorf("counters %+v, want %+v", o.Counters, want)
			}
		}},
		{"counters off", []string{"-counters=false"}, func(t *testing.T, o launch.Options) {
			if want := (launch.Counters{Set: true}); o.Counters != want {
				t.Errorf("counters %+v, want %+v", o.Counters, want)
			}
		}},
		{"counters unset", []string{"-run"}, func(t *testing.T, o launch.Options) {
			if o.Counters.Set || o.Counters.Simulate {
				t.Errorf("counters %+v, want the app's own defaults", o.Counters)
			}
		}},
		{"quitting", []string{"-run", "-quit-after", "3s", "-screenshot", shot, "-save", save}, func(t *testing.T, o launch.Options) {
			if o.QuitAfter != 3*time.Second || o.Screenshot != shot || o.Save != save {
				t.Errorf("options %+v", o)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseApp(tt.args, &bytes.Buffer{})
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, o)
		})
	}
	if base, _ := presets.Lookup("slotmap-churn"); base.Params["entities"] == 2000 {
		t.Error("the overrides changed the built-in preset")
	}
}

// TestAppBadInput: every mistake in the app's flags exits with status 2 before the
// app is called, with bench's message for the same mistake.
func TestAppBadInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-entities", "0"}, "-entities: 0 is out of range for sprites (want 1 to 10000000)"},
		{[]string{"-frames", "0"}, "-frames: 0 is out of range (want 1 to 100000)"},
		{[]string{"-preset", "tiles-rows", "-frames", "1"}, "-frames: 1 with a warm-up of 0 leaves 1 to summarise"},
		{[]string{"-preset", "tiles-rows", "-entities", "0"}, "-entities: 0 is out of range for tiles"},
		{[]string{"-preset", "tiles-rows", "-frames", "0"}, "-frames: 0 is out of range (want 1 to 100000)"},
		{[]string{"-preset", "sprites-million", "-frames", "200000"}, "-frames: 200000 is out of range (want 1 to 100000)"},
		{[]string{"-preset", "sprites-million", "-entities", "20000000"}, "-entities: 20000000 is out of range for sprites (want 1 to 10000000)"},
		{[]string{"-preset", "sprites-million", "-span", "2"}, "-span: the sprites workload has no such parameter"},
		{[]string{"-preset", "sprites-million", "-min_size", "9", "-max_size", "8"}, "sprites: min_size = 9 is larger than max_size = 8"},
		{[]string{"-frames", "x"}, `invalid value "x" for flag -frames`},
		{[]string{"-entities", "-5"}, "-entities: -5 is out of range"},
		{[]string{"-quit-after", "-1s"}, "-quit-after: -1s is negative"},
		{[]string{"-screenshot", filepath.Join(dir, "s.png")}, "-screenshot: only written when quitting through -quit-after"},
		{[]string{"-quit-after", "1s", "-save", filepath.Join(dir, "nodir", "r.json")}, "-save: "},
		{[]string{"-preset", "nosuch"}, `-preset: unknown preset "nosuch"`},
		{[]string{"-preset", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus\nUsage: localitylab [flags]"},
		{[]string{"-cache", "tepid"}, `-cache: "tepid" is not a cache mode (want warm or cold)`},
		{[]string{"-forks", "0"}, "-forks: 0 (want 1 to 16)"},
		{[]string{"-forks", "17"}, "-forks: 17 (want 1 to 16)"},
		{[]string{"-preset", "tiles-rows", "-forks", "16"}, "-warmup: 4 warm-up frames of 16 over 16 forks leave fork 1 (frames 1, warm-up 1) none to measure"},
		{[]string{"-frames", "2", "-forks", "3"}, "-forks: 3 forks of a run of 2 frames leave a fork no frame"},
		{[]string{"-counters", "simulated"}, `invalid value "simulated" for flag -counters: "simulated" (want auto, sim, true or false)`},
		{[]string{"-pages", "2M"}, `-pages: "2M" is not a page mode (want system, huge or small)`},
		{[]string{"-run", "extra"}, `unexpected argument "extra"`},
		{[]string{"-layout", "slotmapp"}, `-layout: unknown backing "slotmapp"`},
		{[]string{"-preset", "tiles-rows", "-layout", "ptrarray"}, "-layout: ptrarray is not among the preset's backings (rowvec, soa)"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			called := false
			var stdout, stderr bytes.Buffer
			code := Main(tt.args, &stdout, &stderr, func(launch.Options) int { called = true; return 0 })
			if code != exit.Usage || called {
				t.Errorf("exit %d, app called %v; want %d before the app", code, called, exit.Usage)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.want)
			}
		})
	}
}

func TestAppHelp(t *testing.T) {
	var out bytes.Buffer
	if _, err := parseApp([]string{"-run", "-h"}, &out); !errors.Is(err, flag.ErrHelp) ||
		!strings.Contains(out.String(), "-quit-after") || !strings.Contains(out.String(), "-entities") {
		t.Errorf("-h: error %v, output %q", err, out.String())
	}
}
