//go:build linux || windows

package lab

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// TestPinMessage moves a worker process's frame thread to another CPU, as placeFrames
// does when the loads are over, and reads where it says its frames now run; the
// frames after the move are timed by the same clock as before.
func TestPinMessage(t *testing.T) {
	last := frameCPU()
	if last < 1 {
		t.Skip("needs two CPUs")
	}
	c := testConfig(t, workload.SoA)
	c.Frames = 20
	l := loadedRun(t, c, spawnProcess)
	// The run is paused and its scheduler waits in waitTurn; the test takes its place.
	for _, cpu := range []int{0, last} {
		got, err := l.procs[0].pin(l.dog, cpu)
		if want := fmt.Sprintf("CPU %d", cpu); err != nil || got != want {
			t.Errorf("pin to CPU %d: %q, %v; want %q", cpu, got, err, want)
		}
		if err := l.round(l.Status().Done, 2); err != nil {
			t.Fatal(err)
		}
	}
	if s := l.Snapshot().Backings[0]; s.Frames.CPUTimed() != CPUClock() || s.Frames.Len() != 4 {
		t.Errorf("%d frames, CPU-timed %v; want 4 timed by the clock this system's frames are (CPU-timed %v)", s.Frames.Len(), s.Frames.CPUTimed(), CPUClock())
	}
}

// TestEveryForkPlaced: each fork's fresh workers load on the CPU chosen for the loads
// and are moved, once loaded, to the one chosen for the frames, fork after fork (not
// the first fork's only); each backing records every fork's frame CPU, which names
// the CPU only when the worker said it now runs there, and its pages.
func TestEveryForkPlaced(t *testing.T) {
	last := frameCPU()
	if last < 1 {
		t.Skip("needs two CPUs")
	}
	var mu sync.Mutex
	var calls []string
	chooseCPU = func(fallback int, _ time.Duration) cpuChoice {
		mu.Lock()
		defer mu.Unlock()
		// The loads' choice, then the frames': the last CPU for each fork's loads, CPU
		// 0 for its frames, so that placeFrames must move every fork's workers.
		cpu := last
		if len(calls)%2 == 1 {
			cpu = 0
		}
		calls = append(calls, fmt.Sprintf("CPU %d", cpu))
		return cpuChoice{CPU: cpu, Why: fmt.Sprintf("choice %d", len(calls))}
	}
	t.Cleanup(func() { chooseCPU = chooseFrameCPU })
	c := testConfig(t, workload.SoA, workload.Map)
	c.Frames, c.Warmup, c.Forks = 12, 3, 3
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 6 {
		t.Errorf("%d choices (%v), want two per fork: its loads', its frames'", len(calls), calls)
	}
	wantPages := string(DefaultPages)
	if runtime.GOOS != "linux" { // where the lab has no say in page size
		wantPages = result.PagesSystem
	}
	for _, b := range r.Backings {
		cpus, pages := b.ForkFrameCPU, b.ForkPages
		if b.FrameCPU != nil || b.Pages != nil || len(cpus) != 3 || len(pages) != 3 {
			t.Fatalf("%s: frame CPU %+v, pages %+v, per fork %+v, %+v; want three forks' records", b.Name, b.FrameCPU, b.Pages, cpus, pages)
		}
		for k := range 3 {
			if want := fmt.Sprintf("choice %d", 2*k+2); cpus[k] != (result.FrameCPU{CPU: 0, Why: want}) {
				t.Errorf("%s, fork %d: frame CPU %+v, want CPU 0 (the worker moved there), %q", b.Name, k+1, cpus[k], want)
			}
			if pages[k].Mode != wantPages {
				t.Errorf("%s, fork %d: pages %+v, want mode %s", b.Name, k+1, pages[k], wantPages)
			}
		}
	}
	if r.Pinned != "CPU 0" {
		t.Errorf("pinned %q, want CPU 0: where every fork's frames ran", r.Pinned)
	}
	if err := r.Validate(); err != nil {
		t.Errorf("the run's record does not validate: %v", err)
	}
}
