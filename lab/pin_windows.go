package lab

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Pinning on Windows, as on Linux (see pinThread there): the frame thread is held to
// the frame CPU by its affinity mask (SetThreadAffinityMask on its own handle), and
// the worker's other threads, found by a snapshot of the system's threads
// (CreateToolhelp32Snapshot), to the process's other CPUs. What cannot be done as on
// Linux: a thread Windows starts takes the process's affinity mask, not its
// creator's, and the process's mask must hold the frame CPU (a thread's mask is a
// subset of its process's), so a thread started after a pass may run on the frame
// CPU until the next pass. A pass is made before a burst when the runtime's count of
// its threads (runtime.ThreadCreateProfile) differs from the last pass's: under Wine
// on the 2-core development VM a snapshot of its 45 threads took 5 to 74 ms (median
// 11 ms over 45), too long to take before every burst. A thread that ends while
// another starts leaves the count as it was, and threads Windows itself starts in
// the process (a console's Ctrl-C handler) are not counted: those wait for the next
// pass the count calls for. Only the process's own processor group is seen (64 CPUs
// at most): on a machine of more groups the lab chooses among that group's CPUs.

var (
	procGetProcessAffinityMask = kernel32.NewProc("GetProcessAffinityMask")
	procSetThreadAffinityMask  = kernel32.NewProc("SetThreadAffinityMask")
	procGetActiveGroupCount    = kernel32.NewProc("GetActiveProcessorGroupCount")
)

// processMask is the CPUs this process may use, one bit per CPU of its processor group.
func processMask() (uintptr, error) {
	if err := procGetProcessAffinityMask.Find(); err != nil {
		return 0, err
	}
	var proc, system uintptr
	r, _, e := syscall.SyscallN(procGetProcessAffinityMask.Addr(), uintptr(windows.CurrentProcess()),
		uintptr(unsafe.Pointer(&proc)), uintptr(unsafe.Pointer(&system)))
	switch {
	case r == 0:
		return 0, fmt.Errorf("GetProcessAffinityMask failed (%v)", e)
	case proc == 0: // what Windows answers for a process whose threads span processor groups
		return 0, errors.New("GetProcessAffinityMask gives no CPUs: the process's threads span processor groups")
	}
	return proc, nil
}

// processorGroups is how many processor groups the machine has; 1 where the system
// cannot say.
func processorGroups() int {
	if procGetActiveGroupCount.Find() != nil {
		return 1
	}
	r, _, _ := syscall.SyscallN(procGetActiveGroupCount.Addr())
	return max(int(uint16(r)), 1)
}

// frameCPU is the last CPU this process may use, or -1 (see unpinnedWhy).
func frameCPU() int {
	m, err := processMask()
	if err != nil || procSetThreadAffinityMask.Find() != nil {
		return -1
	}
	return bits.Len64(uint64(m)) - 1
}

// unpinnedWhy says why frameCPU gave no CPU.
func unpinnedWhy() string {
	if _, err := processMask(); err != nil {
		return "not pinned: " + err.Error()
	}
	if err := procSetThreadAffinityMask.Find(); err != nil {
		return "not pinned: SetThreadAffinityMask cannot be found (" + err.Error() + ")"
	}
	return "not pinned"
}

// pin is what pinThread keeps between calls: the CPUs the process may use, read at
// the first call; what the last pass over the process's threads did, so that the
// next is made only when something changed; and the snapshot's entry, so that a
// pass allocates nothing. The lock serves tests, whose workers share a process.
var pin struct {
	sync.Mutex
	ready   bool
	allowed uintptr
	self    uint32  // the thread the last pass kept on the frame CPU
	rest    uintptr // the mask it gave the others
	threads int     // the runtime's threads then
	entry   windows.ThreadEntry32
}

// pinThread pins the calling thread, the frame thread (locked to its goroutine), to
// cpu, and the worker's other threads to the process's other CPUs (see the top of
// this file for what Windows leaves undone). On a machine of one CPU all threads
// share it.
func pinThread(cpu int) error {
	pin.Lock()
	defer pin.Unlock()
	if !pin.ready {
		m, err := processMask()
		if err != nil {
			return err
		}
		if err := procSetThreadAffinityMask.Find(); err != nil {
			return err
		}
		pin.allowed, pin.ready = m, true
	}
	if cpu < 0 || cpu >= bits.UintSize || pin.allowed&(1<<cpu) == 0 {
		return fmt.Errorf("CPU %d is not one this process may use (mask %#x)", cpu, pin.allowed)
	}
	frame := uintptr(1) << cpu
	rest := pin.allowed &^ frame
	if rest == 0 {
		rest = frame
	}
	if r, _, e := syscall.SyscallN(procSetThreadAffinityMask.Addr(), currentThread, frame); r == 0 {
		return fmt.Errorf("SetThreadAffinityMask failed (%v)", e)
	}
	self := windows.GetCurrentThreadId()
	threads, _ := runtime.ThreadCreateProfile(nil)
	if self == pin.self && rest == pin.rest && threads == pin.threads {
		return nil
	}
	if err := pinOthers(self, rest); err != nil {
		return err
	}
	pin.self, pin.rest, pin.threads = self, rest, threads
	return nil
}

// pinOthers gives every thread of the process but self the affinity mask rest.
func pinOthers(self uint32, rest uintptr) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("CreateToolhelp32Snapshot failed (%v)", err)
	}
	defer windows.CloseHandle(snap)
	pid := windows.GetCurrentProcessId()
	e := &pin.entry
	e.Size = uint32(unsafe.Sizeof(*e))
	for err = windows.Thread32First(snap, e); err == nil; err = windows.Thread32Next(snap, e) {
		if e.OwnerProcessID != pid || e.ThreadID == self {
			continue
		}
		h, err := windows.OpenThread(windows.THREAD_SET_INFORMATION|windows.THREAD_QUERY_INFORMATION, false, e.ThreadID)
		if err != nil {
			continue // a thread that has just ended cannot be pinned, nor needs to be
		}
		syscall.SyscallN(procSetThreadAffinityMask.Addr(), uintptr(h), rest)
		windows.CloseHandle(h)
	}
	if err != windows.ERROR_NO_MORE_FILES {
		return fmt.Errorf("Thread32Next failed (%v)", err)
	}
	return nil
}
