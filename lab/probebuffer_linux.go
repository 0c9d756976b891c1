package lab

import (
	"fmt"
	"os"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// probeBuffer maps n bytes for a probe outside the Go heap (so that the collector
// never walks it), aligned to a huge page, in the page mode a run's heap would get:
// huge, asked for before the first write (MADV_HUGEPAGE), so that each fault brings
// a whole huge page, and collapsed after where one did not; small, with huge pages
// turned off for it (the process has also done so, startPages); system, as the
// system gives. It writes every page, so that no measurement waits on a fault, and
// says which pages the buffer got as settlePages says a heap's. note is what
// startPages said. free unmaps the buffer.
func probeBuffer(n int64, mode PagesMode, note string) (buf []uint64, pages result.Pages, free func(), err error) {
	pages = result.Pages{Mode: string(mode), THP: thpMode()}
	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	if pages.THP == "" {
		notes = append(notes, "this kernel has no transparent huge pages: the buffer is in small pages whatever the mode")
		if mode != PagesSmall {
			pages.Mode = string(PagesSystem)
		}
	}
	mem, err := unix.Mmap(-1, 0, int(n)+hugePage, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, pages, nil, fmt.Errorf("the probe's buffer of %s cannot be mapped: %w", units.Bytes(float64(n)), err)
	}
	free = func() { unix.Munmap(mem) }
	base := uintptr(unsafe.Pointer(&mem[0]))
	start := alignUp(base, hugePage)
	b := mem[start-base : start-base+uintptr(n)]
	t0 := time.Now()
	switch {
	case mode == PagesHuge && pages.THP != "":
		if err := madvise(start, uintptr(n), unix.MADV_HUGEPAGE); err != nil {
			notes = append(notes, "MADV_HUGEPAGE: "+err.Error())
		}
	case mode == PagesSmall && pages.THP != "":
		if err := madvise(start, uintptr(n), unix.MADV_NOHUGEPAGE); err != nil {
			notes = append(notes, "MADV_NOHUGEPAGE: "+err.Error())
		}
	}
	for i := 0; i < len(b); i += 4096 {
		b[i] = 0
	}
	if mode == PagesHuge && pages.THP != "" {
		if why := collapse([]mapping{{start: start, end: start + uintptr(n)}}); why != "" {
			notes = append(notes, why)
		}
	}
	notes = append(notes, fmt.Sprintf("%s mapped and written in %s", units.Bytes(float64(n)), units.Duration(float64(time.Since(t0)))))
	rss, huge, err := rangePages(start, start+uintptr(n))
	if err != nil {
		notes = append(notes, err.Error())
	}
	pages.HeapBytes = rss
	if rss > 0 {
		pages.HugeShare = result.Measured(min(float64(huge)/float64(rss), 1))
	}
	pages.Note = strings.Join(notes, "; ")
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n/8), pages, free, nil
}

// rangePages is the resident bytes, and those in huge pages, of the mappings that
// lie within start to end, from /proc/self/smaps (a mapping advised apart from its
// neighbours is one of its own).
func rangePages(start, end uintptr) (rss, huge uint64, err error) {
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return 0, 0, fmt.Errorf("the buffer's pages cannot be read: %v", err)
	}
	all, err := parseSmaps(data)
	if err != nil {
		return 0, 0, err
	}
	for _, e := range all {
		if e.start >= start && e.end <= end {
			rss += e.rss
			huge += e.huge
		}
	}
	return rss, huge, nil
}
