// Package atomicfile writes output files so that nothing is lost: a file is written
// under a temporary name beside its final one and renamed over it only when every
// write and the close succeeded, so a failed export never leaves half a file where a
// good one was. Check tells, before long work starts, whether a path can be written.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write writes what fill produces to path. On any error (fill's, the write's, the
// close's or the rename's) the temporary file is removed, path is left as it was, and
// the error names path.
func Write(path string, fill func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
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
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check*")
	if err != nil {
		return fmt.Errorf("%s: cannot write here: %w", path, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
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
