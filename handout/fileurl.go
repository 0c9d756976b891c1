package handout

import (
	"net/url"
	"path/filepath"
	"strings"
)

// fileURL is the file: URL of the absolute path abs, which a browser opens:
//   - file:///home/me/x.html;
//   - file:///C:/Users/me/x.html (a drive letter takes a slash before it);
//   - file://host/share/x.html (a Windows share names its host).
//
// windows says that '\' separates abs's elements, as it does on Windows. url.URL
// escapes what a URL must (a space, '#', '%').
func fileURL(abs string, windows bool) string {
	p := abs
	if windows {
		p = strings.ReplaceAll(p, `\`, "/")
	}
	if windows && strings.HasPrefix(p, "//") { // \\host\share\x.html
		host, rest, _ := strings.Cut(p[2:], "/")
		return (&url.URL{Scheme: "file", Host: host, Path: "/" + rest}).String()
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/Users/me/x.html
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// fileURLHere is fileURL of abs on this system.
func fileURLHere(abs string) string { return fileURL(abs, filepath.Separator == '\\') }
