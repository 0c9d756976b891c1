package cli

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// A saved run, a sweep or a preset file may hold any text (a title, a backing's error,
// a lesson), and a terminal obeys the control characters in what it is sent. An
// escape sequence in a run's title could recolour, clear or retitle the terminal of
// whoever reports it, or hide lines. So what the commands print as text goes through
// termText. It shows every such character as a visible escape (\x1b) and leaves the
// rest as it is. Files written to standard output ("-json -") go out raw:
// they are data, and their formats escape what they must.

// termText is a writer that neutralises control characters on their way to w.
type termText struct {
	w       io.Writer
	pending []byte // the start of a character split between two writes
}

// newTermText wraps w, unless it already is a termText.
func newTermText(w io.Writer) io.Writer {
	if _, ok := w.(*termText); ok {
		return w
	}
	return &termText{w: w}
}

// raw returns the writer under a termText, for data written to standard output.
func raw(w io.Writer) io.Writer {
	if t, ok := w.(*termText); ok {
		return t.w
	}
	return w
}

func (t *termText) Write(p []byte) (int, error) {
	n := len(p)
	buf := append(t.pending, p...)
	t.pending = nil
	cut := len(buf)
	for cut > 0 && len(buf)-cut < utf8.UTFMax && !utf8.RuneStart(buf[cut-1]) {
		cut--
	}
	if cut > 0 && !utf8.FullRune(buf[cut-1:]) {
		t.pending = append([]byte(nil), buf[cut-1:]...)
		buf = buf[:cut-1]
	}
	if _, err := io.WriteString(t.w, termSafe(string(buf))); err != nil {
		return 0, err
	}
	return n, nil
}

// termSafe returns s with every character a terminal would obey rather than show
// written as a Go escape. Those are the C0 controls but newline and tab, DEL, the C1
// controls (an 8-bit CSI among them), the bidirectional overrides that reorder what
// is read, and bytes that are no UTF-8.
func termSafe(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || unsafeRune(r) {
			return true
		}
		i += size
	}
	return false
}

func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}
