package charts

import (
	"slices"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestSummaryTableSimulated: a run with simulated misses gets their column in place
// of misses/frame where no backing has hardware counts and after it where one has,
// each backing its own figures or a cell that says they are missing; a run without
// them gets no such column.
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
	at := slices.Index(tab.Columns, SimColumn)
	if at < 0 || slices.Contains(tab.Columns, SimAfter) {
		t.Fatalf("columns %q: want %q in place of %q", tab.Columns, SimColumn, SimAfter)
	}
	check := func(tab Table, at int) {
		t.Helper()
		for _, row := range tab.Rows {
			if len(row.Cells) != len(tab.Columns) {
				t.Errorf("%s: %d cells for %d columns", row.Backing, len(row.Cells), len(tab.Columns))
			}
		}
		if got := tab.Rows[0].Cells[at]; got != "D1 0.275, LL 0" {
			t.Errorf("soa's simulated cell %q", got)
		}
		if got := tab.Rows[1].Cells[at]; got != "n/a (see notes)" {
			t.Errorf("ptrarray's simulated cell %q", got)
		}
	}
	check(tab, at)

	hw := 1234.0
	r.Backings[1].Summary.MemMissesPerFrame = &hw
	tab = SummaryTable(r)
	hwAt, at := slices.Index(tab.Columns, SimAfter), slices.Index(tab.Columns, SimColumn)
	if hwAt < 0 || at != hwAt+1 {
		t.Fatalf("columns %q: want %q right after %q", tab.Columns, SimColumn, SimAfter)
	}
	check(tab, at)
	if got := tab.Rows[1].Cells[hwAt]; got != "1,234" {
		t.Errorf("ptrarray's hardware misses %q", got)
	}

	r.Counters.Simulated = nil
	if cols := SummaryTable(r).Columns; slices.Contains(cols, SimColumn) {
		t.Errorf("a run without simulation has the column %q", cols)
	}
}

// TestSimText: the record says by what and with which caches the misses were
// simulated, and why a backing has none; nothing when none were asked for.
func TestSimText(t *testing.T) {
	r := &result.Run{Counters: result.Counters{Simulated: &result.Simulated{Tool: "valgrind-3.19.0 --tool=callgrind --cache-sim=yes",
		D1: result.SimCache{Bytes: 48 << 10, Ways: 12, Line: 64}, LL: result.SimCache{Bytes: 32 << 20, Ways: 16, Line: 64}, Frames: 4, Warmup: 2}},
		Backings: []result.Backing{{Name: "map", Summary: result.Summary{SimSummary: result.SimSummary{SimNote: "simulation failed: hung"}}}}}
	got := SimText(r)
	for _, want := range []string{"valgrind-3.19.0", "D1 48.0 KiB 12-way 64 B lines", "LL 32.0 MiB 16-way", "4 frames", "no prefetcher", "map: simulation failed: hung"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	r.Counters.Simulated = &result.Simulated{Note: "valgrind is not installed"}
	if got := SimText(r); got != "asked for, none: valgrind is not installed" {
		t.Errorf("without valgrind: %q", got)
	}
	if SimText(&result.Run{}) != "" {
		t.Error("a run without simulation has a simulated record")
	}
}

// TestSweepSimColumns: a sweep with simulated misses gets a column per backing, with
// each point's figures, and rows that keep their length on a skipped point.
func TestSweepSimColumns(t *testing.T) {
	d1, ll := 1.25, 0.412
	s := &result.Sweep{Param: "entities", Backings: []string{"soa", "ptrarray"},
		Counters: result.Counters{Simulated: &result.Simulated{Tool: "valgrind"}},
		Points: []result.Point{
			{Value: 1000, Entities: 1000, Backings: []result.PointBacking{{Name: "soa", SimSummary: result.SimSummary{SimNote: "hung"}},
				{Name: "ptrarray", SimSummary: result.SimSummary{SimD1MissesPerFrame: &d1, SimD1MissesPerEntity: &d1, SimLLMissesPerEntity: &ll}}}},
			{Value: 2000, Skipped: "no room"},
		}}
	tab := SweepPointsTable(s)
	n := len(tab.Columns)
	if tab.Columns[n-2] != "soa "+SimColumn || tab.Columns[n-1] != "ptrarray "+SimColumn {
		t.Fatalf("columns %q", tab.Columns)
	}
	if got := tab.Rows[0].Cells[n-2:]; got[0] != "n/a (see notes)" || got[1] != "D1 1.25, LL 0.412" {
		t.Errorf("first point's cells %q", got)
	}
	if len(tab.Rows[1].Cells) != n {
		t.Errorf("the skipped point has %d cells for %d columns", len(tab.Rows[1].Cells), n)
	}
}
