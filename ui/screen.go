//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// The window's share of the screen: all of its width but a margin, and of its
// height but a margin and the title bar the window manager adds above it.
const (
	screenShareW = 0.96
	screenShareH = 0.92
)

// fallbackSize is the window's size where the screen cannot be asked: it fits a
// 1600×1000 screen with the desktop's bars and frame (the tests check that the
// content fits 1280×800).
var fallbackSize = fyne.NewSize(1560, 940)

// fitScreen sizes the shown window to the work area (the screen less the desktop's
// bars) of the primary screen, where a new window opens, and centres it there. Fyne
// has no call for a screen's size, so this asks GLFW, which Fyne's desktop driver
// opens windows through, once the window exists and GLFW is running: after Show and
// on the main goroutine, before the app runs. The size is never smaller than the
// content needs (Fyne enforces that) and never larger than the work area.
func fitScreen(win fyne.Window) {
	win.Resize(screenSize(win.Canvas().Scale()))
	win.CenterOnScreen()
}

// screenSize is the window size for the primary screen's work area, in Fyne's
// units at the canvas scale; fallbackSize when there is no screen to ask.
func screenSize(scale float32) fyne.Size {
	m := glfw.GetPrimaryMonitor()
	if m == nil || scale <= 0 {
		return fallbackSize
	}
	_, _, w, h := m.GetWorkarea()
	if w <= 0 || h <= 0 {
		return fallbackSize
	}
	return shareOf(float32(w)/scale, float32(h)/scale)
}

// shareOf is the window size for a work area of w×h units.
func shareOf(w, h float32) fyne.Size {
	return fyne.NewSize(w*screenShareW, h*screenShareH)
}
