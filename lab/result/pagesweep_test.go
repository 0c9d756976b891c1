package result

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// pagesSweep is testSweep made a sweep of the page mode: huge then small pages, each
// point's heaps in the pages of its mode.
func pagesSweep() *Sweep {
	s := testSweep()
	s.Param, s.LogX, s.Modes, s.Pages = PagesParam, false, true, ""
	s.Values, s.Labels = []int64{0, 1}, []string{PagesHuge, PagesSmall}
	s.Crossings, s.Markers = []Crossing{}, []Marker{}
	s.Points = s.Points[:2]
	s.Points[0].Value, s.Points[1].Value = 0, 1
	s.Points[1].Backings[0] = s.Points[0].Backings[0]
	s.Points[1].Backings[0].Pages = &Pages{Mode: PagesSmall, THP: "madvise", HugeShare: Measured(0.0), HeapBytes: 4 << 20}
	return s
}

// TestPagesSweepFile: a sweep of the page mode names its values, writes and reads
// back whole, and each of its faults is refused by name.
func TestPagesSweepFile(t *testing.T) {
	s := pagesSweep()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	for v, want := range map[int64]string{0: "huge", 1: "small", 7: "7"} {
		if got := s.ValueName(v); got != want {
			t.Errorf("ValueName(%d) = %q, want %q", v, got, want)
		}
	}
	if got := s.PointPages(&s.Points[1]); got != PagesSmall {
		t.Errorf("PointPages = %q, want small", got)
	}
	var buf bytes.Buffer
	if err := WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSweepJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Errorf("read back %+v\nwant %+v", back, s)
	}
	tests := []struct {
		name   string
		change func(*Sweep)
		want   string
	}{
		{"a page mode for the whole sweep", func(s *Sweep) { s.Pages = PagesHuge }, `pages: "huge" for the whole sweep, but the sweep varies the page mode`},
		{"a value of no mode", func(s *Sweep) { s.Values[1], s.Labels[1], s.Points[1].Value = 3, "tiny", 3 }, "values: 3 is not a page mode"},
		{"a label of another mode", func(s *Sweep) { s.Labels[0] = PagesSmall }, `labels: "small" for value 0, which runs huge pages`},
		{"a label too few", func(s *Sweep) { s.Labels = s.Labels[:1] }, "labels: 1 for 2 values"},
		{"an empty label", func(s *Sweep) { s.Param, s.Labels[0] = "order", "" }, "labels[0]: 0 bytes"},
		{"a label of a page", func(s *Sweep) { s.Param, s.Labels[0] = "order", strings.Repeat("x", 41) }, "labels[0]: 41 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := pagesSweep()
			tc.change(s)
			if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestPagesSweepCSV: a sweep of the page mode adds, last in every row, the row's page
// mode and the backing's share of heap in huge pages there, empty where none was
// measured; any other sweep's columns are as they were.
func TestPagesSweepCSV(t *testing.T) {
	read := func(s *Sweep) [][]string {
		var buf bytes.Buffer
		if err := WriteSweepCSV(&buf, s); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	rows := read(pagesSweep())
	n := len(rows[0])
	if !slices.Equal(rows[0][n-2:], []string{"pages", "huge_share"}) {
		t.Fatalf("header ends %v, want pages, huge_share", rows[0][n-2:])
	}
	want := [][2]string{{"huge", "1"}, {"huge", ""}, {"small", "0"}, {"small", ""}} // soa recorded no pages
	for i, w := range want {
		if got := rows[i+1][n-2:]; got[0] != w[0] || got[1] != w[1] {
			t.Errorf("row %d (%s at %s): pages %v, want %v", i+1, rows[i+1][2], rows[i+1][1], got, w)
		}
	}
	if h := read(testSweep())[0]; slices.Contains(h, "huge_share") {
		t.Errorf("a sweep of entities has the pages columns: %v", h)
	}
}
