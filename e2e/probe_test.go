package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestProbeStopped: Ctrl-C or SIGTERM during a probe stops it and its worker, writes
// nothing (no file, no temporary one), and exits with the status each signal calls
// for.
func TestProbeStopped(t *testing.T) {
	for _, sig := range []struct {
		signal syscall.Signal
		status int
		word   string
	}{{syscall.SIGINT, 130, "interrupted"}, {syscall.SIGTERM, 143, "terminated (SIGTERM)"}} {
		t.Run(sig.signal.String(), func(t *testing.T) {
			dir := t.TempDir()
			log, code := stopWhen(t, "probe: 10 of", sig.signal, "probe", "-json", filepath.Join(dir, "p.json"))
			if code != sig.status || !strings.Contains(log, sig.word+"; nothing was written") {
				t.Errorf("exit status %d, want %d saying %q\nstderr:\n%s", code, sig.status, sig.word, log)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("a stopped probe left %v", entries)
			}
		})
	}
}
