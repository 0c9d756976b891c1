package charts

import (
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// TestWindowsRecordReadsNA: in a run as a Windows worker records it, the share of
// heap in huge pages was never measured: every table (the app's, the picture's, the
// page's) shows n/a in its column, never 0%, and the notes and the record say why.
func TestWindowsRecordReadsNA(t *testing.T) {
	r := runtest.AsWindows(runtest.Synthetic([]string{"soa", "map"}, []float64{1, 3}, []int64{1e6, 2e6}))
	tab := SummaryTable(r)
	col := len(tab.Columns) - 1
	if tab.Columns[col] != "huge pages" {
		t.Fatalf("last column %q, want huge pages", tab.Columns[col])
	}
	for _, row := range tab.Rows {
		if row.Cells[col] != "n/a" {
			t.Errorf("%s's huge pages cell %q, want n/a", row.Backing, row.Cells[col])
		}
	}
	want := "pages system: huge pages n/a for every backing (" + runtest.WindowsPagesNote + ")"
	if got := PagesRecord(r); got != want {
		t.Errorf("record's pages:\n%q\nwant\n%q", got, want)
	}
	notes := strings.Join(ConditionNotes(r), "\n")
	if !strings.Contains(notes, "huge pages n/a (pages system): "+runtest.WindowsPagesNote) || strings.Contains(notes, "0%") {
		t.Errorf("notes:\n%s", notes)
	}

	// One fork measured, one not: the measured share stands, the other is n/a.
	r = runtest.AsWindows(runtest.Synthetic([]string{"soa"}, []float64{1}, []int64{1e6}))
	r.Forks = []result.Fork{{First: 0, Frames: 20}, {First: 20, Frames: 20}}
	pages := []result.Pages{{Mode: result.PagesHuge, HugeShare: result.Measured(0.5), HeapBytes: 1 << 20}, {Mode: result.PagesHuge, Note: "smaps unreadable"}}
	r.Backings[0].SetConditions(nil, pages)
	if got := HugePagesCell(&r.Backings[0]); got != "50%" {
		t.Errorf("cell %q, want the fork that measured it", got)
	}
	if got := PagesRecord(r); !strings.Contains(got, "soa fork 1 50% of 1.00 MiB, fork 2 n/a (smaps unreadable) in huge pages") {
		t.Errorf("record's pages %q", got)
	}
	if notes := strings.Join(ConditionNotes(r), "\n"); !strings.Contains(notes, "huge pages n/a: smaps unreadable.") {
		t.Errorf("notes:\n%s", notes)
	}
}
