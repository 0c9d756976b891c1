package launch

import (
	"strings"
	"testing"
	"time"

	"localitylab/lab"
	"localitylab/presets"
)

// TestSlowNotice: a run that will take over a minute says so before it starts, with
// what its estimate rests on; a short one says nothing.
func TestSlowNotice(t *testing.T) {
	tiles, err := presets.Lookup("all-six-tiles")
	if err != nil {
		t.Fatal(err)
	}
	sweepLesson, err := presets.Lookup("cache-cliff")
	if err != nil {
		t.Fatal(err)
	}
	six := []string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}
	tests := []struct {
		name   string
		c      lab.Config
		lesson *presets.Preset
		want   []string // "" for no notice
	}{
		{"cold, the default length", lab.Config{Cache: lab.Cold, Frames: 200, Backings: six}, nil,
			[]string{"cold caches: before each of the 200 frames of each of the 6 backings", "twice the last-level cache", "for the flushes alone at 2.00 GiB/s"}},
		{"cold, a few frames", lab.Config{Cache: lab.Cold, Frames: 10, Backings: six[:2]}, nil, nil},
		{"warm, no lesson", lab.Config{Cache: lab.Warm, Frames: 200, Backings: six}, nil, nil},
		{"a long lesson", lab.Config{Cache: lab.Warm, Frames: 200, Backings: six}, &tiles,
			[]string{"all-six-tiles took 2.2 min", "the machine the lab was built on"}},
		{"a sweep lesson's time is its sweep's", lab.Config{Cache: lab.Warm, Frames: 200, Backings: six}, &sweepLesson, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SlowNotice(tt.c, tt.lesson)
			if tt.want == nil && got != "" {
				t.Errorf("a notice for a short run: %s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("notice %q lacks %q", got, w)
				}
			}
		})
	}
	if SweepNotice(40*time.Second) != "" {
		t.Error("a 40 s sweep is said to be slow")
	}
	if n := SweepNotice(100 * time.Second); !strings.Contains(n, "about 100 s (-budget), plus each point's loads") {
		t.Errorf("sweep notice: %q", n)
	}
}
