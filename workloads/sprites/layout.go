package sprites

import (
	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
)

// What the stores' layouts (workload.LayoutReporter, each in its store's file) share.
// A frame of the flat stores visits every sprite in the structure's own order; rowvec
// and spatialhash visit only the tiles or cells around the view, and their walks visit
// what the last cull visited, so that a layout reads no memory the frame left alone.

// viewBox is the view as a spatial hash's query box.
func viewBox(r rect) spatialhash.Box {
	return spatialhash.Box{X: r.X0, Y: r.Y0, W: r.X1 - r.X0, H: r.Y1 - r.Y0}
}

// viewRect is the view as a layout's rectangle.
func viewRect(r rect) memlayout.Rect {
	return memlayout.Rect{X0: int64(r.X0), Y0: int64(r.Y0), X1: int64(r.X1), Y1: int64(r.Y1)}
}
