package lab

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// TestPinThreadSeparatesRuntime: after pinThread the calling thread may run on the
// frame CPU only, and no other thread of the process may run there. The runtime can
// start a thread between the pin and the check (from the pinned thread, it inherits
// the frame CPU until the next pin), so a few pin-and-check attempts are allowed, as
// the worker repins before every burst.
func TestPinThreadSeparatesRuntime(t *testing.T) {
	cpu := frameCPU()
	if cpu < 1 {
		t.Skip("needs two CPUs")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var before unix.CPUSet
	if err := unix.SchedGetaffinity(0, &before); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { setAllThreads(before) })

	var stray []int
	for range 3 {
		if err := pinThread(cpu); err != nil {
			t.Fatal(err)
		}
		var own unix.CPUSet
		if err := unix.SchedGetaffinity(0, &own); err != nil {
			t.Fatal(err)
		}
		if own.Count() != 1 || !own.IsSet(cpu) {
			t.Fatalf("the frame thread may run on %d CPUs (CPU %d among them: %v), want CPU %d only", own.Count(), cpu, own.IsSet(cpu), cpu)
		}
		stray = threadsOn(t, cpu, unix.Gettid())
		if len(stray) == 0 {
			return
		}
	}
	t.Errorf("threads %v of the process may still run on the frame CPU %d", stray, cpu)
}

// pinProcsEnv makes the test binary, at init, before the testing package sets
// GOMAXPROCS itself (which would stop the runtime from changing it), act as a worker's
// frame thread: pin, keep busy, and report whether GOMAXPROCS held.
const pinProcsEnv = "LOCALITYLAB_LAB_TEST_PINPROCS"

func init() {
	if os.Getenv(pinProcsEnv) != "1" {
		return
	}
	procs := runtime.GOMAXPROCS(0)
	runtime.LockOSThread()
	if err := pinThread(frameCPU()); err != nil {
		fmt.Println("pin:", err)
		os.Exit(2)
	}
	// sysmon checks at most once a second, and only while the process is busy (when
	// every P is idle it sleeps): the loop keeps the pinned thread running, as
	// frames do, for two chances.
	got := procs
	for deadline := time.Now().Add(2200 * time.Millisecond); time.Now().Before(deadline) && got == procs; {
		got = runtime.GOMAXPROCS(0)
	}
	fmt.Printf("GOMAXPROCS %d -> %d\n", procs, got)
	os.Exit(0)
}

// TestPinThreadHoldsGOMAXPROCS: pinning the threads must not let the runtime shrink
// GOMAXPROCS to the CPUs left to its own threads. Since Go 1.25 sysmon rereads its
// thread's CPU mask once a second and resizes when the program did not set
// GOMAXPROCS; the resize stops the world in a frame and flushes the destroyed P's
// cached allocations into it. A test binary sets GOMAXPROCS for its tests, so the
// check runs in a fresh process of it (see init).
func TestPinThreadHoldsGOMAXPROCS(t *testing.T) {
	if frameCPU() < 1 {
		t.Skip("needs two CPUs")
	}
	if os.Getenv("GOMAXPROCS") != "" {
		t.Skip("GOMAXPROCS is set in the environment: the runtime never changes it")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), pinProcsEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var from, to int
	if _, err := fmt.Sscanf(string(out), "GOMAXPROCS %d -> %d", &from, &to); err != nil {
		t.Fatalf("child said %q: %v", out, err)
	}
	if from != to {
		t.Errorf("GOMAXPROCS went from %d to %d after the threads were pinned", from, to)
	}
}

// threadsOn lists the threads but self whose mask includes cpu.
func threadsOn(t *testing.T, cpu, self int) []int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	var on []int
	for _, task := range tasks {
		tid, err := strconv.Atoi(task.Name())
		if err != nil || tid == self {
			continue
		}
		var set unix.CPUSet
		if unix.SchedGetaffinity(tid, &set) == nil && set.IsSet(cpu) {
			on = append(on, tid)
		}
	}
	return on
}

// setAllThreads gives every thread of the process the mask set, as before a test.
func setAllThreads(set unix.CPUSet) {
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		if tid, err := strconv.Atoi(task.Name()); err == nil {
			unix.SchedSetaffinity(tid, &set)
		}
	}
}

// TestPinMessage moves a worker process's frame thread to another CPU, as placeFrames
// does when the loads are over, and reads where it says its frames now run; the
// frames after the move are timed by the thread's clock as before.
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
	if s := l.Snapshot().Backings[0]; !s.Frames.CPUTimed() || s.Frames.Len() != 4 {
		t.Errorf("%d frames, CPU-timed %v; want 4 timed by the thread's clock", s.Frames.Len(), s.Frames.CPUTimed())
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
	for _, b := range r.Backings {
		cpus, pages := b.ForkFrameCPU, b.ForkPages
		if b.FrameCPU != nil || b.Pages != nil || len(cpus) != 3 || len(pages) != 3 {
			t.Fatalf("%s: frame CPU %+v, pages %+v, per fork %+v, %+v; want three forks' records", b.Name, b.FrameCPU, b.Pages, cpus, pages)
		}
		for k := range 3 {
			if want := fmt.Sprintf("choice %d", 2*k+2); cpus[k] != (result.FrameCPU{CPU: 0, Why: want}) {
				t.Errorf("%s, fork %d: frame CPU %+v, want CPU 0 (the worker moved there), %q", b.Name, k+1, cpus[k], want)
			}
			if pages[k].Mode != string(DefaultPages) {
				t.Errorf("%s, fork %d: pages %+v, want mode %s", b.Name, k+1, pages[k], DefaultPages)
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
