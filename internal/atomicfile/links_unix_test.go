//go:build unix

package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteThroughLinks: a symbolic link given as the output path is written
// through, its target getting the content, and stays a link; a dangling link creates
// its target; a relative link is read from the link's own directory.
func TestWriteThroughLinks(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "target.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, link, to, want string // to: the link's text; want: the file that gets the content
	}{
		{"absolute", filepath.Join(dir, "abs.json"), target, target},
		{"relative", filepath.Join(sub, "rel.json"), "target.json", target},
		{"chain", filepath.Join(dir, "chain.json"), filepath.Join(dir, "abs.json"), target},
		{"dangling", filepath.Join(dir, "dangling.json"), "sub/new.json", filepath.Join(sub, "new.json")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.Symlink(tt.to, tt.link); err != nil {
				t.Fatal(err)
			}
			if err := WriteBytes(tt.link, []byte(tt.name)); err != nil {
				t.Fatal(err)
			}
			if fi, err := os.Lstat(tt.link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("%s is no longer a symbolic link (%v, %v)", tt.link, fi.Mode(), err)
			}
			if got, err := os.ReadFile(tt.want); err != nil || string(got) != tt.name {
				t.Errorf("the link's target %s holds %q (%v), want %q", tt.want, got, err, tt.name)
			}
		})
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*", ".*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// TestLinkLoopRefused: a loop of links is an error naming the path, not a hang.
func TestLinkLoopRefused(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink(b, a)
	os.Symlink(a, b)
	for _, err := range []error{WriteBytes(a, []byte("x")), Check(a)} {
		if err == nil {
			t.Errorf("writing through a loop of links: no error")
		}
	}
}

// TestWriteKeepsMode: replacing a file keeps its mode, whatever the umask: a private
// file stays private, a shared one shared.
func TestWriteKeepsMode(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	for _, mode := range []os.FileMode{0o600, 0o640, 0o664, 0o755} {
		path := filepath.Join(t.TempDir(), "run.json")
		if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if err := WriteBytes(path, []byte("new")); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != mode {
			t.Errorf("a %03o file became %03o once written", mode, got)
		}
	}
}

// TestStandardOutput: "-" and /dev/stdout are the standard output the caller gives,
// written in place; the name is never replaced. (The real /dev/stdout is not touched
// here: WriteTo writes to the buffer without opening it.)
func TestStandardOutput(t *testing.T) {
	for _, path := range []string{"-", "/dev/stdout"} {
		var buf bytes.Buffer
		if err := WriteTo(path, &buf, func(w io.Writer) error { _, err := io.WriteString(w, "data"); return err }); err != nil {
			t.Fatalf("WriteTo(%s): %v", path, err)
		}
		if buf.String() != "data" {
			t.Errorf("WriteTo(%s) wrote %q to standard output, want %q", path, buf.String(), "data")
		}
		if err := Check(path); err != nil {
			t.Errorf("Check(%s) = %v, want nil", path, err)
		}
	}
	if fi, err := os.Lstat("/dev/stdout"); err == nil && fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("/dev/stdout is %v, not a link", fi.Mode())
	}
}

// TestDeviceWrittenInPlace: a device (here /dev/null) is fed, not replaced by a
// regular file.
func TestDeviceWrittenInPlace(t *testing.T) {
	if err := Check("/dev/null"); err != nil {
		t.Fatalf("Check(/dev/null) = %v", err)
	}
	if err := WriteBytes("/dev/null", []byte("gone")); err != nil {
		t.Fatalf("WriteBytes(/dev/null) = %v", err)
	}
	fi, err := os.Stat("/dev/null")
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is now %v (%v)", fi.Mode(), err)
	}
}

// TestPanicLeavesNoTemp: a fill that panics (a bug in an exporter) leaves neither a
// temporary file nor a changed file behind.
func TestPanicLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "page.html")
	os.WriteFile(path, []byte("kept"), 0o644)
	func() {
		defer func() { recover() }()
		Write(path, func(w io.Writer) error {
			io.WriteString(w, "half")
			panic("exporter bug")
		})
	}()
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	if got, _ := os.ReadFile(path); string(got) != "kept" {
		t.Errorf("the file holds %q after a panic, want %q", got, "kept")
	}
	if err := Write(path, func(io.Writer) error { return errors.New("boom") }); err == nil {
		t.Error("a failing fill: no error")
	}
}

// TestSame: two names of one file are the same file, however they are spelled.
func TestSame(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	file := filepath.Join(dir, "run.json")
	os.WriteFile(file, []byte("{}"), 0o644)
	os.Symlink(file, filepath.Join(dir, "link.json"))
	os.Link(file, filepath.Join(dir, "hard.json"))
	os.Symlink(filepath.Join(dir, "new.json"), filepath.Join(dir, "newlink.json"))
	os.Mkdir("sub", 0o755)
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"run.json", file, true},
		{"run.json", "./sub/../run.json", true},
		{"run.json", "link.json", true},
		{"run.json", "hard.json", true},
		{"new.json", filepath.Join(dir, "new.json"), true},
		{"new.json", "newlink.json", true},
		{"-", "/dev/stdout", true},
		{"-", "-", true},
		{"run.json", "new.json", false},
		{"new.json", "other.json", false},
		{"run.json", "-", false},
		{"sub/run.json", "run.json", false},
	} {
		if got := Same(tt.a, tt.b); got != tt.want {
			t.Errorf("Same(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestPathAsTheSystemReadsIt: "x/../f" exists only when x does, as the system reads
// it; the check and the write agree on that, and a path ending in a slash is no file.
func TestPathAsTheSystemReadsIt(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "missing") + "/../out.json"
	if err := Check(bad); err == nil {
		t.Errorf("Check(%s) = nil, want an error: missing/ does not exist", bad)
	}
	if err := WriteBytes(bad, []byte("x")); err == nil {
		t.Errorf("WriteBytes(%s) = nil, want an error", bad)
	}
	if err := Check(dir + "/new/"); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("Check of a path ending in a slash = %v, want it refused", err)
	}
}
