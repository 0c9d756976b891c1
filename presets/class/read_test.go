package class

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// longRuns writes n copies of a run shaped as the lab's longest, of frames frames,
// into dir (copies: each its own file, as each student's is), and returns their paths.
func longRuns(t testing.TB, dir string, n, frames int) []string {
	t.Helper()
	var buf bytes.Buffer
	if err := result.WriteJSON(&buf, runtest.Large(frames, "", 1)); err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("student%02d.json", i+1))
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// liveHeap is the heap a collection finds live, after the read buffer kept for the
// next file has been let go of (a sync.Pool empties over two collections).
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	runtime.GC()
	runtime.GC()
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestAddFilesKeepsNoRun: a class keeps of each file what it shows, not its frames:
// after reading three long runs it holds less than one of them decoded, and it said
// how far it had come after each file.
func TestAddFilesKeepsNoRun(t *testing.T) {
	paths := longRuns(t, t.TempDir(), 3, 20000)
	before := liveHeap()
	one, err := result.LoadJSON(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	oneRun := liveHeap() - before
	runtime.KeepAlive(one)
	one = nil
	b := NewBuilder(nil)
	var done []int
	if err := b.AddFiles(context.Background(), lab.LoadSaved, nil, paths, func(n int) { done = append(done, n) }); err != nil {
		t.Fatal(err)
	}
	after := liveHeap()
	held := after - min(before, after)
	if c, err := b.Class(); err != nil || len(c.Machines) != 3 {
		t.Fatalf("the class: %v", err)
	}
	t.Logf("one run decoded: %d bytes; the class of three: %d", oneRun, held)
	if held > oneRun/4 {
		t.Errorf("the class of 3 runs holds %d bytes; one run decoded takes %d", held, oneRun)
	}
	if fmt.Sprint(done) != "[1 2 3]" {
		t.Errorf("progress: %v, want [1 2 3]", done)
	}
	runtime.KeepAlive(b)
}

// TestAddFilesRefuses: a file already in the class, or given twice, is refused by
// name, and the class holds the files before it; a cancelled reading reads no more.
func TestAddFilesRefuses(t *testing.T) {
	dir := "testdata/"
	a, b2, c := dir+"laptop-a.json", dir+"laptop-b.json", dir+"laptop-c.json"
	b := NewBuilder(nil)
	if err := b.AddFiles(context.Background(), lab.LoadSaved, nil, []string{a, b2}, nil); err != nil {
		t.Fatal(err)
	}
	err := b.AddFiles(context.Background(), lab.LoadSaved, []string{a, b2}, []string{c, "./" + a}, nil)
	if err == nil || !strings.Contains(err.Error(), "laptop-a.json is given twice") || b.Len() != 3 {
		t.Errorf("a file already in: %v; %d files in", err, b.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b = NewBuilder(nil)
	if err := b.AddFiles(ctx, lab.LoadSaved, nil, []string{a, b2, c}, nil); !errors.Is(err, context.Canceled) || b.Len() != 0 {
		t.Errorf("cancelled: %v; %d files in", err, b.Len())
	}
}

// BenchmarkClassOfThirtyLongestRuns reads a class of thirty runs as long as the lab
// writes them (six backings, 100,000 frames, about 52 MB each) and reports the most
// memory the Go runtime held meanwhile (peak-MB): the goal is under 30 s and 500 MB
// for the class; `/usr/bin/time -v localitylab compare …` measured 27–37 s wall (9–13 s
// of CPU) at load 10 to 18 on the development VM (2 cores), and 310–373 MB of peak RSS.
func BenchmarkClassOfThirtyLongestRuns(b *testing.B) {
	paths := longRuns(b, b.TempDir(), 30, result.MaxFrames)
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
		}
	}()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Read(lab.LoadSaved, paths); err != nil {
			b.Fatal(err)
		}
	}
	close(stop)
	b.ReportMetric(float64(peak.Load())/1e6, "peak-MB")
}

// FuzzRead: whatever a student's file holds, a class of it beside two good files
// of its kind is read or refused (no input takes more than 5 s), and a class it makes
// can be drawn as every view draws it. Run with go test -fuzz FuzzRead ./presets/class/.
func FuzzRead(f *testing.F) {
	dir := "testdata/"
	for _, name := range []string{"laptop-c.json", "sweep-c.json"} {
		data, err := os.ReadFile(dir + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		p := filepath.Join(t.TempDir(), "student.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		others := []string{dir + "laptop-a.json", dir + "laptop-b.json"}
		if bytes.Contains(data, []byte(result.SweepSchema)) {
			others = []string{dir + "sweep-a.json", dir + "sweep-b.json"}
		}
		if c, _, err := Read(lab.LoadSaved, append(others, p)); err == nil {
			m := c.Chart()
			if len(m.Machines) != 3 || len(m.Table.Rows) == 0 {
				t.Fatalf("a class of 3 files: %d machines, %d rows", len(m.Machines), len(m.Table.Rows))
			}
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("one input of %d bytes took %v", len(data), d)
		}
	})
}
