package rtmetrics

import (
	"runtime"
	"sync"
	"testing"
)

func TestRSSGrowsWithTouchedMemory(t *testing.T) {
	const size = 64 << 20
	before, err := RSS()
	if err != nil {
		t.Fatal(err)
	}
	if before == 0 {
		t.Fatal("RSS = 0 for a running process")
	}
	buf := make([]byte, size)
	for i := 0; i < len(buf); i += 4096 { // touch every page so the OS backs it
		buf[i] = 1
	}
	after, err := RSS()
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(buf)
	if after < before || after-before < size*3/4 {
		t.Errorf("RSS went from %d to %d after touching %d bytes", before, after, size)
	}
}

// The app's sampler and a worker may call RSS from different goroutines; run with -race.
func TestRSSConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			if _, err := RSS(); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func BenchmarkRSS(b *testing.B) {
	var rss uint64
	var err error
	b.ReportAllocs()
	for b.Loop() {
		rss, err = RSS()
	}
	if err != nil || rss == 0 {
		b.Fatalf("RSS() = %d, %v", rss, err)
	}
}
