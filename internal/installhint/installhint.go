// Package installhint says how to install a program on the system in front of the
// user: with the package manager of their Linux distribution (read from
// /etc/os-release), or as Windows and macOS users do, so that no hint tells a
// Windows user to apt-get.
package installhint

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// System is the system a hint is for.
type System struct {
	GOOS string // runtime.GOOS
	// ID and Like are a Linux distribution's os-release ID and ID_LIKE ("ubuntu",
	// ["debian"]); empty off Linux, or where the file is missing.
	ID   string
	Like []string
	// Name is the distribution's NAME ("Ubuntu"), "Linux" where it gives none.
	Name string
}

// Here is the system this program runs on.
func Here() System {
	if runtime.GOOS != "linux" {
		return System{GOOS: runtime.GOOS}
	}
	var data []byte
	for _, path := range []string{"/etc/os-release", "/usr/lib/os-release"} {
		if b, err := os.ReadFile(path); err == nil {
			data = b
			break
		}
	}
	return Parse(runtime.GOOS, data)
}

// Parse is the system named by goos whose os-release file (Linux) holds osRelease;
// nil when there is none.
func Parse(goos string, osRelease []byte) System {
	s := System{GOOS: goos, Name: "Linux"}
	var name string
	s.ID, s.Like, name = parseOSRelease(string(osRelease))
	if name != "" {
		s.Name = name
	}
	return s
}

// parseOSRelease reads the ID, ID_LIKE and NAME of an os-release file: lines of
// KEY=value, the value perhaps quoted.
func parseOSRelease(data string) (id string, like []string, name string) {
	sc := bufio.NewScanner(strings.NewReader(data))
	for sc.Scan() {
		key, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok {
			continue
		}
		if v, err := strconv.Unquote(value); err == nil {
			value = v
		} else {
			value = strings.Trim(value, `"'`)
		}
		switch key {
		case "ID":
			id = strings.ToLower(value)
		case "ID_LIKE":
			like = strings.Fields(strings.ToLower(value))
		case "NAME":
			name = value
		}
	}
	return id, like, name
}

// Package is a program as each system's users install it.
type Package struct {
	Linux string // its name in most distributions' repositories
	// Distro holds the names of distributions that call it otherwise, by
	// os-release ID ("ubuntu": "chromium-browser"); a distribution "like" one of
	// these (ID_LIKE) takes its name.
	Distro map[string]string
	// Windows and Mac are the whole hint on those systems: a command, or where to
	// get it, or why it cannot be had there.
	Windows, Mac string
}

// managers are the install commands of the distributions' package managers, by
// os-release ID; a distribution not listed is looked up by its ID_LIKE.
var managers = map[string]string{
	"debian": "sudo apt-get install", "ubuntu": "sudo apt-get install",
	"fedora": "sudo dnf install", "rhel": "sudo dnf install", "centos": "sudo dnf install",
	"arch":     "sudo pacman -S",
	"opensuse": "sudo zypper install", "suse": "sudo zypper install", "sles": "sudo zypper install",
	"opensuse-leap": "sudo zypper install", "opensuse-tumbleweed": "sudo zypper install",
	"alpine": "sudo apk add",
	"void":   "sudo xbps-install",
	"gentoo": "sudo emerge",
}

// Hint says how to install p on s: "sudo apt-get install chromium" on Debian,
// p.Windows on Windows, p.Mac on macOS, and on a Linux whose package manager is
// not known, to install p's package with it.
func (s System) Hint(p Package) string {
	h, _ := s.hint(p)
	return h
}

// Command is the command that installs p on a Linux whose package manager is known
// ("sudo apt-get install valgrind"), and false elsewhere.
func (s System) Command(p Package) (string, bool) {
	if s.GOOS != "linux" {
		return "", false
	}
	return s.hint(p)
}

// hint is Hint, and whether it is a command of a known package manager.
func (s System) hint(p Package) (string, bool) {
	switch s.GOOS {
	case "windows":
		return p.Windows, false
	case "darwin":
		return p.Mac, false
	}
	name, manager := p.Linux, ""
	for _, id := range append([]string{s.ID}, s.Like...) {
		if n, ok := p.Distro[id]; ok && name == p.Linux {
			name = n
		}
		if m, ok := managers[id]; ok && manager == "" {
			manager = m
		}
	}
	if manager == "" {
		return "install the package " + name + " with your system's package manager", false
	}
	return manager + " " + name, true
}
