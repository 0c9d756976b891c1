package lab

import (
	"math/bits"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// threadBasicInformation is NtQueryInformationThread's THREAD_BASIC_INFORMATION,
// which holds a thread's affinity mask (Windows has no GetThreadAffinityMask).
type threadBasicInformation struct {
	exitStatus     int32
	_              uint32
	teb            uintptr
	process, tid   uintptr
	affinity       uintptr
	priority, base int32
}

var procQueryThread = windows.NewLazySystemDLL("ntdll.dll").NewProc("NtQueryInformationThread")

// threadMask is the affinity mask of thread h.
func threadMask(t *testing.T, h windows.Handle) uintptr {
	t.Helper()
	var info threadBasicInformation
	if st, _, _ := syscall.SyscallN(procQueryThread.Addr(), uintptr(h), 0, uintptr(unsafe.Pointer(&info)), unsafe.Sizeof(info), 0); st != 0 {
		t.Fatalf("NtQueryInformationThread(ThreadBasicInformation): status %#x", st)
	}
	return info.affinity
}

// otherMasks is every thread of the process but self, with its affinity mask.
func otherMasks(t *testing.T, self uint32) map[uint32]uintptr {
	t.Helper()
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer windows.CloseHandle(snap)
	out := map[uint32]uintptr{}
	var e windows.ThreadEntry32
	e.Size = uint32(unsafe.Sizeof(e))
	for err = windows.Thread32First(snap, &e); err == nil; err = windows.Thread32Next(snap, &e) {
		if e.OwnerProcessID != windows.GetCurrentProcessId() || e.ThreadID == self {
			continue
		}
		h, err := windows.OpenThread(windows.THREAD_QUERY_INFORMATION, false, e.ThreadID)
		if err != nil {
			continue // it has just ended
		}
		out[e.ThreadID] = threadMask(t, h)
		windows.CloseHandle(h)
	}
	return out
}

// setAllThreads gives every thread of the process the mask m, as before a test.
func setAllThreads(m uintptr) {
	pin.Lock()
	defer pin.Unlock()
	pinOthers(0, m)
	pin.self, pin.threads = 0, -1
}

// TestPinThreadSeparatesRuntime: after pinThread the calling thread may run on the
// frame CPU only, and no other thread of the process may run there; then pinned to
// another CPU, the threads follow. A thread the runtime starts between the pin and
// the check takes the process's mask, so a few pin-and-check attempts are allowed,
// as the worker repins before every burst.
func TestPinThreadSeparatesRuntime(t *testing.T) {
	last := frameCPU()
	if last < 1 {
		t.Skipf("needs two CPUs (frame CPU %d: %s)", last, unpinnedWhy())
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	all, err := processMask()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { setAllThreads(all) })
	self := windows.GetCurrentThreadId()
	for _, cpu := range []int{last, 0} {
		var stray []uint32
		for range 3 {
			if err := pinThread(cpu); err != nil {
				t.Fatal(err)
			}
			if own := threadMask(t, windows.CurrentThread()); own != 1<<cpu {
				t.Fatalf("the frame thread's mask is %#x, want %#x (CPU %d only)", own, 1<<cpu, cpu)
			}
			stray = stray[:0]
			others := otherMasks(t, self)
			for tid, m := range others {
				if m&(1<<cpu) != 0 {
					stray = append(stray, tid)
				}
			}
			if len(others) == 0 {
				t.Fatal("no other thread of the process found: the snapshot does not work")
			}
			if len(stray) == 0 {
				break
			}
		}
		if len(stray) > 0 {
			t.Errorf("threads %v of the process may still run on the frame CPU %d", stray, cpu)
		}
	}
}

// TestPinThreadAllocs: pinning before a burst allocates nothing, whether the
// process's threads are passed over again or not, so that it adds nothing to the
// allocations the frames count.
func TestPinThreadAllocs(t *testing.T) {
	cpu := frameCPU()
	if cpu < 0 {
		t.Skip(unpinnedWhy())
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	all, err := processMask()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { setAllThreads(all) })
	if err := pinThread(cpu); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { pinThread(cpu) }); n != 0 {
		t.Errorf("a pin with nothing changed: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { pin.threads = -1; pinThread(cpu) }); n != 0 {
		t.Errorf("a pin that passes over the threads: %v allocations, want 0", n)
	}
}

// TestPinThreadRefuses: a CPU outside the process's mask is refused, naming it.
func TestPinThreadRefuses(t *testing.T) {
	all, err := processMask()
	if err != nil {
		t.Skip(err)
	}
	cpu := bits.Len64(uint64(all)) // one past the last the process may use
	if cpu >= bits.UintSize {
		t.Skip("the process may use every CPU a mask can name")
	}
	if err := pinThread(cpu); err == nil || !strings.Contains(err.Error(), "CPU") {
		t.Errorf("pin to CPU %d, outside mask %#x: %v, want an error naming the CPU", cpu, all, err)
	}
}

// TestProcessorTimes: Windows's kernel time holds the idle time; busy is the rest
// of it and the user time.
func TestProcessorTimes(t *testing.T) {
	tests := []struct {
		name string
		p    processorTimes
		want cpuTimes
	}{
		{"a busy CPU", processorTimes{idle: 100, kernel: 300, user: 700}, cpuTimes{busy: 900, total: 1000}},
		{"an idle CPU", processorTimes{idle: 1000, kernel: 1000}, cpuTimes{busy: 0, total: 1000}},
		// Wine, from a /proc/stat line cpu0 721562 940 155207 39713 464 0 65 4745
		// (USER_HZ 100): idle 39713 ticks, kernel all but user and nice.
		{"under Wine", processorTimes{idle: 3971300000, kernel: 20016300000, user: 72206800000},
			cpuTimes{busy: 20016300000 - 3971300000 + 72206800000, total: 20016300000 + 72206800000}},
		{"idle past kernel", processorTimes{idle: 50, kernel: 40, user: 0}, cpuTimes{busy: 0, total: 40}},
	}
	for _, tt := range tests {
		if got := tt.p.times(); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestChooseFrameCPU reads the system's per-CPU times: whatever the machine is
// doing, the choice is a CPU this process may use, with the busy shares read.
func TestChooseFrameCPU(t *testing.T) {
	all, err := processMask()
	if err != nil || bits.OnesCount64(uint64(all)) < 2 {
		t.Skipf("needs two CPUs (mask %#x, %v)", all, err)
	}
	ch := chooseFrameCPU(frameCPU(), 50*time.Millisecond)
	if ch.CPU < 0 || all&(1<<ch.CPU) == 0 || !strings.Contains(ch.Why, "busy") {
		t.Errorf("chose %+v; want a CPU of mask %#x with the busy shares read", ch, all)
	}
	t.Logf("chose %+v", ch)
}
