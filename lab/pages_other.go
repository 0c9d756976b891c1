//go:build !linux

package lab

import "localitylab/lab/result"

// startPages: outside Linux the lab has no say in the pages its heap gets.
func startPages(PagesMode) string { return "" }

// settlePages records that, whatever was asked: the mode is "system", and the note
// says why.
func settlePages(mode PagesMode, _ string) result.Pages {
	p := result.Pages{Mode: result.PagesSystem, Note: "this system offers the lab no control over page size, nor a count of huge pages: the heap has the pages the system gives"}
	if mode != PagesSystem {
		p.Note = "-pages " + string(mode) + " asked for, but " + p.Note
	}
	return p
}
