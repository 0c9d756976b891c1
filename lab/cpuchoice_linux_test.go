package lab

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestParseCPUTimes(t *testing.T) {
	stat := "cpu  300 0 60 1000 10 0 5 2 0 0\n" +
		"cpu0 100 0 20 700 5 0 2 1 0 0\n" +
		"cpu1 200 0 40 300 5 0 3 1 0 0\n" +
		"intr 1 2 3\nctxt 99\n"
	got, err := parseCPUTimes([]byte(stat))
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]cpuTimes{0: {busy: 100 + 20 + 2 + 1, total: 828}, 1: {busy: 200 + 40 + 3 + 1, total: 549}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if _, err := parseCPUTimes([]byte("cpu0 1 2 x 4 5\n")); err == nil || !strings.Contains(err.Error(), `"x"`) {
		t.Errorf("a malformed line: %v, want an error naming the field", err)
	}
	if _, err := parseCPUTimes([]byte("intr 1\n")); err == nil {
		t.Error("no CPU lines: no error")
	}
}

// TestChooseFrameCPU reads the real /proc/stat: whatever the machine is doing, the
// choice is a CPU this process may use, with a reason.
func TestChooseFrameCPU(t *testing.T) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		t.Skip(err)
	}
	ch := chooseFrameCPU(frameCPU(), 20*time.Millisecond)
	if ch.CPU < 0 || !set.IsSet(ch.CPU) || ch.Why == "" {
		t.Errorf("chose %+v; want a CPU of %v with a reason", ch, set)
	}
}
