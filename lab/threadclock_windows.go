package lab

import (
	"fmt"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows time.Now's monotonic reading moves once per timer tick (15.6 ms by
// default, 1 ms under Wine), so a frame shorter than a tick reads 0 ns. The frame
// clock is the performance counter instead (QueryPerformanceCounter, as Go's own
// testing package times benchmarks there), and the thread's CPU time is its cycle
// count (QueryThreadCycleTime on the thread's pseudo-handle), turned into
// nanoseconds at a rate measured against the performance counter as the worker
// starts. Windows counts no involuntary switches a thread could read cheaply:
// switches are unknown, never 0. Nothing here needs cgo.

var (
	kernel32     = windows.NewLazySystemDLL("kernel32.dll")
	procQPC      = kernel32.NewProc("QueryPerformanceCounter")
	procQPF      = kernel32.NewProc("QueryPerformanceFrequency")
	procCycles   = kernel32.NewProc("QueryThreadCycleTime")
	qpcAddr      uintptr // 0: the performance counter cannot be read
	qpcPerSecond int64   // the counter's ticks per second, fixed at boot
)

func init() {
	if procQPC.Find() != nil || procQPF.Find() != nil {
		return
	}
	var f int64
	if r, _, _ := syscall.SyscallN(procQPF.Addr(), uintptr(unsafe.Pointer(&f))); r != 0 && f > 0 {
		qpcAddr, qpcPerSecond = procQPC.Addr(), f
	}
}

// currentThread is GetCurrentThread's pseudo-handle: always the calling thread.
var currentThread = uintptr(windows.CurrentThread())

// threadClock reads the performance counter and the calling thread's cycle count
// into buffers it owns, so a read allocates nothing.
type threadClock struct {
	qpc        int64
	cycles     uint64
	cyclesAddr uintptr // QueryThreadCycleTime; 0 until open found it usable
	nsPerCycle float64
}

// wallBase is where wallNS counts from where the performance counter cannot be read.
var wallBase = time.Now()

// Measuring the cycle rate: cycleWindows busy windows of cycleWindow each, the
// rate the fastest of them: a window the thread was switched out of counts fewer
// cycles for its time, never more.
const (
	cycleWindows = 5
	cycleWindow  = 10 * time.Millisecond
)

// open finds the clocks and, for the cycle clock, measures its rate against the
// performance counter on the calling thread.
func (c *threadClock) open(bool) clockSystem {
	sys := clockSystem{wallSource: "QueryPerformanceCounter", cpuSource: "QueryThreadCycleTime"}
	if qpcAddr == 0 {
		sys.wallSource = "time.Now (the performance counter cannot be read)"
	} else {
		sys.wallTick = 1e9 / float64(qpcPerSecond)
	}
	if err := procCycles.Find(); err != nil {
		sys.cpuErr = fmt.Errorf("QueryThreadCycleTime cannot be found: %v", err)
		return sys
	}
	c.cyclesAddr = procCycles.Addr()
	rate, spread, err := c.cycleRate()
	if err != nil {
		c.cyclesAddr = 0
		sys.cpuErr = err
		return sys
	}
	c.nsPerCycle = 1 / rate
	sys.cyclesPer, sys.cpuTick = rate, 1/rate
	sys.note = fmt.Sprintf("QueryThreadCycleTime's cycles turned into time at %.4g cycles/ns, the fastest of %d busy windows of %v against QueryPerformanceCounter (%s)",
		rate, cycleWindows, cycleWindow, spread)
	return sys
}

// cycleRate measures how many cycles the thread's counter counts per nanosecond of
// the wall clock while the thread runs without a break, and says the windows'
// spread.
func (c *threadClock) cycleRate() (float64, string, error) {
	var rates []float64
	for range cycleWindows {
		y0, err := c.rawCycles()
		t0 := c.wallNS()
		if err != nil {
			return 0, "", fmt.Errorf("QueryThreadCycleTime failed on the calling thread (%v)", err)
		}
		t1 := t0
		for t1-t0 < int64(cycleWindow) {
			t1 = c.wallNS()
		}
		y1, _ := c.rawCycles()
		if y1 <= y0 {
			return 0, "", fmt.Errorf("QueryThreadCycleTime counted %d cycles in %v of running", int64(y1-y0), cycleWindow)
		}
		rates = append(rates, float64(y1-y0)/float64(t1-t0))
	}
	lo, hi := rates[0], rates[0]
	for _, r := range rates {
		lo, hi = min(lo, r), max(hi, r)
	}
	if hi > 100 { // no counter runs at 100 GHz: it is not counting cycles
		return 0, "", fmt.Errorf("QueryThreadCycleTime counted %.4g cycles/ns", hi)
	}
	return hi, fmt.Sprintf("%.4g–%.4g", lo, hi), nil
}

// rawCycles is the calling thread's cycle count, or the error that kept it.
func (c *threadClock) rawCycles() (uint64, error) {
	r, _, e := syscall.SyscallN(c.cyclesAddr, currentThread, uintptr(unsafe.Pointer(&c.cycles)))
	if r == 0 {
		return 0, e
	}
	return c.cycles, nil
}

// wallNS is the performance counter in nanoseconds.
func (c *threadClock) wallNS() int64 {
	if qpcAddr == 0 {
		return int64(time.Since(wallBase))
	}
	syscall.SyscallN(qpcAddr, uintptr(unsafe.Pointer(&c.qpc)))
	q, f := c.qpc, qpcPerSecond
	return q/f*1e9 + q%f*1e9/f
}

// cpuNS is the calling thread's cycle count in nanoseconds, or -1 when it cannot
// be read (or open has not measured its rate).
func (c *threadClock) cpuNS() int64 {
	if c.cyclesAddr == 0 {
		return -1
	}
	y, err := c.rawCycles()
	if err != nil {
		return -1
	}
	return int64(float64(y) * c.nsPerCycle)
}

// switches is unknown on Windows: -1.
func (c *threadClock) switches() int64 { return -1 }
