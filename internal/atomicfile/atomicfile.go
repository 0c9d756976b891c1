// Package atomicfile writes output files so that nothing is lost. A file is written
// under a temporary name beside its final one. It is renamed over it only when every
// write and the close succeeded. So a failed export never leaves half a file where a
// good one was, nor a temporary file beside it. Check tells, before long work starts,
// whether a path can be written. Same tells whether two paths name one file, so that
// a command can refuse to write over its own input.
//
// What a path names is respected:
//   - a symbolic link is written through: its target gets the new content and the
//     link stays a link (a dangling link creates its target);
//   - an existing file keeps its mode (a private 0600 file stays private) and, where
//     the system allows, its owner;
//   - "-" and /dev/stdout are standard output, written in place and never replaced;
//     so is any other file that is not a regular one (a device, a pipe, an open
//     descriptor such as /dev/fd/3), which a rename would replace rather than feed.
//
// A new file gets mode 0666 less the umask (0644 under the usual umask 022), as a file
// a shell or an editor creates: exports are meant to be shared (a school server, a
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
// close's or the rename's), and on a panic in fill, the temporary file is removed,
// path is left as it was, and the error names path. Standard output ("-",
// /dev/stdout) is os.Stdout; see WriteTo.
func Write(path string, fill func(w io.Writer) error) error {
	return WriteTo(path, os.Stdout, fill)
}

// WriteTo is Write with stdout standing for standard output: a command that was
// handed its output stream (a test's buffer) writes "-" there.
func WriteTo(path string, stdout io.Writer, fill func(w io.Writer) error) error {
	t, err := resolve(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case t.stdout:
		err = fillBuffered(stdout, fill)
	case t.stream:
		err = writeInPlace(path, fill)
	default:
		err = replace(t, fill)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
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

// replace writes a regular file: a temporary file beside t's final name, given the
// mode and owner of the file it replaces, renamed over it once complete. The
// temporary file is removed on every way out but success, a panic included.
func replace(t target, fill func(w io.Writer) error) (err error) {
	f, err := createTemp(dirOf(t.path), "."+filepath.Base(t.path)+".tmp")
	if err != nil {
		return cannotWrite(t.path, err)
	}
	tmp, renamed := f.Name(), false
	defer func() {
		if !renamed {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if t.existing != nil {
		if err := f.Chmod(t.existing.Mode().Perm()); err != nil {
			return unwrapPath(err)
		}
		keepOwner(f, t.existing)
	}
	err = fillBuffered(f, fill)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, t.path)
	}
	if err != nil {
		return unwrapPath(err)
	}
	renamed = true
	return nil
}

// writeInPlace writes to a file that is not a regular one (a device, a pipe, an
// open descriptor), which must be fed rather than replaced.
func writeInPlace(path string, fill func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return unwrapPath(err)
	}
	err = fillBuffered(f, fill)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return unwrapPath(err)
}

// fillBuffered runs fill on a buffer in front of w and flushes it.
func fillBuffered(w io.Writer, fill func(w io.Writer) error) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := fill(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// fileMode is the mode a new file asks for; the umask takes its share.
const fileMode = 0o666

// createTemp creates a new file in dir named prefix and a random number, as
// os.CreateTemp does, but with fileMode under the umask rather than 0600.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 1000 {
		name := inDir(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &os.PathError{Op: "createtemp", Path: inDir(dir, prefix+"*"), Err: fs.ErrExist}
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
