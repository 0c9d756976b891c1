package lab

import (
	"strings"
	"testing"
	"time"
)

// TestLeastBusy: the least busy CPU among those allowed, unless the fallback (the
// last CPU) is about as idle within the system's tie; a CPU the process may not use,
// or that a reading lacks, is never chosen.
func TestLeastBusy(t *testing.T) {
	before := map[int]cpuTimes{0: {0, 0}, 1: {0, 0}, 2: {0, 0}, 3: {0, 0}}
	after := func(busy ...uint64) map[int]cpuTimes {
		m := map[int]cpuTimes{}
		for cpu, b := range busy {
			m[cpu] = cpuTimes{busy: b, total: 100}
		}
		return m
	}
	tests := []struct {
		name     string
		cpus     []int
		after    map[int]cpuTimes
		fallback int
		tie      float64
		want     int
		reason   string
	}{
		{"the last is busy", []int{0, 1, 2}, after(90, 10, 95, 0), 2, 0.10, 1, "the least busy"},
		{"all alike", []int{0, 1, 2}, after(40, 41, 48, 0), 2, 0.10, 2, "none being clearly less busy"},
		{"the last is idle", []int{0, 1, 2}, after(5, 0, 3, 0), 2, 0.10, 2, "none being clearly less busy"},
		{"a CPU not allowed is idlest", []int{0, 1, 2}, after(50, 60, 70, 0), 2, 0.10, 0, "CPU 0 50%, CPU 1 60%, CPU 2 70% busy"},
		{"within a wider tie", []int{0, 1}, after(20, 34), 1, 0.16, 1, "none being clearly less busy"},
		{"past a wider tie", []int{0, 1}, after(20, 37), 1, 0.16, 0, "the least busy"},
		{"the last CPU unread", []int{0, 1, 5}, after(50, 60), 5, 0.10, 0, "the least busy over 200ms before the frames: CPU 0 50%, CPU 1 60% busy"},
		{"no CPU read", []int{7}, after(50, 60), 7, 0.10, 7, "the last CPU: test lists none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := cpuReadings{cpus: tt.cpus, before: before, after: tt.after, window: 200 * time.Millisecond, tie: tt.tie, source: "test"}
			got := leastBusy(rd, tt.fallback)
			if got.CPU != tt.want || !strings.Contains(got.Why, tt.reason) {
				t.Errorf("got %+v, want CPU %d, why containing %q", got, tt.want, tt.reason)
			}
		})
	}
}

// TestLeastBusyCounterBack: a CPU whose busy time reads lower after than before (a
// reading that wrapped or was reset) counts as idle over the window rather than as a
// huge share, and shares never pass 100%.
func TestLeastBusyCounterBack(t *testing.T) {
	rd := cpuReadings{cpus: []int{0, 1}, window: time.Second, tie: 0.10, source: "test",
		before: map[int]cpuTimes{0: {busy: 500, total: 1000}, 1: {busy: 0, total: 0}},
		after:  map[int]cpuTimes{0: {busy: 400, total: 1100}, 1: {busy: 300, total: 100}}}
	got := leastBusy(rd, 1)
	if got.CPU != 0 || !strings.Contains(got.Why, "CPU 0 0%, CPU 1 100% busy") {
		t.Errorf("got %+v, want CPU 0 at 0%% and CPU 1 at 100%%", got)
	}
}
