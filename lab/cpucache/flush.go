package cpucache

import "fmt"

// FallbackLLC is the last-level cache size assumed when the system reports none: more
// than any current desktop or laptop CPU has per core complex, so a flush sized from it
// still evicts everything, only more slowly than needed.
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
// last-level cache, or twice FallbackLLC when the system reports none. Each cold-mode
// worker holds one, resident, which the lab's memory estimate counts.
func FlushBytes(levels []Level) int64 {
	if llc, ok := LastLevel(levels); ok {
		return 2 * llc.Bytes
	}
	return 2 * FallbackLLC
}

// NewFlusher makes a Flusher for the caches in levels (see Levels; nil when unknown,
// with why in reason).
func NewFlusher(levels []Level, reason string) (*Flusher, error) {
	size := FlushBytes(levels) / 2
	var note string
	if llc, ok := LastLevel(levels); ok {
		note = fmt.Sprintf("each frame starts after reading %s (twice the %s of %s)", mib(2*size), llc.Name(), mib(size))
	} else {
		note = fmt.Sprintf("each frame starts after reading %s (twice an assumed 64 MiB last-level cache: %s)", mib(2*size), reason)
	}
	buf, free, err := newBuffer(int(2 * size))
	if err != nil {
		return nil, fmt.Errorf("cold mode: cannot map a %s flush buffer: %w", mib(2*size), err)
	}
	for i := range buf { // fault every page in now, so that no frame pays for it
		if i%4096 == 0 {
			buf[i] = 1
		}
	}
	return &Flusher{buf: buf, free: free, Note: note}, nil
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

func mib(b int64) string { return fmt.Sprintf("%d MiB", b>>20) }
