package charts

import (
	"slices"
	"testing"

	"localitylab/lab/result"
)

// TestSummaryTableSimulated: a run with simulated misses gets their two columns after
// misses/frame, each backing its own figures or a cell that says they are missing;
// a run without them gets no such columns.
func TestSummaryTableSimulated(t *testing.T) {
	d1, ll := 0.2753, 0.0
	r := &result.Run{Frames: 4, Warmup: 1, Counters: result.Counters{Simulated: &result.Simulated{Tool: "valgrind"}},
		Backings: []result.Backing{
			{Name: "soa", Frames: result.Series{NS: make([]int64, 4)}, Summary: result.Summary{P50NS: 1, Measured: 3,
				SimSummary: result.SimSummary{SimD1MissesPerFrame: &d1, SimD1MissesPerEntity: &d1, SimLLMissesPerEntity: &ll}}},
			{Name: "ptrarray", Frames: result.Series{NS: make([]int64, 4)}, Summary: result.Summary{P50NS: 2, Measured: 3,
				SimSummary: result.SimSummary{SimNote: "valgrind is not installed"}}},
		}}
	tab := SummaryTable(r)
	at := slices.Index(tab.Columns, SimAfter) + 1
	if at == 0 || !slices.Equal(tab.Columns[at:at+2], SimColumns) {
		t.Fatalf("columns %q: want %q after %q", tab.Columns, SimColumns, SimAfter)
	}
	for _, row := range tab.Rows {
		if len(row.Cells) != len(tab.Columns) {
			t.Errorf("%s: %d cells for %d columns", row.Backing, len(row.Cells), len(tab.Columns))
		}
	}
	if got := tab.Rows[0].Cells[at : at+2]; got[0] != "0.275" || got[1] != "0" {
		t.Errorf("soa's simulated cells %q", got)
	}
	if got := tab.Rows[1].Cells[at]; got != "n/a (see notes)" {
		t.Errorf("ptrarray's simulated cell %q", got)
	}
	r.Counters.Simulated = nil
	if cols := SummaryTable(r).Columns; slices.Contains(cols, SimColumns[0]) {
		t.Errorf("a run without simulation has the columns %q", cols)
	}
}
