//go:build !nogui

package ui

import (
	"strings"
	"testing"

	"localitylab/workloads"
	"localitylab/workloads/workload"
)

func TestParamsForm(t *testing.T) {
	spec, err := workloads.Lookup("sprites")
	if err != nil {
		t.Fatal(err)
	}
	f := newParamsForm()
	f.Set(spec, workload.Params{"entities": 20000}, 100, 10)
	p, frames, warmup, err := f.Values()
	if err != nil || len(p) != 1 || p["entities"] != 20000 || frames != 100 || warmup != 10 {
		t.Fatalf("Values() = %v, %d, %d, %v; want only entities 20000, 100 frames, 10 warm-up", p, frames, warmup, err)
	}
	tests := []struct {
		field, text string
		want        int64
		err         string
	}{
		{"entities", "2,000,000", 2_000_000, ""},
		{"entities", "2_500", 2500, ""},
		{"entities", "0", 0, "entities: 0 is out of range for sprites (want 1 to 10000000)"},
		{"moving_pct", "150", 0, "moving_pct: 150 is out of range for sprites (want 0 to 100)"},
		{"cold_bytes", "64", 64, ""},
		{"cold_bytes", "24", 0, "cold_bytes: 24 is not allowed for sprites (want 0, 8, 16, 32, 64, 128 or 256)"},
		{"view_w", "wide", 0, `view_w: "wide" is not a whole number (want 1 to`},
		{"frames", "0", 0, "frames: 0 is out of range for the run (want 1 to 100000)"},
		{"warm-up", "100", 0, "warm-up: 100 is out of range (want 0 to frames-1 = 99)"},
	}
	for _, tt := range tests {
		t.Run(tt.field+"="+tt.text, func(t *testing.T) {
			e := f.field(tt.field)
			old := e.Text
			defer e.SetText(old)
			e.SetText(tt.text)
			p, _, _, err := f.Values()
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				if e.Validate() == nil && tt.field != "warm-up" {
					t.Error("the entry itself does not show the mistake")
				}
				return
			}
			if err != nil || p[tt.field] != tt.want {
				t.Errorf("%s = %d (%v), want %d", tt.field, p[tt.field], err, tt.want)
			}
		})
	}
}

func TestParamSliders(t *testing.T) {
	spec, _ := workloads.Lookup("sprites")
	f := newParamsForm()
	f.Set(spec, nil, 100, 10)
	var ents, moving *paramField
	for _, fd := range f.fields {
		switch fd.param.Name {
		case "entities":
			ents = fd
		case "moving_pct":
			moving = fd
		}
	}
	if ents == nil || ents.slider == nil || !ents.log || moving == nil || moving.slider == nil || moving.log {
		t.Fatal("want a log slider for entities and a linear one for moving_pct")
	}
	ents.slider.SetValue(4.3) // 10^4.3 ≈ 19,953: rounds to 20,000
	if ents.entry.Text != "20000" {
		t.Errorf("log slider at 4.3 gives %q, want 20000", ents.entry.Text)
	}
	ents.entry.SetText("5000000")
	if got := ents.slider.Value; got < 6.69 || got > 6.70 {
		t.Errorf("entry 5,000,000 puts the slider at %v, want log10 = 6.70", got)
	}
	moving.slider.SetValue(37)
	if moving.entry.Text != "37" {
		t.Errorf("moving slider at 37 gives %q", moving.entry.Text)
	}
	changed := 0
	f.onChange = func() { changed++ }
	moving.entry.SetText("12")
	if changed != 1 || moving.slider.Value != 12 {
		t.Errorf("typing 12 gave %d change calls and slider %v", changed, moving.slider.Value)
	}
}
