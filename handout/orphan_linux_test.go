package handout

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestBrowserDiesWithTheLab: a lab killed outright (kill -9, or the app killed by
// the terminal's Ctrl-C, which the browser's own process group no longer hears)
// takes the browser it started with it.
func TestBrowserDiesWithTheLab(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "pids")
	printer := exec.Command(exe)
	printer.Env = append(os.Environ(), fakePrinterEnv+"="+exe, fakePIDsEnv+"="+pidFile, "TMPDIR="+t.TempDir())
	if err := printer.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- printer.Wait() }()
	pids := waitForPIDs(t, pidFile, done)
	t.Cleanup(func() {
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	printer.Process.Kill()
	<-done
	browser := pids[0]
	deadline := time.Now().Add(10 * time.Second)
	for alive(browser) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if alive(browser) {
		t.Errorf("the browser (process %d) outlived the lab that started it", browser)
	}
}
