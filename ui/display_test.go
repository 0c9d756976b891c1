//go:build !nogui

package ui

import (
	"errors"
	"testing"
)

func TestCheckDisplay(t *testing.T) {
	tests := []struct {
		goos  string
		env   map[string]string
		noWin bool
	}{
		{"linux", nil, true},
		{"linux", map[string]string{"DISPLAY": ":0"}, false},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, false},
		{"freebsd", nil, true},
		{"darwin", nil, false},
		{"windows", nil, false},
	}
	for _, tt := range tests {
		err := checkDisplay(tt.goos, func(k string) string { return tt.env[k] })
		if got := errors.Is(err, errNoDisplay); got != tt.noWin {
			t.Errorf("checkDisplay(%s, %v) = %v, want no-display %v", tt.goos, tt.env, err, tt.noWin)
		}
	}
}
