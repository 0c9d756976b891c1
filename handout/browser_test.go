package handout

import (
	"errors"
	"strings"
	"testing"

	"localitylab/internal/installhint"
)

// fakeSystem is a system of goos whose environment is env, whose PATH holds
// onPath (name to path) and whose disk holds files.
func fakeSystem(goos string, env, onPath map[string]string, files []string, hint installhint.System) system {
	return system{
		goos:   goos,
		getenv: func(k string) string { return env[k] },
		lookPath: func(name string) (string, error) {
			if p, ok := onPath[name]; ok {
				return p, nil
			}
			return "", errors.New("not found")
		},
		isFile: func(p string) bool {
			for _, f := range files {
				if f == p {
					return true
				}
			}
			return false
		},
		hint: func() installhint.System { return hint },
	}
}

// windowsEnv is where a Windows machine's installers put programs.
var windowsEnv = map[string]string{
	"ProgramFiles":      `C:\Program Files`,
	"ProgramFiles(x86)": `C:\Program Files (x86)`,
	"LocalAppData":      `C:\Users\Ada\AppData\Local`,
}

// TestFindBrowser: Chrome, Chromium and Edge are found where each system installs
// them, the PATH first; where none is, the error says where it looked and how to
// install one on that system, apt-get only on Debian.
func TestFindBrowser(t *testing.T) {
	win := installhint.System{GOOS: "windows"}
	mac := installhint.System{GOOS: "darwin"}
	for _, tt := range []struct {
		name   string
		s      system
		want   string // the browser found
		errHas []string
		errNot []string
	}{
		{"linux PATH", fakeSystem("linux", nil, map[string]string{"chromium": "/usr/bin/chromium"}, nil, installhint.System{GOOS: "linux", ID: "debian"}),
			"/usr/bin/chromium", nil, nil},
		{"linux Edge on PATH", fakeSystem("linux", nil, map[string]string{"microsoft-edge": "/usr/bin/microsoft-edge"}, nil, installhint.System{GOOS: "linux"}),
			"/usr/bin/microsoft-edge", nil, nil},
		{"debian, none", fakeSystem("linux", nil, nil, nil, installhint.System{GOOS: "linux", ID: "debian"}),
			"", []string{"none was found on the PATH", "sudo apt-get install chromium", "-html"}, nil},
		{"fedora, none", fakeSystem("linux", nil, nil, nil, installhint.System{GOOS: "linux", ID: "fedora"}),
			"", []string{"sudo dnf install chromium"}, []string{"apt"}},
		{"windows Chrome for every user", fakeSystem("windows", windowsEnv, nil,
			[]string{`C:\Program Files\Google\Chrome\Application\chrome.exe`, `C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`}, win),
			`C:\Program Files\Google\Chrome\Application\chrome.exe`, nil, nil},
		{"windows Edge alone", fakeSystem("windows", windowsEnv, nil,
			[]string{`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`}, win),
			`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`, nil, nil},
		{"windows Chrome for one user", fakeSystem("windows", windowsEnv, nil,
			[]string{`C:\Users\Ada\AppData\Local\Google\Chrome\Application\chrome.exe`}, win),
			`C:\Users\Ada\AppData\Local\Google\Chrome\Application\chrome.exe`, nil, nil},
		{"windows PATH first", fakeSystem("windows", windowsEnv, map[string]string{"msedge": `D:\edge\msedge.exe`},
			[]string{`C:\Program Files\Google\Chrome\Application\chrome.exe`}, win),
			`D:\edge\msedge.exe`, nil, nil},
		{"windows, none", fakeSystem("windows", windowsEnv, nil, nil, win),
			"", []string{"Program Files", "Local AppData", "winget install Google.Chrome"}, []string{"apt", "sudo"}},
		{"macOS Chrome", fakeSystem("darwin", map[string]string{"HOME": "/Users/ada"}, nil,
			[]string{"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"}, mac),
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", nil, nil},
		{"macOS Edge in the user's Applications", fakeSystem("darwin", map[string]string{"HOME": "/Users/ada"}, nil,
			[]string{"/Users/ada/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge"}, mac),
			"/Users/ada/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge", nil, nil},
		{"macOS Chromium", fakeSystem("darwin", nil, nil, []string{"/Applications/Chromium.app/Contents/MacOS/Chromium"}, mac),
			"/Applications/Chromium.app/Contents/MacOS/Chromium", nil, nil},
		{"macOS, none", fakeSystem("darwin", nil, nil, nil, mac),
			"", []string{"/Applications", "google.com/chrome"}, []string{"apt", "sudo"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := findBrowser(tt.s)
			if got != tt.want {
				t.Errorf("found %q, want %q", got, tt.want)
			}
			if (err != nil) != (tt.errHas != nil) {
				t.Fatalf("error %v, want one: %v", err, tt.errHas != nil)
			}
			for _, w := range tt.errHas {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			for _, w := range tt.errNot {
				if strings.Contains(err.Error(), w) {
					t.Errorf("error %q names %q, not this system's", err, w)
				}
			}
		})
	}
}

func TestBrowserName(t *testing.T) {
	for path, want := range map[string]string{
		"/usr/bin/chromium":             "Chromium",
		"/usr/bin/google-chrome-stable": "Chrome",
		"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome":   "Chrome",
		"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge": "Edge",
		"/opt/other-browser": "other-browser",
	} {
		if got := BrowserName(path); got != want {
			t.Errorf("BrowserName(%q) = %q, want %q", path, got, want)
		}
	}
}

// TestFileURL: the page's address is a valid file URL on every system: a drive
// letter after a slash, a share's host as the URL's, backslashes as slashes, and
// what a URL escapes escaped.
func TestFileURL(t *testing.T) {
	for _, tt := range []struct {
		path    string
		windows bool
		want    string
	}{
		{"/tmp/localitylab-handout-1/handout.html", false, "file:///tmp/localitylab-handout-1/handout.html"},
		{"/home/ada/my pages/#1 100%.html", false, "file:///home/ada/my%20pages/%231%20100%25.html"},
		{`/tmp/a\b.html`, false, "file:///tmp/a%5Cb.html"}, // a backslash is a name's on Unix
		{`C:\Users\Ada\AppData\Local\Temp\localitylab-handout-1\handout.html`, true,
			"file:///C:/Users/Ada/AppData/Local/Temp/localitylab-handout-1/handout.html"},
		{`C:\Program Files\x.html`, true, "file:///C:/Program%20Files/x.html"},
		{`C:/mixed\x.html`, true, "file:///C:/mixed/x.html"},
		{`\\server\share\handout.html`, true, "file://server/share/handout.html"},
	} {
		if got := fileURL(tt.path, tt.windows); got != tt.want {
			t.Errorf("fileURL(%q, windows %v) = %q, want %q", tt.path, tt.windows, got, tt.want)
		}
	}
}
