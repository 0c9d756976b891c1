//go:build !nogui

package ui

import (
	"errors"
	"log"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// TestQuietLog: Fyne's two messages that are no errors (the file dialog's missing
// xdg folder, an empty preferences file) are dropped with their Cause and At lines;
// the same reasons with another cause, and every other line, pass through.
func TestQuietLog(t *testing.T) {
	var b strings.Builder
	saved, flags := log.Writer(), log.Flags()
	t.Cleanup(func() { log.SetOutput(saved); log.SetFlags(flags) })
	log.SetOutput(newQuietLog(&b))
	log.SetFlags(log.LstdFlags)

	fyne.LogError("Getting favorite locations", errors.New("this computer does not define a VIDEOS folder"))
	fyne.LogError("Preferences load error:", errors.New("EOF"))
	log.Println("a line of our own")
	fyne.LogError("Preferences load error:", errors.New("permission denied"))
	fyne.LogError("Getting favorite locations", errors.New("no home"))
	fyne.LogError("Something else", errors.New("EOF"))

	got := b.String()
	if strings.Contains(got, "VIDEOS") {
		t.Errorf("the missing VIDEOS folder was not dropped:\n%s", got)
	}
	for _, want := range []string{"a line of our own", "Preferences load error:", "permission denied",
		"Getting favorite locations", "no home", "Something else", "Cause: EOF"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q is missing:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "  At: "); n != 3 {
		t.Errorf("%d At lines, want the 3 of the messages kept:\n%s", n, got)
	}
	if n := strings.Count(got, "Preferences load error:"); n != 1 {
		t.Errorf("%d preferences messages, want only the one with another cause:\n%s", n, got)
	}
}
