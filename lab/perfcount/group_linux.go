package perfcount

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// maxEvents is the largest group: instructions, cycles, one miss event.
const maxEvents = 3

// Group is an open counter group on the thread that called Open. Read, Misses and
// Scope may be called from any goroutine, one at a time; counting stays on the thread.
type Group struct {
	fds      []int // leader first; read(2) returns values in this order
	scope    string
	misses   string // label of the miss event, "" if none opened
	missNote string // why none opened
	size     int    // bytes one group read returns
	buf      [(3 + maxEvents) * 8]byte
}

// Open starts counting instructions, cycles and memory misses for the calling thread
// (pid 0, cpu −1), from now on; the caller has locked its goroutine to that thread
// (runtime.LockOSThread) and keeps running there. The error, when counters cannot be
// had at all, says why in words a user can act on (no PMU in this VM, paranoid level,
// not Linux); a run then shows the counters as n/a.
func Open() (*Group, error) {
	text, _ := os.ReadFile("/proc/cpuinfo") // unreadable: generic events, still fine
	cpu := parseCPUInfo(string(text))
	g, err := openGroup([]event{instructions, cycles}, missEvents(cpu))
	if err != nil {
		return nil, explain(err, cpu)
	}
	if g.misses == "" && g.missNote == "" {
		g.missNote = "no event known to count last-level cache misses on " + cpu.String()
	}
	return g, nil
}

// openGroup opens required[0] as the disabled leader and the rest as members, then the
// first of candidates that the kernel accepts as the miss event, and enables the group.
// A required event that fails fails the group; candidates may all fail.
func openGroup(required, candidates []event) (*Group, error) {
	// Every event is opened for the calling thread (pid 0), and a member must count
	// the same thread as its leader: a goroutine that moved to another thread between
	// two opens would get EINVAL. The worker's thread is locked already; this makes
	// the promise for any caller.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := &Group{scope: "user"}
	exclude := uint64(unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv)
	for i, ev := range required {
		fd, err := g.open(ev, exclude, i == 0)
		if i == 0 && (errors.Is(err, unix.EINVAL) || errors.Is(err, unix.EOPNOTSUPP)) {
			// This PMU cannot filter by privilege level: count the kernel too.
			exclude, g.scope = 0, "user+kernel"
			fd, err = g.open(ev, exclude, true)
		}
		if err != nil {
			g.Close()
			return nil, &openError{event: ev.label, err: err}
		}
		g.fds = append(g.fds, fd)
	}
	for _, ev := range candidates {
		fd, err := g.open(ev, exclude, false)
		if err != nil {
			g.missNote = fmt.Sprintf("%s: %v", ev.label, err) // the last failure says why
			continue
		}
		g.fds = append(g.fds, fd)
		g.misses, g.missNote = ev.label, ""
		break
	}
	if len(g.fds) > maxEvents {
		panic(fmt.Sprintf("perfcount: group of %d events, room for %d", len(g.fds), maxEvents))
	}
	g.size = (3 + len(g.fds)) * 8
	if err := g.ioctl(unix.PERF_EVENT_IOC_RESET); err != nil {
		return nil, err
	}
	if err := g.ioctl(unix.PERF_EVENT_IOC_ENABLE); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Group) open(ev event, exclude uint64, leader bool) (int, error) {
	attr := unix.PerfEventAttr{
		Type:        ev.typ,
		Config:      ev.config,
		Size:        uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Read_format: unix.PERF_FORMAT_GROUP | unix.PERF_FORMAT_TOTAL_TIME_ENABLED | unix.PERF_FORMAT_TOTAL_TIME_RUNNING,
		Bits:        exclude,
	}
	groupFD := -1
	if leader {
		attr.Bits |= unix.PerfBitDisabled // members start with it, on ENABLE
	} else {
		groupFD = g.fds[0]
	}
	return unix.PerfEventOpen(&attr, 0, -1, groupFD, unix.PERF_FLAG_FD_CLOEXEC)
}

func (g *Group) ioctl(req uint) error {
	if err := unix.IoctlSetInt(g.fds[0], req, unix.PERF_IOC_FLAG_GROUP); err != nil {
		g.Close()
		return fmt.Errorf("perfcount: ioctl %#x on the counter group: %w", req, err)
	}
	return nil
}

// Read stores the group's cumulative counts in c with one read(2) and no allocation
// (BenchmarkRead gives its cost).
func (g *Group) Read(c *Counts) error {
	if g.fds == nil {
		return errors.New("perfcount: Read on a closed group")
	}
	n, err := unix.Read(g.fds[0], g.buf[:g.size])
	if err != nil {
		return fmt.Errorf("perfcount: read counter group: %w", err)
	}
	if n != g.size {
		return fmt.Errorf("perfcount: read counter group: %d bytes, want %d", n, g.size)
	}
	g.decode(c)
	return nil
}

// decode unpacks struct read_format for PERF_FORMAT_GROUP with both times:
// {nr, time_enabled, time_running, value[nr]}, in host byte order.
func (g *Group) decode(c *Counts) {
	u := func(i int) uint64 { return binary.NativeEndian.Uint64(g.buf[8*i:]) }
	if nr := u(0); nr != uint64(len(g.fds)) {
		panic(fmt.Sprintf("perfcount: group read has %d values, group has %d events", nr, len(g.fds)))
	}
	c.TimeEnabled, c.TimeRunning = u(1), u(2)
	c.Instructions, c.Cycles, c.MemMisses = u(3), u(4), 0
	if g.misses != "" {
		c.MemMisses = u(5)
	}
}

// Misses returns the exact label of what MemMisses counts, or "" if no suitable event
// could be opened here (then MemMisses is always 0 and should be shown as n/a).
func (g *Group) Misses() string { return g.misses }

// MissNote says why Misses is "", for the run's notes; "" when misses are counted.
func (g *Group) MissNote() string { return g.missNote }

// Scope is "user" when only user-space execution is counted (the intent), or
// "user+kernel" when the PMU could not exclude the kernel.
func (g *Group) Scope() string { return g.scope }

// Close stops counting and releases the file descriptors. Closing twice is harmless.
func (g *Group) Close() error {
	var errs []error
	for i := len(g.fds) - 1; i >= 0; i-- { // members before their leader
		if err := unix.Close(g.fds[i]); err != nil {
			errs = append(errs, fmt.Errorf("perfcount: close counter: %w", err))
		}
	}
	g.fds = nil
	return errors.Join(errs...)
}
