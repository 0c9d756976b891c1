package cli

import (
	"strings"
	"testing"
	"unicode/utf8"

	"localitylab/presets"
)

// TestWarnHeavy: a heavy lesson says what it asks before it starts; a lesson whose
// run took over a minute says how long when it runs as it was timed, and nothing when
// bench runs one point of a sweep lesson; a short lesson says nothing. Each fits 100
// columns.
func TestWarnHeavy(t *testing.T) {
	for _, tc := range []struct {
		name    string
		asSweep bool
		want    string
	}{
		{"tiles-rows", false, "tiles-rows is heavy: "},
		{"cache-cliff", true, "cache-cliff takes a while: its run took "},
		{"cache-cliff", false, ""},
		{"pointer-chasing", false, ""},
		{"", false, ""},
	} {
		var lesson *presets.Preset
		if tc.name != "" {
			p, err := presets.Lookup(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			lesson = &p
		}
		var b strings.Builder
		warnHeavy(lesson, tc.asSweep, &b)
		if got := b.String(); tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%q as a sweep %v: %q, want %q", tc.name, tc.asSweep, got, tc.want)
		}
		for _, l := range strings.Split(b.String(), "\n") {
			if n := utf8.RuneCountInString(l); n > termWidth {
				t.Errorf("%q as a sweep %v: a line of %d columns: %q", tc.name, tc.asSweep, n, l)
			}
		}
	}
	if st, _, _ := presets.StepOf("cache-cliff"); st.Run <= 60e9 {
		t.Errorf("cache-cliff's run is %v: the test wants a lesson over a minute", st.Run)
	}
}
