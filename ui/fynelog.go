//go:build !nogui

package ui

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// Fyne reports its errors on the standard logger, three lines each ("Fyne error:
// reason", "  Cause: …", "  At: file:line"). Two of them are not errors a person can
// act on, and at every file dialog or many starts they make the app look broken:
//
//   - "Getting favorite locations" with the cause "this computer does not define a
//     VIDEOS folder": the file dialog asks xdg-user-dir for each of its favourite
//     folders, and a desktop without one (most servers and containers) gets this at
//     every dialog; the dialog simply does not offer that folder.
//   - "Preferences load error:" with the cause EOF: Fyne rewrites its preferences
//     file in place (truncate, then write), so a start that reads it at that moment,
//     or after an app was killed in between, finds it empty. The start goes on with
//     no remembered setup (the default lesson), which the window shows; the file is
//     written whole again when the app next saves its preferences.
//
// quietLog drops those two, and passes every other line through unchanged.
type quietLog struct {
	mu   sync.Mutex
	out  io.Writer
	held []byte // a header whose cause decides whether it is shown
	drop bool   // the lines of a dropped message follow
}

// quietFyneErrors are the reasons and causes of the messages dropped.
var quietFyneErrors = []struct{ reason, cause string }{
	{"Getting favorite locations", "does not define a"},
	{"Preferences load error:", "Cause: EOF"},
}

func newQuietLog(out io.Writer) *quietLog { return &quietLog{out: out} }

// Write takes one line of the logger (it writes a line per call).
func (q *quietLog) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	line := string(p)
	switch {
	case q.held != nil && strings.Contains(line, "  Cause:"):
		held := q.held
		q.held = nil
		for _, e := range quietFyneErrors {
			if strings.Contains(string(held), e.reason) && strings.Contains(line, e.cause) {
				q.drop = true
				return len(p), nil
			}
		}
		q.out.Write(held)
	case q.drop && strings.Contains(line, "  At:"):
		q.drop = false
		return len(p), nil
	}
	q.drop = false
	if q.held != nil {
		q.out.Write(q.held)
		q.held = nil
	}
	if strings.Contains(line, "Fyne error:") {
		for _, e := range quietFyneErrors {
			if strings.Contains(line, e.reason) {
				q.held = bytes.Clone(p)
				return len(p), nil
			}
		}
	}
	return q.out.Write(p)
}
