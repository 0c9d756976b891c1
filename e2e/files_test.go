package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/lab/result"
)

// measured is a run of the binary with what it cost: its peak resident set and the
// CPU time it used.
type measured struct {
	outcome
	maxRSS  int64 // bytes; 0 where the system does not say (peakRSS)
	cpuTime time.Duration
}

// runMeasured runs the binary in dir with stdout going to out (nil: a buffer).
func runMeasured(t *testing.T, dir string, out *os.File, args ...string) measured {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, needBinary(t), args...)
	cmd.Env, cmd.Dir = baseEnv(t), dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if out != nil {
		cmd.Stdout = out
	}
	err := cmd.Run()
	var ee *exec.ExitError
	m := measured{outcome: outcome{stdout: stdout.String(), stderr: stderr.String()}}
	switch {
	case ctx.Err() != nil:
		t.Fatalf("localitylab %s: still running after a minute\nstderr:\n%s", strings.Join(args, " "), m.stderr)
	case errors.As(err, &ee):
		m.code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	m.maxRSS = peakRSS(cmd.ProcessState)
	m.cpuTime = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return m
}

// savedRun makes a small run with the binary and returns its file.
func savedRun(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "run.json")
	o := runBinary(t, time.Minute, nil, "bench", "-workload", "sprites", "-backings", "soa,ptrarray,map",
		"-entities", "2000", "-frames", "30", "-json", path)
	if o.code != 0 {
		t.Fatalf("bench: exit status %d\n%s", o.code, o.stderr)
	}
	return path
}

// TestBillionFrames: a saved run whose frames say a billion (an 8 KB file that once
// grew a page to 12.7 GB and ran compare out of memory) is refused at once, cheaply,
// leaving nothing behind.
func TestBillionFrames(t *testing.T) {
	dir := t.TempDir()
	var r map[string]any
	if err := json.Unmarshal(readBytes(t, savedRun(t, dir)), &r); err != nil {
		t.Fatal(err)
	}
	r["frames"] = 1e9
	data, _ := json.Marshal(r)
	huge := filepath.Join(dir, "huge.json")
	os.WriteFile(huge, data, 0o644)
	for _, args := range [][]string{
		{"report", huge, "-html", "out.html", "-png", "out.png"},
		{"compare", huge, filepath.Join(dir, "run.json"), "-accept", "frames", "-html", "out.html"},
	} {
		m := runMeasured(t, dir, nil, args...)
		if m.code != 2 || !strings.Contains(m.stderr, "huge.json: frames: 1000000000 is out of range") {
			t.Errorf("%s: exit status %d, want 2 naming frames; stderr:\n%s", args[0], m.code, m.stderr)
		}
		if m.maxRSS > 100<<20 || m.cpuTime > time.Second {
			t.Errorf("%s: refusing it took %v of CPU and %d MiB", args[0], m.cpuTime, m.maxRSS>>20)
		}
		t.Logf("%s: refused in %v of CPU, peak RSS %d MiB", args[0], m.cpuTime, m.maxRSS>>20)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*out*")); len(left) > 0 {
		t.Errorf("written: %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestFilesKept: an output on the input is refused and the input kept; /dev/stdout
// is standard output, written and never replaced.
func TestFilesKept(t *testing.T) {
	dir := t.TempDir()
	run := savedRun(t, dir)
	before := readBytes(t, run)
	m := runMeasured(t, dir, nil, "report", "run.json", "-html", "./run.json")
	if m.code != 2 || !strings.Contains(m.stderr, "-html ./run.json: the same file as FILE run.json") {
		t.Errorf("report over its input: exit status %d; stderr:\n%s", m.code, m.stderr)
	}
	if !bytes.Equal(readBytes(t, run), before) {
		t.Error("the input changed")
	}
	out, err := os.Create(filepath.Join(dir, "stdout.json"))
	if err != nil {
		t.Fatal(err)
	}
	m = runMeasured(t, dir, out, "report", "run.json", "-json", "/dev/stdout")
	out.Close()
	if m.code != 0 {
		t.Fatalf("report -json /dev/stdout: exit status %d\n%s", m.code, m.stderr)
	}
	if !bytes.Equal(readBytes(t, out.Name()), before) {
		t.Error("report -json /dev/stdout did not write the run to standard output")
	}
	if fi, err := os.Lstat("/dev/stdout"); err == nil && fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("/dev/stdout is now %v", fi.Mode())
	}
	if _, err := result.LoadJSON(out.Name()); err != nil {
		t.Errorf("what went to standard output does not read as a run: %v", err)
	}
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
