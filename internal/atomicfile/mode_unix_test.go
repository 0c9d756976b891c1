//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestModeFollowsUmask checks that a written file is readable by others under the
// usual umask, as a file a shell creates, and that the umask still decides.
func TestModeFollowsUmask(t *testing.T) {
	for _, tt := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o644}, {0o077, 0o600}, {0o002, 0o664}} {
		old := syscall.Umask(tt.umask)
		path := filepath.Join(t.TempDir(), "run.json")
		err := WriteBytes(path, []byte("{}"))
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != tt.want {
			t.Errorf("umask %03o: mode %03o, want %03o", tt.umask, got, tt.want)
		}
	}
}

// TestCheckSaysWhyProcIsNotWritable: /proc answers "no such file or directory" to
// a new file even beside one that exists; the message must not read as if the path
// were missing.
func TestCheckSaysWhyProcIsNotWritable(t *testing.T) {
	if _, err := os.Stat("/proc/version"); err != nil {
		t.Skip("no /proc/version here")
	}
	for path, want := range map[string]string{
		"/proc/version":   "/proc/version: cannot write here: the file exists, but its directory /proc takes no new file",
		"/proc/new.html":  "/proc/new.html: cannot write here: the directory /proc takes no new file",
		"/proc/no/x.html": "/proc/no/x.html: cannot write here: the directory /proc/no does not exist",
	} {
		err := Check(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check(%s) = %v, want %q", path, err, want)
		}
		if err := WriteBytes(path, nil); err == nil || !strings.Contains(err.Error(), strings.Replace(want, " cannot write here:", "", 1)) {
			t.Errorf("WriteBytes(%s) = %v, want %q", path, err, want)
		}
	}
}
