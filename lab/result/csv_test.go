package result

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"
)

// TestCSVTextNeverAFormula: a text that a spreadsheet would take for a formula (a
// worker's error beginning with =, +, -, @, a tab or a carriage return) is written
// after an apostrophe; the figures beside it stay numbers.
func TestCSVTextNeverAFormula(t *testing.T) {
	s := testSweep()
	hostile := []string{`=HYPERLINK("http://x","click")`, "+1+2", "-2+3", "@SUM(A1)", "\tx", "\rx"}
	var rows [][]string
	for _, e := range hostile {
		s.Points[0].Backings[0].Error = e
		var buf bytes.Buffer
		if err := WriteSweepCSV(&buf, s); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := slices.Index(recs[0], "error")
		if got := recs[1][col]; got != "'"+e {
			t.Errorf("error %q written as %q, want %q", e, got, "'"+e)
		}
		rows = append(rows, recs[1])
	}
	p50 := slices.Index(sweepCSVHeader, "p50_ns")
	for _, row := range rows {
		if row[p50] != "1700" {
			t.Errorf("p50_ns written as %q, want the figure 1700", row[p50])
		}
	}
	r := testRun()
	r.Backings[1].Name = "-map"
	var buf bytes.Buffer
	if err := WriteCSV(&buf, r); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs[1:] {
		if rec[0] != "soa" && rec[0] != "'-map" {
			t.Errorf("backing written as %q", rec[0])
		}
	}
}
