//go:build !nogui

package labmain

import (
	_ "localitylab/internal/locale" // before Fyne's init reads the locale (see the package)
	"localitylab/ui"
)

// window is the app the command line opens: Fyne's window.
var window = ui.Main
