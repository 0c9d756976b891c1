//go:build !linux

package lab

import "localitylab/lab/result"

// probeBuffer is n bytes of the Go heap, every page written: outside Linux the lab
// has no say in the pages memory gets (settlePages says so), nor a way to map it
// that every system shares.
func probeBuffer(n int64, mode PagesMode, note string) (buf []uint64, pages result.Pages, free func(), err error) {
	buf = make([]uint64, n/8)
	for i := 0; i < len(buf); i += 512 {
		buf[i] = 0
	}
	return buf, settlePages(mode, note), func() {}, nil
}
