package lab

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"localitylab/workloads/workload"
)

// TestLoadAverage reads the first field of /proc/loadavg's form, records the end
// once, and gives nothing where the file is missing or says something else.
func TestLoadAverage(t *testing.T) {
	dir := t.TempDir()
	old := loadavgPath
	t.Cleanup(func() { loadavgPath = old })
	write := func(s string) {
		loadavgPath = filepath.Join(dir, "loadavg")
		if err := os.WriteFile(loadavgPath, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("1.63 1.15 1.32 2/345 6789\n")
	a := StartLoadAverage()
	if a == nil || a.Start != 1.63 || a.End != nil {
		t.Fatalf("StartLoadAverage = %+v, want a start of 1.63 and no end", a)
	}
	write("0.00 0.01 0.05 1/90 12\n")
	EndLoadAverage(a)
	if a.End == nil || *a.End != 0 {
		t.Fatalf("end %v, want 0: a machine at rest", a.End)
	}
	write("9.5 9 9 1/90 12\n")
	EndLoadAverage(a) // a stopped run finishes once; a second call changes nothing
	if *a.End != 0 {
		t.Errorf("end moved to %v on a second call", *a.End)
	}
	EndLoadAverage(nil) // none at the start: nothing to record
	for _, bad := range []string{"", "busy 1 1", "-1 0 0"} {
		write(bad)
		if a := StartLoadAverage(); a != nil {
			t.Errorf("%q read as %+v, want none", bad, a)
		}
	}
	loadavgPath = filepath.Join(dir, "missing")
	if a := StartLoadAverage(); a != nil {
		t.Errorf("a missing file read as %+v", a)
	}
}

// TestRunRecordsMachineFacts: a real run records the load average at its start and
// end, and each cache's line as the system gives it; a stopped run its end too.
func TestRunRecordsMachineFacts(t *testing.T) {
	if _, err := os.Stat("/proc/loadavg"); err != nil {
		t.Skip("no /proc/loadavg here")
	}
	c := testConfig(t, workload.SoA)
	r := runTest(t, c)
	if a := r.LoadAverage; a == nil || a.End == nil || a.Start < 0 || *a.End < 0 {
		t.Errorf("load average %+v, want a start and an end", a)
	}
	line, err := os.ReadFile("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size")
	if err == nil {
		want, _ := strconv.Atoi(strings.TrimSpace(string(line)))
		if got := r.Host.CacheLine(); got != want {
			t.Errorf("cache line %d, want %d as the system gives it", got, want)
		}
		for _, cl := range r.Host.Caches {
			if cl.LineBytes <= 0 {
				t.Errorf("cache %+v: no line", cl)
			}
		}
	}

	c.Frames = MaxFrames - 1
	c.Params["work"] = 1000
	l := startRun(t, c)
	waitFor(t, l, "some frames", func(s Status) bool { return s.Done >= 5 })
	if a := l.Snapshot().LoadAverage; a == nil || a.End != nil {
		t.Errorf("a run still going: load average %+v, want a start and no end", a)
	}
	l.Stop()
	r, _ = l.Wait()
	if a := r.LoadAverage; a == nil || a.End == nil {
		t.Errorf("a stopped run: load average %+v, want a start and an end", a)
	}
}
