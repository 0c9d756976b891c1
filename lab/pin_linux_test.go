package lab

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"
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
