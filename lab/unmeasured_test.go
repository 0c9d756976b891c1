package lab

import (
	"bytes"
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/workloads/workload"
)

// TestWindowsRecord: a worker on a system that keeps no count of huge pages and has
// no getrusage (Windows) records neither a share of its heap in huge pages nor its
// load's page faults and CPU time: they are absent from the record, not 0, and a
// note says why; its allocations are recorded as anywhere. The record is the one
// runtest.AsWindows gives the views' tests, and it survives a save and a read.
func TestWindowsRecord(t *testing.T) {
	pages := pagesUncounted("windows", PagesHuge)
	if _, ok := pages.Share(); ok || pages.Mode != result.PagesSystem || pages.Note != runtest.WindowsPagesNote {
		t.Errorf("pages %+v: want no share, mode system, the note runtest.AsWindows gives", pages)
	}
	why := usageUnread("windows")
	if why != runtest.WindowsUsageNote {
		t.Errorf("usage note %q, want runtest's %q", why, runtest.WindowsUsageNote)
	}
	rec := loadRecord{Entities: 10, HeapBefore: 1000, HeapAfter: 2000, Pages: pages, Phases: []loadPhase{
		{Name: "load", Kind: workload.Building, NS: 5e6, Heap: 1000, Alloc: 3000, GCs: 1, UsageNote: why},
		{Name: "aging", Kind: workload.Setup, NS: 1e6, UsageNote: why},
	}}
	ld := loadResult(&rec)
	if _, ok := ld.Faults(); ok {
		t.Error("page faults recorded where none were read")
	}
	if _, _, ok := ld.CPU(); ok {
		t.Error("CPU time recorded where none was read")
	}
	if ld.UsageNote != why || ld.PageBytes != 0 || ld.AllocBytes != 3000 || ld.GCCycles != 1 {
		t.Errorf("load %+v: want the note, no page size, 3000 bytes allocated and 1 collection", ld)
	}

	r, err := result.LoadJSON("result/testdata/run.json")
	if err != nil {
		t.Fatal(err)
	}
	r.Backings[0].Load = ld
	pagesByFork := make([]result.Pages, max(1, r.NumForks()))
	for k := range pagesByFork {
		pagesByFork[k] = pages
	}
	r.Backings[0].SetConditions(r.Backings[0].FrameCPUs(), pagesByFork)
	var b bytes.Buffer
	if err := result.WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{`"huge_share"`, `"minor_faults"`, `"user_ns"`, `"sys_ns"`} {
		if strings.Contains(b.String(), absent) {
			t.Errorf("the file holds %s for a figure never measured", absent)
		}
	}
	back, err := result.ReadJSON(&b)
	if err != nil {
		t.Fatal(err)
	}
	bk := back.Backings[0]
	if _, ok := bk.Pages.Share(); ok || bk.HugeShareMissing() != pages.Note {
		t.Errorf("read back: pages %+v, missing %q", bk.Pages, bk.HugeShareMissing())
	}
	if _, ok := bk.Load.Faults(); ok || bk.Load.UsageMissing() != why {
		t.Errorf("read back: load %+v", bk.Load)
	}
}

// TestPagesUncontrolled: where the lab has no say in the pages (any system but
// Linux), a comparison of page modes is refused with the system named and why.
func TestPagesUncontrolled(t *testing.T) {
	for _, goos := range []string{"windows", "darwin"} {
		why := pagesUncontrolled(goos)
		if !strings.HasPrefix(why, goos+" offers the lab no control over page size") || !strings.Contains(why, "the same pages") {
			t.Errorf("%s: %q, want the system named and why the modes would not differ", goos, why)
		}
	}
}
