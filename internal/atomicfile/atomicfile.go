// Package atomicfile writes output files so that nothing is lost: a file is written
// under a temporary name beside its final one and renamed over it only when every
// write and the close succeeded, so a failed export never leaves half a file where a
// good one was. Check tells, before long work starts, whether a path can be written.
//
// Files get mode 0666 less the umask (0644 under the usual umask 022), as a file a
// shell or an editor creates: exports are meant to be shared (a school server, a
// slide), which os.CreateTemp's private 0600 would prevent.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// Write writes what fill produces to path. On any error (fill's, the write's, the
// close's or the rename's) the temporary file is removed, path is left as it was, and
// the error names path.
func Write(path string, fill func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := createTemp(dir, "."+base+".tmp")
	if err != nil {
		return fmt.Errorf("%s: %w", path, cannotWrite(path, err))
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, 64<<10)
	err = fill(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return nil
}

// fileMode is the mode a new file asks for; the umask takes its share.
const fileMode = 0o666

// createTemp creates a new file in dir named prefix and a random number, as
// os.CreateTemp does, but with fileMode under the umask rather than 0600.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 1000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &os.PathError{Op: "createtemp", Path: filepath.Join(dir, prefix+"*"), Err: fs.ErrExist}
}

// WriteBytes writes data to path as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Check reports whether path can be written, without changing what is there: the
// directory must exist and accept a new file, and path, if it exists, must be a
// regular file. Call it before a long run so that a bad output path is reported
// before the run, not after.
func Check(path string) error {
	if path == "" {
		return errors.New("empty output path")
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file", path)
	}
	f, err := createTemp(filepath.Dir(path), "."+filepath.Base(path)+".check")
	if err != nil {
		return fmt.Errorf("%s: cannot write here: %w", path, cannotWrite(path, err))
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
	dir := filepath.Dir(path)
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

// unwrapPath drops the *os.PathError wrapper, whose message repeats the temporary
// file's name, and keeps the cause ("permission denied", "no such file or directory").
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
