//go:build unix

package result

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNoRegularFileRefused: a named pipe among the files (an unpacked archive of
// submissions may hold one) is refused by name before it is opened, where opening it
// waited for a writer for ever; so are a device and a folder.
func TestNoRegularFileRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "student.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	t.Cleanup(func() { // a reader that did open it waits for a writer: let it go
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	for _, tt := range []struct{ path, want string }{
		{fifo, "a named pipe (FIFO)"},
		{"/dev/zero", "a device"},
		{dir, "a folder"},
	} {
		done := make(chan error, 3)
		go func() {
			_, err := LoadJSON(tt.path)
			done <- err
			_, err = LoadSweepJSON(tt.path)
			done <- err
			_, _, err = LoadSaved(tt.path)
			done <- err
		}()
		for range 3 {
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
					t.Errorf("%s: %v, want it refused as %s, named", tt.path, err, tt.want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: still reading after 5 s", tt.path)
			}
		}
		if IsSweepFile(tt.path) {
			t.Errorf("IsSweepFile(%s)", tt.path)
		}
	}
}
