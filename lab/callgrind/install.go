package callgrind

import (
	"os"
	"runtime"
	"strings"

	"localitylab/internal/installhint"
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
	sys := installhint.Parse(goos, osRelease)
	cmd, known := sys.Command(installhint.Package{Linux: "valgrind"})
	if !known {
		return "install the valgrind package with your distribution's package manager (or from https://valgrind.org/downloads/)"
	}
	hint := "on this " + sys.Name + ", " + cmd + " installs it"
	if strings.Contains(cmd, "apt-get") {
		hint += " (or tools/deps.sh, from the source)"
	}
	return hint
}
