package atomicfile

import (
	"os"
	"path/filepath"
)

// syntax is how a system spells paths: which bytes separate a path's elements and
// how long the volume name at its start is ("C:", `\\host\share`). Windows takes
// both '\' and '/' as separators, so "runs/x.json" is x.json in runs there as on
// Unix: splitting on filepath.Separator alone would put the temporary file in the
// current directory, check the wrong directory, and fail only at the rename, after
// the run. The functions below take the syntax as a value so that the tests can
// give them Windows' on any system.
type syntax struct {
	isSep  func(c byte) bool
	volume func(path string) int // the length of path's volume name; 0 on Unix
	sep    byte                  // the separator the system writes
}

// native is this system's syntax.
var native = syntax{
	isSep:  os.IsPathSeparator,
	volume: func(path string) int { return len(filepath.VolumeName(path)) },
	sep:    filepath.Separator,
}

// dirOf is the directory path's last element is in, as the system reads it: unlike
// filepath.Dir it keeps "x/.." as it is, which exists only when x does.
func dirOf(path string) string { return native.dirOf(path) }

// inDir is the path of name in directory dir, dir kept as it is (see dirOf).
func inDir(dir, name string) string { return native.inDir(dir, name) }

// endsInSeparator reports whether path ends in a separator: it names a directory.
func endsInSeparator(path string) bool { return native.endsInSeparator(path) }

func (s syntax) dirOf(path string) string {
	vol := s.volume(path)
	i := len(path) - 1
	for i >= vol && !s.isSep(path[i]) {
		i--
	}
	switch {
	case i < vol && vol == 0:
		return "."
	case i < vol:
		return path[:vol] // "C:x.json": the current directory of drive C, "C:"
	case i == vol:
		return path[:vol+1] // the root: "/", `C:\`, `\\host\share\`
	}
	return path[:i]
}

func (s syntax) inDir(dir, name string) string {
	switch {
	case dir == "":
		return name
	case s.isSep(dir[len(dir)-1]):
		return dir + name
	case s.volume(dir) == len(dir) && len(dir) == 2 && dir[1] == ':':
		return dir + name // "C:" and a name is a name in drive C's current directory
	}
	return dir + string(s.sep) + name
}

func (s syntax) endsInSeparator(path string) bool {
	return path != "" && s.isSep(path[len(path)-1])
}
