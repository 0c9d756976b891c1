package cli

import (
	"strings"
	"testing"

	"localitylab/lab/runtest"
)

// TestWindowsRecordReadsNA: a run as a Windows worker records it (no share of heap in
// huge pages, no page faults nor CPU time for the loads) shows those figures as n/a,
// never 0, with a note that says why: the huge pages column, the load memory note.
func TestWindowsRecordReadsNA(t *testing.T) {
	r := runtest.AsWindows(runtest.Synthetic([]string{"soa", "map"}, []float64{1, 3}, []int64{1e6, 2e6}))
	var b strings.Builder
	if err := writeTable(&b, r, lessonAnswers{}, true); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && (f[0] == "soa" || f[0] == "map") {
			rows++
			if last := f[len(f)-1]; last != "n/a" {
				t.Errorf("%s's huge pages cell %q, want n/a", f[0], last)
			}
		}
	}
	if rows != 2 {
		t.Fatalf("%d rows of backings, want 2:\n%s", rows, out)
	}
	for _, want := range []string{
		"huge pages n/a (pages system): " + runtest.WindowsPagesNote + ".",
		"soa: page faults n/a; CPU n/a; 1.00 MiB allocated",
		"n/a: " + runtest.WindowsUsageNote + ".",
	} {
		if !strings.Contains(flat(out), want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	for _, never := range []string{"0%", "0 page faults", "huge pages: the share"} {
		if strings.Contains(out, never) {
			t.Errorf("table says %q of a figure never measured:\n%s", never, out)
		}
	}
}
