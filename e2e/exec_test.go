package e2e

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// outcome is what one run of the binary left behind.
type outcome struct {
	code           int
	stdout, stderr string
}

// runBinary runs the binary with args and env added to a clean environment, and
// returns its exit status and output. A run that outlives limit is killed and fails
// the test: a hung app must not hang CI.
func runBinary(t *testing.T, limit time.Duration, env []string, args ...string) outcome {
	t.Helper()
	return runProgram(t, needBinary(t), limit, env, args...)
}

// runWindow runs program's window on display with args until it quits by itself,
// capturing the window to shot and saving what it measured to saved as it quits; it
// stops the test unless the app exits 0, and keeps both files when -keep asks.
func runWindow(t *testing.T, program, display string, limit time.Duration, shot, saved string, args ...string) {
	t.Helper()
	args = append(args, "-screenshot", shot, "-save", saved)
	o := runProgram(t, program, limit, []string{"DISPLAY=" + display}, args...)
	if o.code != 0 {
		t.Fatalf("exit status %d, want 0\nstderr:\n%s", o.code, o.stderr)
	}
	keepFiles(t, shot, saved)
}

// runProgram is runBinary for another program built from this module (see
// buildProgram): Locality Lab with backings of its own.
func runProgram(t *testing.T, program string, limit time.Duration, env []string, args ...string) outcome {
	t.Helper()
	return runProgramIn(t, program, t.TempDir(), limit, env, args...)
}

// runProgramIn is runProgram in the folder dir, where one command may read what
// another wrote.
func runProgramIn(t *testing.T, program, dir string, limit time.Duration, env []string, args ...string) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, program, args...)
	cmd.Env = append(baseEnv(t), env...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("localitylab %s: still running after %v; killed\nstderr:\n%s", strings.Join(args, " "), limit, stderr.String())
	}
	o := outcome{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		o.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("localitylab %s: %v", strings.Join(args, " "), err)
	}
	return o
}

// baseEnv is the environment every run starts from: PATH and the locale, and a home
// of its own so that the app's remembered setup neither comes from nor goes to the
// person running the tests.
func baseEnv(t *testing.T) []string {
	t.Helper()
	home := t.TempDir()
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config", "XDG_CACHE_HOME=" + home + "/.cache"}
	for _, k := range []string{"PATH", "LANG", "LC_ALL", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// startXvfb starts a virtual X server on a display no one uses and returns its name
// (":N"); the server is stopped when the test ends. It skips the test only when Xvfb
// is not installed: `make test` installs it (tools/deps.sh), so in CI this runs.
func startXvfb(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("Xvfb is not installed (tools/deps.sh installs it; Debian/Ubuntu package xvfb): the app test needs a display")
	}
	// -displayfd makes Xvfb pick the first free display itself and write its
	// number to the pipe, which avoids racing other servers for a number.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(path, "-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	display, err := readDisplay(r, 20*time.Second)
	if err != nil {
		t.Fatalf("Xvfb: %v\n%s", err, stderr.String())
	}
	return display
}

// readDisplay reads the display number Xvfb writes once it listens.
func readDisplay(r *os.File, limit time.Duration) (string, error) {
	type line struct {
		s   string
		err error
	}
	ch := make(chan line, 1)
	go func() {
		s, err := bufio.NewReader(r).ReadString('\n')
		ch <- line{s, err}
	}()
	select {
	case l := <-ch:
		n, err := strconv.Atoi(strings.TrimSpace(l.s))
		if err != nil {
			return "", errors.New("no display number from -displayfd (the server exited?)")
		}
		return ":" + strconv.Itoa(n), nil
	case <-time.After(limit):
		return "", errors.New("no display after " + limit.String())
	}
}
