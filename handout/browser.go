package handout

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"localitylab/internal/installhint"
)

// A PDF is printed by a browser of Chromium's family (Chromium, Google Chrome,
// Microsoft Edge), found where each system installs it: on the PATH everywhere, and
// where the installers put them on Windows (which adds none to the PATH) and macOS
// (application bundles).

// pathNames are the names the browsers go by on a PATH (Windows adds ".exe").
var pathNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
	"microsoft-edge", "microsoft-edge-stable", "msedge"}

// Browser is the path of the browser that prints the PDF, or an error that says
// what to install on this system.
func Browser() (string, error) {
	return findBrowser(here)
}

// system is what finding a browser asks of the system, as values so that the tests
// can give Windows' and macOS' answers on any system.
type system struct {
	goos     string
	getenv   func(string) string
	lookPath func(string) (string, error)
	isFile   func(string) bool
	hint     func() installhint.System // read only for an error
}

// here is the system this program runs on.
var here = system{goos: runtime.GOOS, getenv: os.Getenv, lookPath: exec.LookPath, isFile: isFile, hint: installhint.Here}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// findBrowser looks for a browser on s's PATH, then where s's installers put one.
func findBrowser(s system) (string, error) {
	for _, name := range pathNames {
		if p, err := s.lookPath(name); err == nil {
			return p, nil
		}
	}
	for _, p := range installedBrowsers(s) {
		if s.isFile(p) {
			return p, nil
		}
	}
	return "", errNoBrowser(s)
}

// installedBrowsers are the places s's installers put the browsers, Chrome first.
func installedBrowsers(s system) []string {
	var paths []string
	switch s.goos {
	case "windows":
		// Chrome and Edge install for every user under Program Files (either one),
		// or for one user under Local AppData; Chromium's builds unpack there too.
		for _, env := range []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"} {
			base := strings.TrimRight(s.getenv(env), `\/`)
			if base == "" {
				continue
			}
			for _, app := range []string{`Google\Chrome\Application\chrome.exe`, `Chromium\Application\chrome.exe`,
				`Microsoft\Edge\Application\msedge.exe`} {
				paths = append(paths, base+`\`+app)
			}
		}
	case "darwin":
		bundles := []string{"Google Chrome.app/Contents/MacOS/Google Chrome", "Chromium.app/Contents/MacOS/Chromium",
			"Microsoft Edge.app/Contents/MacOS/Microsoft Edge"}
		dirs := []string{"/Applications"}
		if home := s.getenv("HOME"); home != "" {
			dirs = append(dirs, strings.TrimRight(home, "/")+"/Applications")
		}
		for _, d := range dirs {
			for _, b := range bundles {
				paths = append(paths, d+"/"+b)
			}
		}
	}
	return paths
}

// chromiumPackage is how each system's users get a browser that prints.
var chromiumPackage = installhint.Package{
	Linux:   "chromium",
	Distro:  map[string]string{"ubuntu": "chromium-browser"},
	Windows: "Microsoft Edge comes with Windows 10 and 11; or install Google Chrome: winget install Google.Chrome",
	Mac:     "install Google Chrome from google.com/chrome, or: brew install --cask google-chrome",
}

// errNoBrowser says where a browser was looked for on s and how to install one.
func errNoBrowser(s system) error {
	where := "on the PATH"
	switch s.goos {
	case "windows":
		where = `under Program Files, Program Files (x86) and Local AppData, nor on the PATH`
	case "darwin":
		where = "in /Applications, ~/Applications, nor on the PATH"
	}
	return errors.New("printing a PDF needs Chrome, Chromium or Edge, and none was found " + where +
		" (" + s.hint().Hint(chromiumPackage) + "; or write -html and print it from any browser)")
}

// BrowserName is the name a person knows the browser at path by: "Chrome",
// "Chromium" or "Edge" (its file's name where it is none of these).
func BrowserName(path string) string {
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(path), ".exe"))
	switch {
	case strings.Contains(base, "chromium"):
		return "Chromium"
	case strings.Contains(base, "edge"):
		return "Edge"
	case strings.Contains(base, "chrome"):
		return "Chrome"
	}
	return filepath.Base(path)
}
