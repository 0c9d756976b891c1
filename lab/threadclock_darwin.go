package lab

import (
	"fmt"
	"strings"
	"time"

	"github.com/ebitengine/purego"
	"golang.org/x/sys/unix"
)

// threadClock on macOS reads the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID,
// which macOS has had since 10.12) and the wall time from time.Now's monotonic
// reading (mach_absolute_time). macOS counts no involuntary switches per thread:
// they are unknown, never 0. A read allocates nothing.
type threadClock struct {
	ts unix.Timespec
}

// wallBase is where wallNS counts from.
var wallBase = time.Now()

// qosUserInteractive is QOS_CLASS_USER_INTERACTIVE (sys/qos.h): the class of the
// thread that draws what the user is looking at, which the scheduler keeps on the
// performance cores where one is free.
const qosUserInteractive = 0x21

// open asks, on the frame thread, for the user-interactive class, so that frames run
// on performance cores rather than efficiency ones, and says what the system tells
// of its cores.
func (c *threadClock) open(frameThread bool) clockSystem {
	// No tick is stated for either clock (x/sys/unix has no clock_getres here): where
	// every read moves, the resolution recorded is the step between reads, an upper
	// bound.
	sys := clockSystem{wallSource: "mach_absolute_time (time.Now)", cpuSource: "CLOCK_THREAD_CPUTIME_ID", cores: coreKinds()}
	if frameThread {
		sys.qos = askUserInteractive()
	}
	return sys
}

// askUserInteractive sets the calling thread's QoS class to user-interactive
// (pthread_set_qos_class_self_np, called through purego, which needs no cgo) and
// says what came of it.
func askUserInteractive() string {
	lib, err := purego.Dlopen("/usr/lib/libSystem.B.dylib", purego.RTLD_LAZY|purego.RTLD_GLOBAL)
	if err != nil {
		return "none: libSystem cannot be opened: " + err.Error()
	}
	fn, err := purego.Dlsym(lib, "pthread_set_qos_class_self_np")
	if err != nil {
		return "none: pthread_set_qos_class_self_np cannot be found: " + err.Error()
	}
	if r, _, _ := purego.SyscallN(fn, qosUserInteractive, 0); r != 0 {
		return fmt.Sprintf("none: pthread_set_qos_class_self_np refused (error %d)", r)
	}
	return "user-interactive"
}

// coreKinds says what sysctl tells of the machine's kinds of core
// (hw.nperflevels, hw.perflevelN.name and .logicalcpu): "4 Performance and 4
// Efficiency cores"; and that macOS does not say which kind ran each frame.
func coreKinds() string {
	n, err := unix.SysctlUint32("hw.nperflevels")
	if err != nil || n == 0 {
		return "one kind of core (hw.nperflevels is absent)"
	}
	var kinds []string
	for i := range n {
		name, err := unix.Sysctl(fmt.Sprintf("hw.perflevel%d.name", i))
		if err != nil {
			name = fmt.Sprintf("level %d", i)
		}
		cpus, err := unix.SysctlUint32(fmt.Sprintf("hw.perflevel%d.logicalcpu", i))
		if err != nil {
			kinds = append(kinds, name)
			continue
		}
		kinds = append(kinds, fmt.Sprintf("%d %s", cpus, name))
	}
	s := strings.Join(kinds, " and ") + " cores"
	if n > 1 {
		s += "; macOS does not say which kind ran each frame"
	}
	return s
}

func (c *threadClock) wallNS() int64 { return int64(time.Since(wallBase)) }

// cpuNS is the calling thread's CPU time in nanoseconds, or -1 when it cannot be read.
func (c *threadClock) cpuNS() int64 {
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &c.ts) != nil {
		return -1
	}
	return c.ts.Nano()
}

// switches is unknown on macOS: -1.
func (c *threadClock) switches() int64 { return -1 }
