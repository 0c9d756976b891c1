package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Check reports whether path can be written, without changing what is there. A
// regular file (or a new one) must be creatable beside the file path leads to, links
// followed, since that is where Write puts it. Standard output, a device or a pipe is
// written in place. A directory is refused. Call it before a long run so that a bad
// output path is reported before the run, not after.
func Check(path string) error {
	t, err := resolve(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if t.stdout || t.stream {
		return nil
	}
	f, err := createTemp(dirOf(t.path), "."+filepath.Base(t.path)+".check")
	if err != nil {
		return fmt.Errorf("%s: cannot write here: %w", path, cannotWrite(t.path, err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// cannotWrite explains why a file could not be created beside path. A directory
// that exists and still answers "no such file or directory" (/proc, /sys) takes no
// new files at all, which the system's words alone do not say: they read as if the
// path were missing.
func cannotWrite(path string, err error) error {
	err = unwrapPath(err)
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dir := dirOf(path)
	if fi, serr := os.Stat(dir); serr != nil || !fi.IsDir() {
		return fmt.Errorf("the directory %s does not exist", dir)
	}
	what := "the directory " + dir
	if _, serr := os.Stat(path); serr == nil {
		what = "the file exists, but its directory " + dir
	}
	return fmt.Errorf("%s takes no new file, and an output is first written beside its final name "+
		"(creating one there fails: %w)", what, err)
}
