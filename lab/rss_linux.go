package lab

import (
	"errors"
	"os"
)

// rssReader reads the worker's resident set size from /proc/self/statm through a file
// kept open and a fixed buffer, so that sampling it between frames allocates nothing
// (gopsutil, which rtmetrics.RSS uses, allocates a few objects per call: enough to
// move a frame's GC timing).
type rssReader struct {
	f    *os.File
	buf  [128]byte
	page uint64
}

func newRSSReader() *rssReader {
	f, err := os.Open("/proc/self/statm")
	if err != nil {
		return &rssReader{}
	}
	return &rssReader{f: f, page: uint64(os.Getpagesize())}
}

var errNoStatm = errors.New("lab: /proc/self/statm cannot be read")

// read returns the resident set size in bytes: the second field of statm, in pages.
func (r *rssReader) read() (uint64, error) {
	if r.f == nil {
		return rssFallback()
	}
	n, err := r.f.ReadAt(r.buf[:], 0)
	if n == 0 {
		if err == nil {
			err = errNoStatm
		}
		return 0, err
	}
	b := r.buf[:n]
	i := 0
	for i < len(b) && b[i] != ' ' { // skip the first field (total size)
		i++
	}
	i++
	var pages uint64
	digits := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		pages = pages*10 + uint64(b[i]-'0')
		digits++
	}
	if digits == 0 {
		return 0, errNoStatm
	}
	return pages * r.page, nil
}

func (r *rssReader) close() {
	if r.f != nil {
		r.f.Close()
	}
}
