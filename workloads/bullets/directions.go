package bullets

// dirs are the directions an emitter can fire in and a target can drift in: integer
// points on a circle of radius one unit (256 sub-units), in counter-clockwise order
// from (256, 0). They come from the midpoint circle algorithm, integers only, so the
// table, and every velocity made from it, is the same on every platform; a table built
// with math.Sin and rounding could differ in its last bit where the compiler fuses a
// multiply and an add.
var dirs = circle(unit)

// dir is one entry of dirs.
type dir struct{ X, Y int32 }

// circle returns the points of the midpoint circle of radius r in counter-clockwise
// order starting at (r, 0), each once.
func circle(r int32) []dir {
	// The first octant, from (r, 0) up to the diagonal: y grows by one per step and x
	// drops by one whenever the midpoint between the two candidate pixels lies
	// outside the circle.
	var oct []dir
	x, y, d := r, int32(0), 1-r
	for y <= x {
		oct = append(oct, dir{x, y})
		y++
		if d < 0 {
			d += 2*y + 1
		} else {
			x--
			d += 2*(y-x) + 1
		}
	}
	// The first quadrant: the octant, then its mirror across the diagonal walked back
	// towards (0, r), leaving out points on the diagonal (already there) and (0, r),
	// which starts the next quadrant.
	quad := append([]dir(nil), oct...)
	for i := len(oct) - 1; i > 0; i-- {
		if p := oct[i]; p.X != p.Y {
			quad = append(quad, dir{p.Y, p.X})
		}
	}
	// The other quadrants: each is the previous one turned by a quarter.
	out := make([]dir, 0, 4*len(quad))
	for range 4 {
		out = append(out, quad...)
		for i, p := range quad {
			quad[i] = dir{-p.Y, p.X}
		}
	}
	return out
}

// velocity is d scaled to speed sub-units per frame, rounded toward zero.
func velocity(d dir, speed int32) (vx, vy int32) {
	return int32(int64(d.X) * int64(speed) / unit), int32(int64(d.Y) * int64(speed) / unit)
}
