package ui

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/presets"
)

func TestParseFlags(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want flags
		err  string // "" for none
	}{
		{nil, flags{}, ""},
		{[]string{"-preset", "slotmap-churn", "-run", "-entities", "2000", "-frames", "20", "-large"},
			flags{preset: "slotmap-churn", run: true, entities: 2000, frames: 20, large: true}, ""},
		{[]string{"-run", "-quit-after", "3s", "-screenshot", filepath.Join(dir, "s.png"), "-save", filepath.Join(dir, "r.json")},
			flags{run: true, quitAfter: 3 * time.Second, screenshot: filepath.Join(dir, "s.png"), save: filepath.Join(dir, "r.json")}, ""},
		{[]string{"-frames", "0"}, flags{}, ""},
		{[]string{"-frames", "200000"}, flags{}, "-frames: 200000 is out of range (want 1 to 100,000)"},
		{[]string{"-entities", "-5"}, flags{}, "-entities: -5 is negative"},
		{[]string{"-quit-after", "-1s"}, flags{}, "-quit-after: -1s is negative"},
		{[]string{"-screenshot", filepath.Join(dir, "s.png")}, flags{}, "-screenshot: only written when quitting via -quit-after"},
		{[]string{"-quit-after", "1s", "-save", filepath.Join(dir, "nodir", "r.json")}, flags{}, "-save: "},
		{[]string{"-nosuch"}, flags{}, "flag provided but not defined: -nosuch"},
		{[]string{"-run", "extra"}, flags{}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got, err := parseFlags(tt.args, &bytes.Buffer{})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFlagsApply(t *testing.T) {
	base, err := presets.Lookup("sprites-million")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		f              flags
		entities       int64
		frames, warmup int
		err            string
	}{
		{"nothing", flags{}, base.Params["entities"], base.Frames, base.Warmup, ""},
		{"small", flags{entities: 2000, frames: 20}, 2000, 20, 2, ""},
		{"warm-up kept", flags{frames: 100}, base.Params["entities"], 100, base.Warmup, ""},
		{"too many", flags{entities: 20_000_000}, 0, 0, 0, "-entities: 20000000 is out of range for sprites (want 1 to 10,000,000)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f.apply(base)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
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
		t.Error("apply changed the preset it was given")
	}
}

// TestBadInputExitsBeforeWindow checks what the end-to-end test relies on: a bad
// flag or preset is reported on stderr with status 2, and no window opens (run
// returns at once, without a display).
func TestBadInputExitsBeforeWindow(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"-preset", "nosuch"}, `unknown preset "nosuch"`},
		{[]string{"-preset", filepath.Join(t.TempDir(), "missing.json")}, "missing.json"},
		{[]string{"-frames", "x"}, `invalid value "x" for flag -frames`},
		{[]string{"-preset", "sprites-million", "-entities", "20000000"}, "-entities: 20000000 is out of range"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run(tt.args, &out, &errOut); code != exitUsage {
				t.Errorf("exit status %d, want %d", code, exitUsage)
			}
			if !strings.Contains(errOut.String(), tt.msg) {
				t.Errorf("stderr %q, want %q", errOut.String(), tt.msg)
			}
		})
	}
	var out bytes.Buffer
	if code := run([]string{"-h"}, &out, &out); code != exitOK || !strings.Contains(out.String(), "-quit-after") {
		t.Errorf("-h: status %d, output %q", code, out.String())
	}
}
