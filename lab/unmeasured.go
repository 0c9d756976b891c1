package lab

import "localitylab/lab/result"

// What a worker records where its system cannot measure a figure: the figure absent,
// never 0, and a note that says why. Every system but Linux keeps no count of the
// huge pages a heap sits in, and Windows has no getrusage for a load's page faults
// and CPU time. These are built here for any system, so that the tests build a
// Windows worker's record on Linux.

// pagesUncounted is the pages record of a system (goos) that offers the lab no
// control over page size nor a count of huge pages, whatever mode was asked for.
func pagesUncounted(goos string, mode PagesMode) result.Pages {
	p := result.Pages{Mode: result.PagesSystem, Note: "huge pages are not counted on " + goos +
		", which offers the lab no control over page size nor a count of the heap's huge pages: the heap has the pages the system gives"}
	if mode != PagesSystem {
		p.Note = "-pages " + string(mode) + " asked for, but " + p.Note
	}
	return p
}

// pagesUncontrolled is why a system (goos) that offers the lab no control over page
// size cannot compare page modes (see PagesControl).
func pagesUncontrolled(goos string) string {
	return goos + " offers the lab no control over page size nor a count of the heap's huge pages: " +
		"every mode would run in the pages the system gives, and a comparison of modes would compare the same pages"
}

// usageUnread is why a system (goos) without getrusage has no page faults nor CPU
// time for a load.
func usageUnread(goos string) string {
	return "page faults and the load's CPU time are not measured on " + goos +
		" (the lab reads them with getrusage, which this system does not have)"
}
