package callgrind

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The hint to install Valgrind names this system's own way, and on Windows and macOS
// says Valgrind does not run there: never apt-get where there is no apt-get.
func TestInstallHint(t *testing.T) {
	tests := []struct {
		goos, goarch, release string
		want                  []string
		not                   string
	}{
		{"linux", "amd64", "ubuntu", []string{"on this Ubuntu, sudo apt-get install valgrind installs it", "tools/deps.sh"}, "dnf"},
		{"linux", "amd64", "debian", []string{"on this Debian GNU/Linux, sudo apt-get install valgrind installs it"}, "dnf"},
		{"linux", "amd64", "fedora", []string{"on this Fedora Linux, sudo dnf install valgrind installs it"}, "apt-get"},
		{"linux", "arm64", "rocky", []string{"on this Rocky Linux, sudo dnf install valgrind installs it"}, "apt-get"},
		{"linux", "amd64", "arch", []string{"on this Arch Linux, sudo pacman -S valgrind installs it"}, "apt-get"},
		{"linux", "amd64", "manjaro", []string{"on this Manjaro Linux, sudo pacman -S valgrind installs it"}, "apt-get"},
		{"linux", "amd64", "tumbleweed", []string{"on this openSUSE Tumbleweed, sudo zypper install valgrind installs it"}, "apt-get"},
		{"linux", "amd64", "nixos", []string{"your distribution's package manager"}, "apt-get"},
		{"linux", "amd64", "", []string{"your distribution's package manager"}, "apt-get"},
		{"windows", "amd64", "", []string{"does not run on Windows", "WSL2"}, "apt-get"},
		{"darwin", "arm64", "", []string{"does not run on macOS on Apple Silicon", "Linux virtual machine"}, "apt-get"},
		{"darwin", "amd64", "", []string{"does not run on current macOS"}, "apt-get"},
		{"freebsd", "amd64", "", []string{"on Linux only"}, "apt-get"},
	}
	for _, tt := range tests {
		t.Run(tt.goos+"/"+tt.release, func(t *testing.T) {
			var release []byte
			if tt.release != "" {
				var err error
				if release, err = os.ReadFile(filepath.Join("testdata", "os-release", tt.release)); err != nil {
					t.Fatal(err)
				}
			}
			got := installHint(tt.goos, tt.goarch, release)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			if strings.Contains(got, tt.not) {
				t.Errorf("%q says %q", got, tt.not)
			}
			if (unsupported(tt.goos, tt.goarch) == "") != (tt.goos == "linux") {
				t.Errorf("unsupported(%s) = %q", tt.goos, unsupported(tt.goos, tt.goarch))
			}
		})
	}
}
