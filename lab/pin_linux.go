package lab

import (
	"runtime"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// frameCPU is the CPU every worker's frame thread is pinned to: the last one the
// coordinator may run on. Measured on the 2-core development VM, soa's p50 on a still
// million-sprite world ranged 1.22–1.82 ms over identical runs whose threads went
// where the scheduler put them, and 1.26–1.36 ms with the frame thread pinned: a
// thread that wakes on another core than its last frame's finds that core's caches
// cold, and which core it gets differs from run to run. -1 means do not pin.
func frameCPU() int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return -1
	}
	for cpu := 1023; cpu >= 0; cpu-- {
		if set.IsSet(cpu) {
			return cpu
		}
	}
	return -1
}

// unpinnedWhy says why frameCPU gave no CPU.
func unpinnedWhy() string {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return "not pinned: the CPUs this process may use cannot be read (" + err.Error() + ")"
	}
	return "not pinned"
}

// pin is what pinThread keeps between calls, so that a call before a burst, on the
// frame path, allocates nothing: the CPUs the process started with (read before the
// first call narrows the caller's mask), the two masks, and /proc/self/task open with a
// buffer for its entries. The lock serves tests, whose workers share a process.
var pin struct {
	sync.Mutex
	ready       bool
	allowed     unix.CPUSet
	frame, rest unix.CPUSet
	tasks       int // file descriptor of /proc/self/task
	buf         []byte
}

// pinThread pins the calling thread, the frame thread (locked to its goroutine), to
// cpu, and every other thread of the worker (the runtime's: sysmon, the collector's
// workers, the scavenger, the poller) to the other CPUs the process may use. Each
// worker's idle runtime wakes now and then; pinned beside the frame threads, those
// wake-ups ran on the CPU that was measuring another backing's frames. A still world's
// spatial hash at 300,000 sprites measured p50 121–124 µs alone and 158–223 µs beside
// ptrarray and soa (episodes of frames at twice the time) with every thread on cpu;
// split so, 120–121 µs alone and 120 µs beside them in three runs of each.
// Threads the runtime starts later inherit the mask of the thread that starts them,
// so the worker calls pinThread again before each burst. On a machine of one CPU all
// threads share it.
func pinThread(cpu int) error {
	pin.Lock()
	defer pin.Unlock()
	if !pin.ready {
		if err := unix.SchedGetaffinity(0, &pin.allowed); err != nil {
			return err
		}
		fd, err := unix.Open("/proc/self/task", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return err
		}
		pin.tasks, pin.buf, pin.ready = fd, make([]byte, 8<<10), true
		holdProcs()
	}
	pin.frame.Zero()
	pin.frame.Set(cpu)
	pin.rest = pin.allowed
	pin.rest.Clear(cpu)
	if pin.rest.Count() == 0 {
		pin.rest = pin.frame
	}
	if err := unix.SchedSetaffinity(0, &pin.frame); err != nil {
		return err
	}
	self := unix.Gettid()
	if _, err := unix.Seek(pin.tasks, 0, 0); err != nil {
		return err
	}
	for {
		n, err := unix.Getdents(pin.tasks, pin.buf)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		for off := 0; off < n; {
			// A linux_dirent64: inode (8 bytes), offset (8), record length (2), type
			// (1), then the name, ended by a NUL.
			reclen := int(*(*uint16)(unsafe.Pointer(&pin.buf[off+16])))
			if tid, ok := atoiName(pin.buf[off+19 : off+reclen]); ok && tid != self {
				unix.SchedSetaffinity(tid, &pin.rest) // a thread that has just ended cannot be pinned, nor needs to be
			}
			off += reclen
		}
	}
}

// holdProcs fixes GOMAXPROCS at what the runtime chose at start, before the first pin
// narrows any thread's CPU mask. Since Go 1.25 the runtime's sysmon rereads its own
// thread's mask once a second and, unless the program set GOMAXPROCS itself, resizes
// to the CPUs it may use: pinned to the other CPUs (here, one), it took the worker
// from two Ps to one about a second into the frames. That resize stops the world in
// whatever frame is running and, when the destroyed P was the frame goroutine's, adds
// the small allocations cached in its spans (the worker's own, since the last flush)
// to the runtime's counts there: a frame that allocates nothing showed ~1,000
// allocations. It would also leave the collector's workers no P beside the frame's.
// Setting the value GOMAXPROCS already has marks it as the program's choice and costs
// no stop.
func holdProcs() { runtime.GOMAXPROCS(runtime.GOMAXPROCS(0)) }

// atoiName reads a NUL-ended decimal name; "." and ".." are not numbers.
func atoiName(b []byte) (int, bool) {
	n, digits := 0, 0
	for _, c := range b {
		if c == 0 {
			break
		}
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		digits++
	}
	return n, digits > 0
}
