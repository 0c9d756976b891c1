package atomicfile

import (
	"strings"
	"testing"
)

// unixSyntax and windowsSyntax are the two systems' path spellings, so that the
// Windows rules are tested on every system (windowsVolume knows the two volume
// names a user types: a drive letter and a share).
var (
	unixSyntax    = syntax{isSep: func(c byte) bool { return c == '/' }, volume: func(string) int { return 0 }, sep: '/'}
	windowsSyntax = syntax{isSep: func(c byte) bool { return c == '/' || c == '\\' }, volume: windowsVolume, sep: '\\'}
)

// windowsVolume is the length of a drive letter ("C:") or a share (`\\host\share`)
// at the start of path.
func windowsVolume(path string) int {
	if len(path) >= 2 && path[1] == ':' {
		return 2
	}
	sep := func(r rune) bool { return r == '/' || r == '\\' }
	if len(path) > 2 && sep(rune(path[0])) && sep(rune(path[1])) {
		host := strings.IndexFunc(path[2:], sep)
		if host < 0 {
			return len(path)
		}
		share := strings.IndexFunc(path[2+host+1:], sep)
		if share < 0 {
			return len(path)
		}
		return 2 + host + 1 + share
	}
	return 0
}

// TestDirOfBothSeparators: on Windows "runs/x.json" is x.json in runs, as on Unix,
// so the temporary file goes beside it and the up-front check looks at runs, not at
// the current directory; on Unix a backslash is a character of a name.
func TestDirOfBothSeparators(t *testing.T) {
	for _, tt := range []struct {
		name    string
		s       syntax
		path    string
		dir     string // dirOf(path)
		temp    string // inDir(dir, ".t")
		isDir   bool   // endsInSeparator(path)
		comment string
	}{
		{"unix relative", unixSyntax, "runs/x.json", "runs", "runs/.t", false, ""},
		{"unix bare name", unixSyntax, "x.json", ".", "./.t", false, ""},
		{"unix root", unixSyntax, "/x.json", "/", "/.t", false, ""},
		{"unix dot-dot kept", unixSyntax, "a/../x.json", "a/..", "a/../.t", false, "x/.. exists only when x does"},
		{"unix backslash is a name", unixSyntax, `runs\x.json`, ".", "./.t", false, ""},
		{"unix directory", unixSyntax, "runs/", "runs", "runs/.t", true, ""},
		{"windows slash", windowsSyntax, "runs/x.json", "runs", `runs\.t`, false, "the docs' spelling"},
		{"windows backslash", windowsSyntax, `runs\x.json`, "runs", `runs\.t`, false, ""},
		{"windows mixed", windowsSyntax, `C:\Users\me/runs/x.json`, `C:\Users\me/runs`, `C:\Users\me/runs\.t`, false, ""},
		{"windows drive root", windowsSyntax, `C:\x.json`, `C:\`, `C:\.t`, false, ""},
		{"windows drive root slash", windowsSyntax, `C:/x.json`, `C:/`, `C:/.t`, false, ""},
		{"windows drive relative", windowsSyntax, `C:x.json`, `C:`, `C:.t`, false, "drive C's current directory"},
		{"windows share", windowsSyntax, `\\host\share\runs\x.json`, `\\host\share\runs`, `\\host\share\runs\.t`, false, ""},
		{"windows share root", windowsSyntax, `\\host\share\x.json`, `\\host\share\`, `\\host\share\.t`, false, ""},
		{"windows bare name", windowsSyntax, "x.json", ".", `.\.t`, false, ""},
		{"windows directory slash", windowsSyntax, "runs/", "runs", `runs\.t`, true, ""},
		{"windows directory backslash", windowsSyntax, `runs\`, "runs", `runs\.t`, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.s.dirOf(tt.path)
			if dir != tt.dir {
				t.Errorf("dirOf(%q) = %q, want %q %s", tt.path, dir, tt.dir, tt.comment)
			}
			if got := tt.s.inDir(dir, ".t"); got != tt.temp {
				t.Errorf("inDir(%q, .t) = %q, want %q", dir, got, tt.temp)
			}
			if got := tt.s.endsInSeparator(tt.path); got != tt.isDir {
				t.Errorf("endsInSeparator(%q) = %v, want %v", tt.path, got, tt.isDir)
			}
		})
	}
}
