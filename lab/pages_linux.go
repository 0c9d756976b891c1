package lab

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// thpEnabled is where Linux says whether transparent huge pages are used always, only
// where a program asks (madvise), or never.
const thpEnabled = "/sys/kernel/mm/transparent_hugepage/enabled"

// hugePage is the size of a transparent huge page on the machines the lab runs on
// (x86-64 and arm64 with 4 KiB base pages): MADV_COLLAPSE works in these units.
const hugePage = 2 << 20

// startPages does what must happen before the heap grows: in small mode, the
// process turns transparent huge pages off for itself (PR_SET_THP_DISABLE, Linux
// 3.15), which also keeps the kernel's khugepaged from collapsing its memory later.
// It returns what went wrong, "" when nothing did.
func startPages(mode PagesMode) string {
	if mode != PagesSmall {
		return ""
	}
	if err := unix.Prctl(unix.PR_SET_THP_DISABLE, 1, 0, 0, 0); err != nil {
		return "PR_SET_THP_DISABLE: " + err.Error()
	}
	return ""
}

// PagesControl says why the lab cannot compare page modes on this system, "" when it
// can: on Linux, unless the kernel has no transparent huge pages. A kernel whose
// setting is "never" still lets a worker ask (MADV_COLLAPSE works whatever the
// setting, from Linux 6.1), so whether a heap got huge pages is told by its measured
// share (result.Pages.HugeShare), not here.
func PagesControl() string {
	if thpMode() == "" {
		return "this kernel has no transparent huge pages: every mode would run in small pages, and a comparison of modes would compare the same pages"
	}
	return ""
}

// settlePages runs after the load, outside every timed phase: in huge mode it asks
// for huge pages over the heap's mappings (MADV_HUGEPAGE, so that the heap's later
// growth in them faults in huge pages too, then MADV_COLLAPSE, Linux 6.1, which
// moves what is there into huge pages now), and in every mode it measures the share
// of the heap that sits in huge pages. note is what startPages said.
func settlePages(mode PagesMode, note string) result.Pages {
	p := result.Pages{Mode: string(mode), THP: thpMode()}
	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	if p.THP == "" {
		notes = append(notes, "this kernel has no transparent huge pages: the heap is in small pages whatever the mode")
		if mode != PagesSmall {
			p.Mode = string(PagesSystem)
		}
	}
	heap, err := heapMappings()
	if err != nil {
		p.Note = strings.Join(append(notes, err.Error()), "; ")
		return p
	}
	if mode == PagesHuge && p.THP != "" {
		t0 := time.Now()
		// Free heap memory goes back to the system first, all of it now, as the
		// runtime's scavenger would return it bit by bit over the next seconds,
		// splitting the huge pages the collapse had just made; the collapse then
		// fills those holes too, and the heap's mappings sit wholly in huge pages.
		debug.FreeOSMemory()
		freed := time.Since(t0)
		var failed []string
		for _, m := range heap.maps {
			if err := madvise(m.start, m.end-m.start, unix.MADV_HUGEPAGE); err != nil {
				failed = append(failed, "MADV_HUGEPAGE: "+err.Error())
				break
			}
		}
		if why := collapse(heap.maps); why != "" {
			failed = append(failed, why)
		}
		notes = append(notes, fmt.Sprintf("huge pages asked for over %s of heap mappings in %s (%s of it returning free memory first)",
			units.Bytes(float64(heap.size())), units.Duration(float64(time.Since(t0))), units.Duration(float64(freed))))
		notes = append(notes, failed...)
		if heap, err = heapMappings(); err != nil {
			p.Note = strings.Join(append(notes, err.Error()), "; ")
			return p
		}
	}
	p.HeapBytes = heap.rss
	if heap.rss > 0 {
		p.HugeShare = result.Measured(float64(heap.huge) / float64(heap.rss))
	} else {
		notes = append(notes, "the heap's mappings held no resident memory to count")
	}
	p.Note = strings.Join(notes, "; ")
	return p
}

// collapse asks the kernel to move the resident pages of each mapping into huge
// pages, one huge page at a time: one the kernel cannot collapse does not stop the
// others, and the kernel says EINVAL both for a range the heap has not touched yet
// (nothing to collapse) and, for every range, when it has no MADV_COLLAPSE (before
// Linux 6.1). It returns what failed, in words, or "".
func collapse(maps []mapping) string {
	var tried, invalid, failed int
	var last error
	for _, m := range maps {
		for a := alignUp(m.start, hugePage); a+hugePage <= m.end; a += hugePage {
			tried++
			switch err := madvise(a, hugePage, unix.MADV_COLLAPSE); err {
			case nil:
			case unix.EINVAL:
				invalid++
			default:
				failed, last = failed+1, err
			}
		}
	}
	switch {
	case tried > 0 && invalid == tried:
		return "MADV_COLLAPSE refused every range (a kernel before 6.1?): only the heap's later growth can get huge pages"
	case failed > 0:
		return fmt.Sprintf("MADV_COLLAPSE failed for %d of %d huge pages' worth (last: %v)", failed, tried, last)
	}
	return ""
}

func alignUp(a, n uintptr) uintptr { return (a + n - 1) &^ (n - 1) }

// madvise advises the kernel about a range of this process's address space given as
// numbers: the range is the heap's, never dereferenced here.
func madvise(start, n uintptr, advice int) error {
	if _, _, e := unix.Syscall(unix.SYS_MADVISE, start, n, uintptr(advice)); e != 0 {
		return e
	}
	return nil
}

// thpMode is the word the system's transparent huge page setting has selected, "" when
// the kernel has none.
func thpMode() string {
	b, err := os.ReadFile(thpEnabled)
	if err != nil {
		return ""
	}
	return selected(string(b))
}

// selected returns the bracketed word of a sysfs choice ("always [madvise] never").
func selected(s string) string {
	i, j := strings.IndexByte(s, '['), strings.IndexByte(s, ']')
	if i < 0 || j < i {
		return strings.TrimSpace(s)
	}
	return s[i+1 : j]
}

// mapping is one mapping of the heap, with the kernel's count of its resident bytes
// and of those in huge pages.
type mapping struct {
	start, end uintptr
	rss, huge  uint64
}

// heapSpan is the heap's read-write mappings and their totals.
type heapSpan struct {
	maps      []mapping
	rss, huge uint64
}

func (h heapSpan) size() uintptr {
	var n uintptr
	for _, m := range h.maps {
		n += m.end - m.start
	}
	return n
}

// heapProbe lives in the Go heap for the worker's whole life: its address shows
// where the heap is.
var heapProbe = new([64]byte)

// heapMappings finds the Go heap's mappings in /proc/self/smaps. The runtime reserves
// its heap as a run of anonymous mappings (address space it has not used yet is
// mapped without access, the rest read-write), placed at a random address since Go
// 1.26 and, on a kernel without named anonymous mappings, not labelled; so the heap
// is taken as the run of adjacent anonymous mappings around the address of objects
// known to be in it (heapProbe, and an object allocated now, in the newest part),
// and its mappings as the read-write ones of that run. The C allocator's arenas, the
// runtime's own structures and the thread stacks lie elsewhere.
func heapMappings() (heapSpan, error) {
	fresh := new([64]byte)
	probes := [2]uintptr{uintptr(unsafe.Pointer(heapProbe)), uintptr(unsafe.Pointer(fresh))}
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return heapSpan{}, fmt.Errorf("the heap's pages cannot be read: %v", err)
	}
	all, err := parseSmaps(data)
	if err != nil {
		return heapSpan{}, err
	}
	h := heapAround(all, probes[:])
	if len(h.maps) == 0 {
		return h, fmt.Errorf("the heap's mappings were not found in /proc/self/smaps")
	}
	return h, nil
}

// smapsEntry is one mapping of /proc/self/smaps.
type smapsEntry struct {
	mapping
	anon, rw bool
}

// parseSmaps reads the mappings of an smaps file: each a header line (range,
// permissions, offset, device, inode, path) and then "Key: value kB" lines.
func parseSmaps(data []byte) ([]smapsEntry, error) {
	var out []smapsEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if strings.HasSuffix(f[0], ":") { // a "Key: value" line of the last mapping
			if len(out) == 0 || len(f) < 2 {
				continue
			}
			kb, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				continue
			}
			switch f[0] {
			case "Rss:":
				out[len(out)-1].rss = kb << 10
			case "AnonHugePages:":
				out[len(out)-1].huge = kb << 10
			}
			continue
		}
		lo, hi, ok := strings.Cut(f[0], "-")
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if !ok || err1 != nil || err2 != nil || len(f) < 5 {
			return nil, fmt.Errorf("smaps: unexpected line %q", line)
		}
		out = append(out, smapsEntry{
			mapping: mapping{start: uintptr(start), end: uintptr(end)},
			anon:    f[4] == "0" && (len(f) == 5 || strings.HasPrefix(f[5], "[anon:")),
			rw:      strings.HasPrefix(f[1], "rw"),
		})
	}
	return out, sc.Err()
}

// heapAround returns the read-write mappings of every run of adjacent anonymous
// mappings that holds one of the probes' addresses.
func heapAround(all []smapsEntry, probes []uintptr) heapSpan {
	var h heapSpan
	in := make([]bool, len(all))
	for _, p := range probes {
		k := -1
		for i, e := range all {
			if e.start <= p && p < e.end {
				k = i
				break
			}
		}
		if k < 0 || !all[k].anon {
			continue
		}
		lo, hi := k, k
		for lo > 0 && all[lo-1].anon && all[lo-1].end == all[lo].start {
			lo--
		}
		for hi+1 < len(all) && all[hi+1].anon && all[hi+1].start == all[hi].end {
			hi++
		}
		for i := lo; i <= hi; i++ {
			in[i] = true
		}
	}
	for i, e := range all {
		if in[i] && e.rw {
			h.maps = append(h.maps, e.mapping)
			h.rss += e.rss
			h.huge += e.huge
		}
	}
	return h
}
