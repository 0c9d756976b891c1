package result

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"
)

// endless is a reader that never ends: a file like /dev/zero, or one that only
// opens a JSON object and then pads forever.
type endless struct {
	head []byte
	fill byte
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.head)
	e.head = e.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestReadCapped: what cannot be a result file is refused at its first character,
// and a file that could be is read no further than the bound.
func TestReadCapped(t *testing.T) {
	defer func(old int64) { maxFileBytes = old }(maxFileBytes)
	maxFileBytes = 64 << 10
	zero := &endless{}
	_, err := ReadJSON(zero)
	if err == nil || !strings.Contains(err.Error(), `not a result file: it starts with '\x00'`) {
		t.Errorf("ReadJSON(/dev/zero) = %v, want it refused at its first byte", err)
	}
	if zero.read > 64<<10 {
		t.Errorf("ReadJSON(/dev/zero) read %d bytes before refusing", zero.read)
	}
	padded := &endless{head: []byte("{"), fill: ' '}
	_, err = ReadSweepJSON(padded)
	if err == nil || !strings.Contains(err.Error(), "larger than 64.0 KiB") {
		t.Errorf("ReadSweepJSON of an endless object = %v, want it refused past the bound", err)
	}
	if padded.read > 2*maxFileBytes {
		t.Errorf("read %d bytes of an endless file, bound %d", padded.read, maxFileBytes)
	}
	for _, in := range []string{"", "  \n", "\x89PNG"} {
		if _, err := ReadJSON(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "not a result file") {
			t.Errorf("ReadJSON(%q) = %v, want \"not a result file\"", in, err)
		}
	}
}

// TestMaxFileBytesHoldsTheLargestRun: the bound on a file leaves room for the
// largest run the lab can write: MaxFrames frames of MaxBackings backings, every
// column present and every value as wide as its type allows. The size is worked out
// from one frame and two (what a frame adds), not by writing 100,000 frames.
func TestMaxFileBytesHoldsTheLargestRun(t *testing.T) {
	size := func(frames int) int {
		r := testRun()
		r.Frames, r.Warmup, r.Rounds = MaxFrames, 0, []Round{{First: 0, Frames: frames, Order: []int{0, 1, 2, 3, 4, 5}}}
		r.Ratios = nil
		r.Backings = make([]Backing, MaxBackings)
		for i := range r.Backings {
			samples := make([]Sample, frames)
			for f := range samples {
				samples[f] = Sample{NS: math.MaxInt64, Allocs: math.MaxUint64, AllocBytes: math.MaxUint64, HeapBytes: math.MaxUint64,
					RSSBytes: math.MaxUint64, GCCycles: math.MaxUint64, GCPauseNS: math.MaxUint64, GCWaitNS: math.MaxUint64,
					GCCPUNS: math.MaxUint64, Checksum: math.MaxUint64, Lookups: math.MaxUint64, LookupNS: math.MaxUint64,
					HasCounters: true, Instructions: math.MaxUint64, Cycles: math.MaxUint64, MemMisses: math.MaxUint64}
			}
			r.Backings[i] = Backing{Name: fmt.Sprintf("backing%d", i), Frames: NewSeries(samples)}
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, r); err != nil {
			t.Fatal(err)
		}
		return buf.Len()
	}
	one, two := size(1), size(2)
	largest := one + (two-one)*(MaxFrames-1)
	t.Logf("the largest run: %d bytes (%d a frame of %d backings); the bound: %d", largest, two-one, MaxBackings, MaxFileBytes)
	if largest > MaxFileBytes {
		t.Errorf("the largest run the lab writes takes %d bytes, more than MaxFileBytes (%d)", largest, MaxFileBytes)
	}
}

// TestValidateCounts: a run of more backings than one run compares is refused.
func TestValidateCounts(t *testing.T) {
	r := testRun()
	r.Ratios = nil
	for i := len(r.Backings); i <= MaxBackings; i++ {
		r.Backings = append(r.Backings, Backing{Name: fmt.Sprintf("b%d", i)})
	}
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "backings: 7 (want 1 to 6)") {
		t.Errorf("Validate of %d backings = %v", len(r.Backings), err)
	}
	r.Backings = nil
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "backings: 0 (want 1 to 6)") {
		t.Errorf("Validate of no backing = %v", err)
	}
}

var _ io.Reader = (*endless)(nil)

// TestWordsAmongNumbers: a word where a list holds numbers is read past, not looped
// on (the fuzzer found the first pass spinning there).
func TestWordsAmongNumbers(t *testing.T) {
	for _, in := range []string{`{"schema":"localitylab/run/v2","rounds":[true]}`, `{"rounds":[1, x]}`, `{"a":[-]}`} {
		done := make(chan error, 1)
		go func() {
			_, err := ReadJSON(strings.NewReader(in))
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("ReadJSON(%s) accepted it", in)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("ReadJSON(%s) still reading after 5 s", in)
		}
	}
}
