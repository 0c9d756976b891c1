package handout

import (
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// recordRow is the value of the page's record row name, "" where there is none.
func recordRow(pg *Page, name string) string {
	for _, r := range pg.Record {
		if r[0] == name {
			return r[1]
		}
	}
	return ""
}

// TestRecordMachineFacts: the record shows the cache line and the load average a
// file recorded, and a command's own reading of the load average takes the place of
// "not recorded" only where the file has none.
func TestRecordMachineFacts(t *testing.T) {
	old, err := FromRun(lesson(t, "pointer-chasing"), loadRun(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := recordRow(old, "cache line"); got != "not recorded" {
		t.Errorf("an older file's cache line: %q", got)
	}
	if got := recordRow(old, "load"); !strings.HasPrefix(got, "load average not recorded; frames interrupted") {
		t.Errorf("an older file's load: %q", got)
	}
	old.AddLoadAverage("3.10, 2.00, 1.50")
	if got := recordRow(old, "load"); !strings.HasPrefix(got, "load average 3.10, 2.00, 1.50 (1, 5, 15 min) as it ended; frames interrupted") {
		t.Errorf("an older file's load with a reading added: %q", got)
	}

	r := loadRun(t)
	end := 2.05
	r.LoadAverage = &result.LoadAverage{Start: 1.63, End: &end}
	r.Host.Caches[0].LineBytes = 64
	pg, err := FromRun(lesson(t, "pointer-chasing"), r, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := recordRow(pg, "cache line"); got != "64 bytes" {
		t.Errorf("cache line %q, want 64 bytes", got)
	}
	want := "load average (1 min) 1.63 at the start, 2.05 at the end; frames interrupted"
	if got := recordRow(pg, "load"); !strings.HasPrefix(got, want) {
		t.Errorf("load %q, want it to open %q", got, want)
	}
	pg.AddLoadAverage("3.10, 2.00, 1.50") // the file's own readings stand
	if got := recordRow(pg, "load"); !strings.HasPrefix(got, want) {
		t.Errorf("load after AddLoadAverage %q, want the file's own", got)
	}
}

// TestRecordSetAsideCache: a cache the lab did not use is in the record as the system
// reported it, with why; the cache line is the first used one's.
func TestRecordSetAsideCache(t *testing.T) {
	r := loadRun(t)
	r.Host.Caches = []result.CacheLevel{{Level: 1, Type: "Data", Bytes: 48 << 10, LineBytes: 64}, {Level: 2, Type: "Unified", Bytes: 2 << 20, LineBytes: 64},
		{Level: 3, Type: "Unified", Bytes: 480 << 20, LineBytes: 64, NotUsed: "shared by 2 CPUs, it would hold 240 MiB per CPU"}}
	pg, err := FromRun(lesson(t, "pointer-chasing"), r, "")
	if err != nil {
		t.Fatal(err)
	}
	want := "L1d 48.0 KiB, L2 2.00 MiB, L3 480 MiB reported by the system, not used: shared by 2 CPUs, it would hold 240 MiB per CPU"
	if got := recordRow(pg, "caches"); got != want {
		t.Errorf("caches %q, want %q", got, want)
	}
}

// TestSweepRecordMachineFacts: a sweep's record gives its clock, where its frames
// ran, its pages with each backing's huge-page share, and its load average, as a
// run's does; an older sweep says what it does not record.
func TestSweepRecordMachineFacts(t *testing.T) {
	old, err := FromSweep(lesson(t, "allocs-per-frame"), loadSweep(t), "")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"clock": "not recorded", "cache line": "not recorded", "frame CPU": ""} {
		if got := recordRow(old, name); got != want {
			t.Errorf("an older sweep's %s: %q, want %q", name, got, want)
		}
	}
	s := loadSweep(t)
	s.Clock = result.ClockThreadCPU
	s.LoadAverage = &result.LoadAverage{Start: 4}
	p := &s.Points[0]
	for i := range p.Backings {
		p.Backings[i].ForkFrameCPU = make([]result.FrameCPU, max(1, p.Forks))
		p.Backings[i].ForkFrameCPU[0] = result.FrameCPU{CPU: 1 - i%2, Why: "the least busy over 100ms before the frames: CPU 0 3%, CPU 1 97% busy"}
	}
	p.Backings[0].ForkFrameCPU[1] = result.FrameCPU{CPU: 1, Why: "the last CPU, none being clearly less busy over 100ms before the frames: CPU 0 100%, CPU 1 91% busy"}
	pg, err := FromSweep(lesson(t, "allocs-per-frame"), s, "")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"clock":     "each frame thread's CPU time (the wall time beside it, and the frames another process interrupted, counted)",
		"frame CPU": "CPU 0, CPU 1 over the points (the least busy over 100ms before the frames; the last CPU, none being clearly less busy over 100ms before the frames)",
	} {
		if got := recordRow(pg, name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if got := recordRow(pg, "load"); !strings.HasPrefix(got, "load average (1 min) 4.00 at the start, no end recorded; ") {
		t.Errorf("load %q", got)
	}
	if got := recordRow(pg, "pages"); !strings.Contains(got, "(THP ") || !strings.Contains(got, "heap in huge pages after the load: ") {
		t.Errorf("pages %q, want the system's setting and each backing's share", got)
	}
}

// TestRecordOnWindows: the record of a run as a Windows worker records it gives the
// huge pages as n/a with the reason, never 0%, and says why it has no load average.
func TestRecordOnWindows(t *testing.T) {
	pg, err := FromRun(lesson(t, "pointer-chasing"), runtest.AsWindows(loadRun(t)), "")
	if err != nil {
		t.Fatal(err)
	}
	pages := recordRow(pg, "pages")
	if !strings.Contains(pages, "n/a ("+runtest.WindowsPagesNote+")") || strings.Contains(pages, "0%") {
		t.Errorf("pages %q: want n/a with the reason", pages)
	}
	load := recordRow(pg, "load")
	if !strings.HasPrefix(load, "load average n/a (not measured on windows, which gives the lab no load average)") {
		t.Errorf("load %q", load)
	}
	pg.AddLoadAverage("3.10, 2.00, 1.50") // not a reading of the measuring machine's
	if again := recordRow(pg, "load"); again != load {
		t.Errorf("load after AddLoadAverage %q, want %q", again, load)
	}
}
