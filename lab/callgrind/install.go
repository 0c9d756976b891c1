package callgrind

import (
	"os"
	"runtime"
	"strings"
)

// osReleasePath is where a Linux distribution names itself.
const osReleasePath = "/etc/os-release"

// InstallHint says how to get Valgrind on this system, in its own words: the package
// manager of this Linux distribution, or, on Windows and macOS, that Valgrind does not
// run there and what to do instead.
func InstallHint() string {
	release, _ := os.ReadFile(osReleasePath)
	return installHint(runtime.GOOS, runtime.GOARCH, release)
}

// Unsupported says why simulated misses cannot be had on this system and what to do
// instead ("" on Linux, where Valgrind runs), for the hints that would otherwise
// suggest them.
func Unsupported() string { return unsupported(runtime.GOOS, runtime.GOARCH) }

func unsupported(goos, goarch string) string {
	switch {
	case goos == "linux":
		return ""
	case goos == "windows":
		return "Valgrind does not run on Windows, and simulated misses need it: run the lab's Linux build under WSL2 (wsl --install), with valgrind installed there"
	case goos == "darwin" && goarch == "arm64":
		return "Valgrind does not run on macOS on Apple Silicon, and simulated misses need it: run the lab's Linux build in a Linux virtual machine (UTM, Lima, Docker), with valgrind installed there"
	case goos == "darwin":
		return "Valgrind does not run on current macOS, and simulated misses need it: run the lab's Linux build in a Linux virtual machine, with valgrind installed there"
	}
	return "the lab runs Valgrind on Linux only, and simulated misses need it: run the lab on a Linux machine with valgrind installed"
}

// installHint is InstallHint for a system named by goos and goarch, whose
// /etc/os-release (Linux) holds osRelease.
func installHint(goos, goarch string, osRelease []byte) string {
	if u := unsupported(goos, goarch); u != "" {
		return u
	}
	name, ids := osReleaseIDs(osRelease)
	for _, id := range ids {
		for _, pm := range packageManagers {
			if pm.ids[id] {
				return "on this " + name + ", " + pm.install + " valgrind installs it" + pm.more
			}
		}
	}
	return "install the valgrind package with your distribution's package manager (or from https://valgrind.org/downloads/)"
}

// packageManagers are the commands that install a package, by the os-release IDs of
// the distributions that use them (an ID or one its ID_LIKE names).
var packageManagers = []struct {
	ids     map[string]bool
	install string
	more    string
}{
	{map[string]bool{"debian": true, "ubuntu": true}, "sudo apt-get install", " (or tools/deps.sh, from the source)"},
	{map[string]bool{"fedora": true, "rhel": true, "centos": true}, "sudo dnf install", ""},
	{map[string]bool{"arch": true}, "sudo pacman -S", ""},
	{map[string]bool{"suse": true, "opensuse": true}, "sudo zypper install", ""},
	{map[string]bool{"alpine": true}, "sudo apk add", ""},
}

// osReleaseIDs reads an os-release file: the distribution's name (NAME, or "Linux")
// and its ID followed by those of ID_LIKE.
func osReleaseIDs(b []byte) (name string, ids []string) {
	name = "Linux"
	var like []string
	for line := range strings.Lines(string(b)) {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok {
			continue
		}
		v = strings.Trim(v, `"'`)
		switch k {
		case "NAME":
			if v != "" {
				name = v
			}
		case "ID":
			ids = append([]string{strings.ToLower(v)}, ids...)
		case "ID_LIKE":
			like = strings.Fields(strings.ToLower(v))
		}
	}
	return name, append(ids, like...)
}
