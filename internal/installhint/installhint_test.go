package installhint

import (
	"os"
	"runtime"
	"slices"
	"testing"
)

func TestParseOSRelease(t *testing.T) {
	for _, tt := range []struct {
		name, data, id string
		like           []string
	}{
		{"debian", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nID=debian\n", "debian", nil},
		{"mint", "NAME=\"Linux Mint\"\nID=linuxmint\nID_LIKE=\"ubuntu debian\"\n", "linuxmint", []string{"ubuntu", "debian"}},
		{"single quotes", "ID='fedora'\nID_LIKE='rhel centos'\n", "fedora", []string{"rhel", "centos"}},
		{"comments and blanks", "# a comment\n\nID=Arch\n", "arch", nil},
		{"empty", "", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			id, like, _ := parseOSRelease(tt.data)
			if id != tt.id || !slices.Equal(like, tt.like) {
				t.Errorf("parseOSRelease = %q, %q; want %q, %q", id, like, tt.id, tt.like)
			}
		})
	}
}

func TestHint(t *testing.T) {
	chromium := Package{Linux: "chromium", Distro: map[string]string{"ubuntu": "chromium-browser"},
		Windows: "install Chrome", Mac: "install Chrome from google.com/chrome"}
	for _, tt := range []struct {
		name string
		s    System
		want string
	}{
		{"debian", System{GOOS: "linux", ID: "debian"}, "sudo apt-get install chromium"},
		{"ubuntu", System{GOOS: "linux", ID: "ubuntu", Like: []string{"debian"}}, "sudo apt-get install chromium-browser"},
		{"mint, like ubuntu", System{GOOS: "linux", ID: "linuxmint", Like: []string{"ubuntu", "debian"}}, "sudo apt-get install chromium-browser"},
		{"fedora", System{GOOS: "linux", ID: "fedora"}, "sudo dnf install chromium"},
		{"rocky, like rhel", System{GOOS: "linux", ID: "rocky", Like: []string{"rhel", "centos", "fedora"}}, "sudo dnf install chromium"},
		{"arch", System{GOOS: "linux", ID: "arch"}, "sudo pacman -S chromium"},
		{"tumbleweed", System{GOOS: "linux", ID: "opensuse-tumbleweed", Like: []string{"opensuse", "suse"}}, "sudo zypper install chromium"},
		{"alpine", System{GOOS: "linux", ID: "alpine"}, "sudo apk add chromium"},
		{"unknown linux", System{GOOS: "linux", ID: "nixos"}, "install the package chromium with your system's package manager"},
		{"no os-release", System{GOOS: "linux"}, "install the package chromium with your system's package manager"},
		{"windows", System{GOOS: "windows"}, "install Chrome"},
		{"macos", System{GOOS: "darwin"}, "install Chrome from google.com/chrome"},
		{"freebsd", System{GOOS: "freebsd"}, "install the package chromium with your system's package manager"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Hint(chromium); got != tt.want {
				t.Errorf("Hint = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestHere: the system this runs on is named by its GOOS, and where a Linux has an
// os-release file its distribution is read from it.
func TestHere(t *testing.T) {
	s := Here()
	if s.GOOS != runtime.GOOS {
		t.Errorf("Here: GOOS %q, want %q", s.GOOS, runtime.GOOS)
	}
	if _, err := os.Stat("/etc/os-release"); err == nil && s.GOOS == "linux" && s.ID == "" {
		t.Errorf("Here read no ID from /etc/os-release: %+v", s)
	}
}
