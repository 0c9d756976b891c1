package perfcount

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// openError is a required counter the kernel refused; errors.Is sees the errno.
type openError struct {
	event string
	err   error
}

func (e *openError) Error() string {
	var errno unix.Errno
	if errors.As(e.err, &errno) && unix.ErrnoName(errno) != "" {
		return fmt.Sprintf("open %s counter: %s (%v)", e.event, unix.ErrnoName(errno), errno)
	}
	return fmt.Sprintf("open %s counter: %v", e.event, e.err)
}
func (e *openError) Unwrap() error { return e.err }

// host is what the explanation of a refusal draws on; read once, when Open fails.
type host struct {
	cpu      cpuID
	paranoid string   // kernel.perf_event_paranoid, "" if unreadable
	sources  []string // /sys/bus/event_source/devices: the registered PMUs
}

// explain turns a refused open into a sentence a user can act on, keeping the errno
// reachable through errors.Is.
func explain(err error, cpu cpuID) error {
	h := host{cpu: cpu}
	if b, rerr := os.ReadFile("/proc/sys/kernel/perf_event_paranoid"); rerr == nil {
		h.paranoid = strings.TrimSpace(string(b))
	}
	if ents, rerr := os.ReadDir("/sys/bus/event_source/devices"); rerr == nil {
		for _, e := range ents {
			h.sources = append(h.sources, e.Name())
		}
	}
	return fmt.Errorf("hardware counters n/a: %w; %s", err, h.reason(err))
}

// reason is the cause behind an errno, in the terms of this host.
func (h host) reason(err error) string {
	switch {
	case errors.Is(err, unix.ENOENT), errors.Is(err, unix.ENODEV):
		s := "the kernel offers no such hardware event on this CPU (" + h.cpu.String() + ")"
		if !h.hasCPUPMU() && h.sources != nil {
			s += "; no CPU PMU is registered (event sources: " + strings.Join(h.sources, ", ") + ")"
		}
		if h.cpu.hypervisor {
			s += "; this is a virtual machine whose hypervisor does not pass the PMU through"
		}
		return s
	case errors.Is(err, unix.EACCES), errors.Is(err, unix.EPERM):
		p := h.paranoid
		if p == "" {
			p = "unknown"
		}
		return "permission denied with kernel.perf_event_paranoid = " + p +
			" (counting one's own threads in user space needs ≤ 2, or CAP_PERFMON);" +
			" in a container, the seccomp profile may forbid perf_event_open"
	case errors.Is(err, unix.ENOSYS):
		return "this kernel does not implement perf_event_open (built without perf events, or filtered)"
	case errors.Is(err, unix.EMFILE), errors.Is(err, unix.ENFILE):
		return "out of file descriptors"
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.EOPNOTSUPP):
		return "the PMU rejected the event's attributes"
	}
	return "perf_event_open failed"
}

// hasCPUPMU reports whether a core PMU is registered: "cpu" on x86, "cpu_core" and
// "cpu_atom" on hybrid Intel, "armv8_…" or "armv7_…" on Arm.
func (h host) hasCPUPMU() bool {
	return slices.ContainsFunc(h.sources, func(s string) bool {
		return s == "cpu" || strings.HasPrefix(s, "cpu_") || strings.HasPrefix(s, "armv")
	})
}
