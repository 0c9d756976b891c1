//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"localitylab/internal/exit"
)

// fakeChromium puts a program named chromium, the shell script body, alone on the
// PATH for the rest of t, and points the temporary directory at a new empty one,
// which it returns.
func fakeChromium(t *testing.T, body string) (tmp string) {
	t.Helper()
	bin := t.TempDir()
	script := "#!/bin/sh\nPATH=/usr/bin:/bin\nfor a; do case $a in --print-to-pdf=*) out=${a#--print-to-pdf=};; esac; done\n" + body
	if err := os.WriteFile(filepath.Join(bin, "chromium"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	tmp = t.TempDir()
	t.Setenv("TMPDIR", tmp)
	return tmp
}

// noneLeft fails t for each path that exists, and for anything in the temporary
// directory tmp.
func noneLeft(t *testing.T, tmp string, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("the temporary directory holds %d entries after the command (%s…)", len(left), left[0].Name())
	}
}

// TestHandoutPDFNotAPDF: a browser that writes something that is not a PDF is an
// error (exit 1) that says so, and no PDF is written; the HTML asked for beside it
// is written all the same.
func TestHandoutPDFNotAPDF(t *testing.T) {
	tmp := fakeChromium(t, `printf 'not a pdf' > "$out"`+"\n")
	dir := t.TempDir()
	pdf, html := filepath.Join(dir, "h.pdf"), filepath.Join(dir, "h.html")
	code, _, stderr := run(t, "handout", "-preset", "pointer-chasing", "-run", handoutRun, "-pdf", pdf, "-html", html)
	if code != exit.Failed || !strings.Contains(stderr, "not a PDF") || !strings.Contains(stderr, "-pdf") {
		t.Errorf("exit %d, want %d with the fault named: %s", code, exit.Failed, stderr)
	}
	noneLeft(t, tmp, pdf)
	if _, err := os.Stat(html); err != nil {
		t.Errorf("-html: %v", err)
	}
}

// TestHandoutPDFStopped: SIGTERM while the browser hangs (here with a process it
// started) stops the command at once with status 143: the browser and its child
// are killed, no page is written, and the temporary folder is gone.
func TestHandoutPDFStopped(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	tmp := fakeChromium(t, "sleep 600 &\necho $! > "+pids+".part\necho $$ >> "+pids+".part\nmv "+pids+".part "+pids+"\nwait\n")
	dir := t.TempDir()
	pdf, html := filepath.Join(dir, "h.pdf"), filepath.Join(dir, "h.html")
	type outcome struct {
		code   int
		stderr string
	}
	done := make(chan outcome, 1)
	go func() {
		code, _, stderr := run(t, "handout", "-preset", "pointer-chasing", "-run", handoutRun, "-pdf", pdf, "-html", html)
		done <- outcome{code, stderr}
	}()
	var procs []int
	for deadline := time.Now().Add(30 * time.Second); procs == nil && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		select {
		case o := <-done:
			t.Fatalf("the command ended before the browser ran: exit %d: %s", o.code, o.stderr)
		default:
		}
		if data, err := os.ReadFile(pids); err == nil {
			for _, f := range strings.Fields(string(data)) {
				pid, _ := strconv.Atoi(f)
				procs = append(procs, pid)
			}
		}
	}
	if len(procs) != 2 {
		t.Fatalf("the fake browser did not start: %v", procs)
	}
	// The command's stop signals are caught from its start, before the browser runs.
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case o := <-done:
		if o.code != exit.Terminated || !strings.Contains(o.stderr, "terminated (SIGTERM); no page was written") {
			t.Errorf("exit %d, want %d: %s", o.code, exit.Terminated, o.stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the command did not end 30 s after SIGTERM")
	}
	for _, pid := range procs {
		deadline := time.Now().Add(10 * time.Second)
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if running(pid) {
			t.Errorf("process %d of the browser still runs", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	noneLeft(t, tmp, pdf, html)
}

// running reports whether process pid runs: it exists and is not a zombie.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}
