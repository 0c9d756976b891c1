package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// target is where a path's content goes.
type target struct {
	stdout bool // "-" or /dev/stdout: the caller's standard output
	stream bool // an existing file that is not a regular one: written in place
	// path is the file to replace: the path with its symbolic links followed (a
	// dangling link's target); existing is that file's, nil when it is new.
	path     string
	existing fs.FileInfo
}

// maxLinks bounds the symbolic links followed, as the system's own limit does (a
// loop of links would otherwise never end).
const maxLinks = 40

// IsStdout reports whether path names standard output: "-", as many tools take it,
// or one of the system's names for it. Writing there must never replace the name
// (as root, a rename over /dev/stdout would replace the system's link).
func IsStdout(path string) bool {
	switch path {
	case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return true
	}
	return false
}

// resolve finds where path's content goes. A directory is refused.
func resolve(path string) (target, error) {
	if path == "" {
		return target{}, errors.New("empty output path")
	}
	if IsStdout(path) {
		return target{stdout: true}, nil
	}
	if descriptor(path) {
		return target{stream: true}, nil
	}
	if endsInSeparator(path) {
		return target{}, errors.New("names a directory (it ends in a slash), not a file")
	}
	fi, err := os.Stat(path) // through every link
	switch {
	case err == nil && fi.IsDir():
		return target{}, errors.New("a directory, not a regular file")
	case err == nil && !fi.Mode().IsRegular():
		return target{stream: true}, nil
	}
	p, err := followLinks(path)
	if err != nil {
		return target{}, err
	}
	t := target{path: p}
	if fi, err := os.Lstat(p); err == nil {
		t.existing = fi
	}
	return t, nil
}

// descriptor reports whether path names an open file descriptor (/dev/stderr,
// /dev/fd/3 from a shell's process substitution), which is fed where it points: its
// link may lead to no ordinary path, or to a file another process holds open.
func descriptor(path string) bool {
	return path == "/dev/stderr" || strings.HasPrefix(path, "/dev/fd/") || strings.HasPrefix(path, "/proc/self/fd/")
}

// followLinks follows the symbolic links of path's last element and returns the file
// they lead to, which need not exist (a dangling link). The directories on the way
// are resolved too, so that a relative link is read from where it really lives.
func followLinks(path string) (string, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) || (err == nil && fi.Mode()&fs.ModeSymlink == 0) {
			return p, nil
		}
		if err != nil {
			return "", unwrapPath(err)
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(link) {
			dir, err := filepath.EvalSymlinks(dirOf(p))
			if err != nil {
				return "", unwrapPath(err)
			}
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return "", fmt.Errorf("more than %d symbolic links in a row (a loop?)", maxLinks)
}

// Same reports whether paths a and b name the same file: the same file on disk (a
// link, a hard link and a relative name of one file are the same file), the same new
// file, or both standard output. A command compares its outputs with one another and
// with its inputs this way, by what the names lead to, not by their spelling.
func Same(a, b string) bool {
	if IsStdout(a) || IsStdout(b) {
		return IsStdout(a) && IsStdout(b)
	}
	fa, ea := os.Stat(a)
	fb, eb := os.Stat(b)
	if ea == nil && eb == nil {
		return os.SameFile(fa, fb)
	}
	if ea == nil || eb == nil {
		return false // one exists and the other does not
	}
	ka, oka := newFileKey(a)
	kb, okb := newFileKey(b)
	return oka && okb && ka == kb
}

// newFileKey is where a new file at path would be created: the absolute path of its
// last link's target, in its directory with links resolved.
func newFileKey(path string) (string, bool) {
	p, err := followLinks(path)
	if err != nil {
		return "", false
	}
	dir, err := filepath.EvalSymlinks(dirOf(p))
	if err != nil {
		dir = dirOf(p)
	}
	abs, err := filepath.Abs(filepath.Join(dir, filepath.Base(p)))
	return abs, err == nil
}
