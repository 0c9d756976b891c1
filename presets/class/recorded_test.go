package class

import (
	"slices"
	"strings"
	"testing"
	"time"

	"localitylab/charts/classview"
	"localitylab/lab/compare"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// TestRecordedFacts: a file that records the cache line, the load average and (a
// sweep) the frame clock shows them in its column; a file written before they were
// recorded says so, and never shows the reading machine's. A sweep's huge-page share
// comes from its points.
func TestRecordedFacts(t *testing.T) {
	files := laptops(t)
	end := 2.05
	r := files[0].Run
	r.LoadAverage = &result.LoadAverage{Start: 1.63, End: &end}
	for i := range r.Host.Caches {
		r.Host.Caches[i].LineBytes = 64
	}
	c, err := New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := c.Machines[0], c.Machines[1]
	if a.Caches != "L1d 48.0 KiB · L2 1.00 MiB · L3 32.0 MiB" {
		t.Errorf("caches %q", a.Caches)
	}
	if a.Line != "64 B" || a.Load != "1.63 at the start, 2.05 at the end" {
		t.Errorf("recorded: line %q, load %q", a.Line, a.Load)
	}
	if b.Line != notRecorded || b.Load != notRecorded {
		t.Errorf("an older file: line %q, load %q; want %q", b.Line, b.Load, notRecorded)
	}
	if slices.Contains(c.Differ, "load average (1 min)") || slices.Contains(c.Differ, "cache line") {
		t.Errorf("differ %v: the load average and the line are not what tells machines apart", c.Differ)
	}
	if row := tableRow(c, "load average (1 min)"); row == nil || row.Cells[0] != a.Load || row.Cells[2] != notRecorded {
		t.Errorf("the table's load average row: %+v", row)
	}

	files = sweeps(t)
	files[0].Sweep.Clock = result.ClockThreadCPU
	files[1].Sweep.Clock = result.ClockWall
	c, err = New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{compare.CPUClock, compare.WallClock, notRecorded} {
		if got := c.Machines[i].Clock; got != want {
			t.Errorf("sweep %d: clock %q, want %q", i, got, want)
		}
	}
	if got := c.Machines[0].Pages; got != "system (THP madvise)" {
		t.Errorf("sweep pages %q, want the mode and the setting its points read", got)
	}
	if got := c.Machines[0].Huge; got != "slotmap 0%, soa 0%, ptrarray 0%" {
		t.Errorf("sweep huge pages %q, want each backing's share from its points", got)
	}
	s := files[2].Sweep
	s.Points[0].Backings[2].ForkPages[1].HugeShare = result.Measured(0.62)
	s.Points[0].Backings[2].ForkPages[1].Mode = result.PagesHuge
	if got := sweepHugeText(s); got != "slotmap 0%, soa 0%, ptrarray 0–62%" {
		t.Errorf("sweep huge pages %q, want ptrarray's range", got)
	}
	for i := range s.Points {
		for j := range s.Points[i].Backings {
			s.Points[i].Backings[j].ForkPages = nil
		}
	}
	if got := sweepHugeText(s); got != notRecorded {
		t.Errorf("a sweep without pages: %q", got)
	}
}

// TestFactsOnWindows: a machine whose file a Windows worker wrote shows its huge
// pages as n/a with the reason, never 0%, and says why it has no load average: not
// "not recorded", which would blame the file's age.
func TestFactsOnWindows(t *testing.T) {
	files := laptops(t)
	runtest.AsWindows(files[0].Run)
	c, err := New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := c.Machines[0]
	if !strings.HasSuffix(m.Huge, " n/a ("+runtest.WindowsPagesNote+")") || strings.Contains(m.Huge, "0%") {
		t.Errorf("huge pages %q: want n/a with the reason", m.Huge)
	}
	if want := "n/a: not measured on windows, which gives the lab no load average"; m.Load != want {
		t.Errorf("load %q, want %q", m.Load, want)
	}
}

func tableRow(c *Class, name string) *classview.Row {
	t := c.Table()
	for i := range t.Rows {
		if t.Rows[i].Name == name {
			return &t.Rows[i]
		}
	}
	return nil
}

// TestLineCountsWhenRecorded: the cache line tells machines apart once every file
// records it, and not while one file does not.
func TestLineCountsWhenRecorded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lines  []int // per file; 0 = not recorded
		differ bool
	}{
		{"all 64", []int{64, 64, 64}, false},
		{"one 128", []int{64, 128, 64}, true},
		{"one not recorded", []int{64, 0, 128}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := laptops(t)
			for i, line := range tc.lines {
				h := &files[i].Run.Host
				for j := range h.Caches {
					h.Caches[j].LineBytes = line
				}
			}
			c, err := New(files, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(c.Differ, "cache line"); got != tc.differ {
				t.Errorf("differ %v: cache line counted %v, want %v", c.Differ, got, tc.differ)
			}
		})
	}
}

// TestSetAsideCacheFacts: a cache the machine's file records as not used is in its
// column as reported, marked so; the file itself says why.
func TestSetAsideCacheFacts(t *testing.T) {
	h := result.Host{Caches: []result.CacheLevel{{Level: 1, Type: "Data", Bytes: 48 << 10, LineBytes: 64}, {Level: 2, Type: "Unified", Bytes: 2 << 20, LineBytes: 64},
		{Level: 3, Type: "Unified", Bytes: 480 << 20, LineBytes: 64, NotUsed: "shared by 2 CPUs, it would hold 240 MiB per CPU"}}}
	m := hostFacts("vm.json", h, time.Time{})
	if want := "L1d 48.0 KiB · L2 2.00 MiB · L3 480 MiB (reported, not used)"; m.Caches != want || m.Line != "64 B" {
		t.Errorf("caches %q, line %q; want %q, 64 B", m.Caches, m.Line, want)
	}
}
