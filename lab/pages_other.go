//go:build !linux

package lab

import (
	"runtime"

	"localitylab/lab/result"
)

// startPages: outside Linux the lab has no say in the pages its heap gets.
func startPages(PagesMode) string { return "" }

// settlePages records that, whatever was asked: the mode is "system", no share of
// huge pages, and the note says why.
func settlePages(mode PagesMode, _ string) result.Pages { return pagesUncounted(runtime.GOOS, mode) }

// PagesControl says why the lab cannot compare page modes here: outside Linux it has
// no say in the pages its heap gets.
func PagesControl() string { return pagesUncontrolled(runtime.GOOS) }
