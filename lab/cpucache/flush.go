package cpucache

import (
	"fmt"
	"strings"
)

// FallbackLLC is the last-level cache size assumed when the system reports none, or
// reports one the lab cannot believe: twice the 32 MiB of most desktop core complexes,
// so that a flush of twice it evicts everything there, only more slowly than needed
// (AMD's X3D parts hold 96 MiB, which a flush of 128 MiB leaves partly filled).
const FallbackLLC = 64 << 20

// lineSize is the stride of a flush: one read per 64-byte cache line, the line size of
// every x86-64 and most ARM64 cores (on Apple's 128-byte lines it touches each twice).
const lineSize = 64

// Flusher empties the data caches by reading a buffer twice the size of the last-level
// cache, one load per cache line. With the replacement policies of current CPUs (LRU
// approximations, and on AMD an L3 filled by L2 evictions), streaming twice the
// capacity through leaves none of the previous contents behind. The buffer lives
// outside the Go heap where the system allows (see newBuffer), so that it shows in
// neither the heap figures nor the collector's work; it is resident, though, and
// Bytes says how much to subtract from a resident set size.
type Flusher struct {
	buf  []byte
	sink uint64
	free func()
	Note string // how the size was chosen, for the run's record
}

// FlushBytes is the size of the buffer a Flusher for levels reads: twice the
// last-level cache, or twice FallbackLLC when the system reports none, or when a
// larger cache it reports was set aside (SetAside: the real last level is then
// unknown). Each cold-mode worker holds one, resident, which the lab's memory estimate
// counts.
func FlushBytes(levels []Level) int64 {
	llc, ok := LastLevel(levels)
	if ok && len(SetAside(levels)) == 0 {
		return 2 * llc.Bytes
	}
	return 2 * max(FallbackLLC, llc.Bytes)
}

// NewFlusher makes a Flusher for the caches in levels (see Levels; nil when unknown,
// with why in reason).
func NewFlusher(levels []Level, reason string) (*Flusher, error) {
	size := FlushBytes(levels)
	buf, free, err := newBuffer(int(size))
	if err != nil {
		return nil, fmt.Errorf("cold mode: cannot map a %s flush buffer: %w", sizeText(size), err)
	}
	for i := range buf { // fault every page in now, so that no frame pays for it
		if i%4096 == 0 {
			buf[i] = 1
		}
	}
	return &Flusher{buf: buf, free: free, Note: flushNote(levels, reason)}, nil
}

// flushNote says how the flush's size was chosen, for the run's record.
func flushNote(levels []Level, reason string) string {
	size := FlushBytes(levels)
	llc, ok := LastLevel(levels)
	aside := SetAside(levels)
	switch {
	case ok && len(aside) == 0:
		return fmt.Sprintf("each frame starts after reading %s (twice the %s of %s)", sizeText(size), llc.Name(), sizeText(llc.Bytes))
	case len(aside) > 0:
		var why []string
		for _, l := range aside {
			why = append(why, l.NotUsedText())
		}
		return fmt.Sprintf("each frame starts after reading %s (twice an assumed %s last-level cache: %s)", sizeText(size), sizeText(size/2), strings.Join(why, "; "))
	}
	return fmt.Sprintf("each frame starts after reading %s (twice an assumed %s last-level cache: %s)", sizeText(size), sizeText(size/2), reason)
}

// Flush reads one word of every cache line of the buffer. The sum is kept so that the
// compiler cannot drop the loads.
func (f *Flusher) Flush() {
	var s uint64
	b := f.buf
	for i := 0; i < len(b); i += lineSize {
		s += uint64(b[i])
	}
	f.sink += s
}

// Bytes is the size of the buffer, resident once it has been read.
func (f *Flusher) Bytes() uint64 { return uint64(len(f.buf)) }

// Close releases the buffer.
func (f *Flusher) Close() {
	if f.free != nil {
		f.free()
		f.free = nil
	}
	f.buf = nil
}
