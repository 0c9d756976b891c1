package runtest

import "localitylab/lab/result"

// The notes a Windows worker records beside the figures it cannot measure: the
// share of its heap in huge pages (every system but Linux keeps no count of it) and
// its load's page faults and CPU time (Windows has no getrusage). The lab's tests
// check that its workers write these.
const (
	WindowsPagesNote = "-pages huge asked for, but huge pages are not counted on windows, which offers the lab no control " +
		"over page size nor a count of the heap's huge pages: the heap has the pages the system gives"
	WindowsUsageNote = "page faults and the load's CPU time are not measured on windows (the lab reads them with getrusage, " +
		"which this system does not have)"
)

// AsWindows makes r's record what a Windows worker writes of the pages and of the
// loads' cost: every backing's pages record, one per fork, holds no share of heap
// in huge pages, and its load no page faults nor CPU time, each with the worker's
// note; the loads' allocations (1 MiB, one collection) are measured there as
// anywhere.
func AsWindows(r *result.Run) *result.Run {
	r.Host.OS = "windows"
	forks := max(1, r.NumForks())
	for i := range r.Backings {
		b := &r.Backings[i]
		pages := make([]result.Pages, forks)
		for k := range pages {
			pages[k] = result.Pages{Mode: result.PagesSystem, Note: WindowsPagesNote}
		}
		b.SetConditions(b.FrameCPUs(), pages)
		l := &b.Load
		l.MinorFaults, l.UserNS, l.SysNS, l.PageBytes, l.UsageNote = nil, nil, nil, 0, WindowsUsageNote
		l.AllocBytes, l.GCCycles = 1<<20, 1
	}
	return r
}
