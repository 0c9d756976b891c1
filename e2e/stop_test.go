//go:build linux

package e2e

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"localitylab/lab/result"
)

// stops are the two stop signals, the status each calls for and the word for it.
var stops = []struct {
	signal syscall.Signal
	status int
	word   string
}{{syscall.SIGINT, 130, "interrupted"}, {syscall.SIGTERM, 143, "terminated (SIGTERM)"}}

// needValgrind skips where valgrind is missing: -counters sim then simulates
// nothing, and says why (tools/deps.sh installs it).
func needValgrind(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Skip("valgrind is not installed: -counters sim has nothing to stop")
	}
}

// TestStopWhileSimulating: a stop signal while the misses are simulated, after
// the frames or the points were measured, keeps what was measured, written whole,
// and ends with the signal's status, not 0.
func TestStopWhileSimulating(t *testing.T) {
	needBinary(t)
	needValgrind(t)
	for _, cmd := range []struct {
		name string
		args []string
		load func(string) error
	}{
		{"bench", []string{"bench", "-workload", "sprites", "-backings", "soa,ptrarray", "-entities", "1000", "-frames", "12", "-warmup", "2"},
			func(p string) error { _, err := result.LoadJSON(p); return err }},
		{"sweep", []string{"sweep", "-workload", "sprites", "-backings", "soa", "-param", "entities", "-values", "1000,2000", "-frames", "12", "-warmup", "2"},
			func(p string) error { _, err := result.LoadSweepJSON(p); return err }},
	} {
		for _, sig := range stops {
			t.Run(cmd.name+"/"+sig.signal.String(), func(t *testing.T) {
				js := filepath.Join(t.TempDir(), "out.json")
				log, code := stopWhen(t, "simulating misses", sig.signal, append(cmd.args, "-counters", "sim", "-json", js)...)
				if code != sig.status || !strings.Contains(log, sig.word+" after the") {
					t.Fatalf("exit status %d, want %d saying %q\nstderr:\n%s", code, sig.status, sig.word, log)
				}
				if err := cmd.load(js); err != nil {
					t.Errorf("what was measured was not written: %v", err)
				}
				noTemporaries(t, filepath.Dir(js))
			})
		}
	}
}

// TestStopFindBudget: a stop signal ends the search for a budget's size with the
// signal's status.
func TestStopFindBudget(t *testing.T) {
	for _, sig := range stops {
		t.Run(sig.signal.String(), func(t *testing.T) {
			log, code := stopWhen(t, "Searching where", sig.signal, "sweep", "-preset", "sprites-million", "-find-budget",
				"-entities", "2000", "-backings", "soa,spatialhash", "-budget-runs", "2")
			if code != sig.status || !strings.Contains(log, "localitylab: "+sig.word) {
				t.Fatalf("exit status %d, want %d saying %q\nstderr:\n%s", code, sig.status, sig.word, log)
			}
		})
	}
}

// handoutRun is a run the handout's tests keep: a real one, of a lesson.
const handoutRun = "../handout/testdata/pointer-chasing-run.json"

// TestStopWhileWriting: a stop signal while report, compare or handout writes its
// files ends the command with the signal's status, the file being written given up
// and the next one not started, and no temporary file left. The first output is a
// FIFO whose pipe holds one page, which the test does not read until it has sent
// the signal: the command is then, for certain, in the middle of writing it.
func TestStopWhileWriting(t *testing.T) {
	needBinary(t)
	run, err := os.ReadFile(handoutRun)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []struct {
		name string
		args []string // writing the FIFO "first", then "second"
	}{
		{"report", []string{"report", "run.json", "-html", "first", "-json", "second"}},
		{"compare", []string{"compare", "run.json", "again.json", "-png", "first", "-html", "second"}},
		{"handout", []string{"handout", "-preset", "pointer-chasing", "-run", "run.json", "-html", "first", "-png", "second"}},
	} {
		for _, sig := range stops {
			t.Run(cmd.name+"/"+sig.signal.String(), func(t *testing.T) {
				dir := t.TempDir()
				for _, name := range []string{"run.json", "again.json"} {
					if err := os.WriteFile(filepath.Join(dir, name), run, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				code, log := stopWhileWriting(t, dir, sig.signal, cmd.args...)
				if code != sig.status || !strings.Contains(log, sig.word) {
					t.Fatalf("exit status %d, want %d saying %q\nstderr:\n%s", code, sig.status, sig.word, log)
				}
				if _, err := os.Stat(filepath.Join(dir, "second")); err == nil {
					t.Error("the output after the stop was written")
				}
				noTemporaries(t, dir)
			})
		}
	}
}

// TestStopHandoutPDF: a stop signal while the browser prints the handout's PDF
// ends the command with the signal's status and no PDF, rather than a PDF and 0.
func TestStopHandoutPDF(t *testing.T) {
	bin := needBinary(t)
	if _, err := exec.LookPath("chromium"); err != nil {
		if _, err := exec.LookPath("google-chrome"); err != nil {
			t.Skip("no Chromium or Chrome to print a PDF")
		}
	}
	sig := stops[1]
	dir := t.TempDir()
	run, err := os.ReadFile(handoutRun)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "run.json"), run, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, stderr := start(t, bin, dir, "handout", "-preset", "pointer-chasing", "-run", "run.json", "-pdf", "h.pdf")
	waitFor(t, cmd, "a browser printing", func() bool { return hasChild(cmd.Process.Pid) })
	if err := cmd.Process.Signal(sig.signal); err != nil {
		t.Fatal(err)
	}
	code := exitCode(t, cmd)
	if code != sig.status || !strings.Contains(stderr.String(), sig.word) {
		t.Fatalf("exit status %d, want %d saying %q\nstderr:\n%s", code, sig.status, sig.word, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "h.pdf")); err == nil {
		t.Error("the PDF was written after the stop")
	}
	noTemporaries(t, dir)
}

// stopWhileWriting runs the binary in dir with args, its output "first" a FIFO that
// holds one page (4 KiB); once the pipe is full it sends sig, then reads the pipe
// to its end, and returns the exit status and stderr.
func stopWhileWriting(t *testing.T, dir string, sig syscall.Signal, args ...string) (int, string) {
	t.Helper()
	fifo := filepath.Join(dir, "first")
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	fd, err := unix.Open(fifo, unix.O_RDONLY|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETPIPE_SZ, 4096); err != nil {
		t.Fatal(err)
	}
	cmd, stderr := start(t, needBinary(t), dir, args...)
	waitFor(t, cmd, "the pipe full", func() bool {
		n, err := unix.IoctlGetInt(fd, unix.TIOCINQ) // FIONREAD: the bytes in the pipe
		return err == nil && n >= 4096
	})
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the signal reaches the command's handler
	done := make(chan int, 1)
	go func() { done <- exitCode(t, cmd) }()
	buf := make([]byte, 64<<10)
	for {
		n, err := unix.Read(fd, buf)
		switch {
		case errors.Is(err, unix.EAGAIN):
			select {
			case code := <-done:
				return code, stderr.String()
			case <-time.After(5 * time.Millisecond):
			}
		case err != nil:
			t.Fatal(err)
		case n == 0: // the command closed the pipe
			return <-done, stderr.String()
		}
	}
}

// start starts the binary in dir with args, its stderr collected.
func start(t *testing.T, bin, dir string, args ...string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env, cmd.Dir = baseEnv(t), dir
	var stderr strings.Builder
	cmd.Stderr, cmd.Stdout = &stderr, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// waitFor polls cond until it holds; the command ending first fails the test.
func waitFor(t *testing.T, cmd *exec.Cmd, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if cond() {
			return
		}
		var ws unix.WaitStatus
		if pid, _ := unix.Wait4(cmd.Process.Pid, &ws, unix.WNOHANG|unix.WNOWAIT, nil); pid == cmd.Process.Pid {
			t.Fatalf("the command ended (%v) before %s", ws, what)
		}
	}
	t.Fatalf("no %s in a minute", what)
}

// exitCode waits for cmd and returns its exit status, -1 when a signal killed it.
func exitCode(t *testing.T, cmd *exec.Cmd) int {
	err := cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	t.Errorf("waiting for the command: %v", err)
	return -1
}

// hasChild reports whether process pid has a child process.
func hasChild(pid int) bool {
	tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	for _, task := range tasks {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + task.Name() + "/children")
		if err == nil && strings.TrimSpace(string(data)) != "" {
			return true
		}
	}
	return false
}

// noTemporaries fails the test for a temporary file left in dir (atomicfile's
// ".NAME.tmpNNN").
func noTemporaries(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
