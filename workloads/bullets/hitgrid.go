package bullets

import "fmt"

// hitGridMaxAxis bounds the hit grid to hitGridMaxCells list heads (4 MB) whatever
// the arena's size.
const (
	hitGridMaxAxis  = 1024
	hitGridMaxCells = hitGridMaxAxis * hitGridMaxAxis
)

// hitGrid is the broad phase of the flat backings' hit test, rebuilt by the driver once
// per frame after the targets drift. The arena is cut into square cells of a power of
// two sub-units, at least as wide as the span of bullet corners that can overlap a
// target, and each cell lists, in ascending order, the targets a bullet whose corner
// lies in it might overlap. A bullet then reads one list head, nearly always empty, in
// place of testing every target: a game with this many bullets would not test each
// against every target either, and without it the flat backings' frames would be
// mostly the same targets × bullets box tests, hiding what their layouts cost.
//
// The spatial backings (rowvec, spatialhash) do not use it: they find hits by asking
// their own structure for the bullets near each target.
type hitGrid struct {
	shift uint  // a corner's cell along an axis is coordinate >> shift
	axis  int32 // cells along each axis
	head  []int32
	links []hitLink
	used  []int32 // cells whose list the last rebuild filled
}

// hitLink is one entry of a cell's list.
type hitLink struct{ target, next int32 }

// init sizes the grid for the arena, the bullets and the targets of c.
func (g *hitGrid) init(c *config) {
	g.shift, g.axis = hitGridShape(c)
	g.head = make([]int32, int(g.axis)*int(g.axis))
	for i := range g.head {
		g.head[i] = -1
	}
	// A target's corners span at most two cells per axis, since a cell is at least as
	// wide as that span: four links per target at most.
	g.links = make([]hitLink, 0, 4*c.targets)
	g.used = make([]int32, 0, 4*c.targets)
}

// hitGridShape is the grid's cell size (a shift) and its cells along each axis for
// the arena, the bullets and the targets of c.
func hitGridShape(c *config) (shift uint, axis int32) {
	reach := int64(c.targetSize) + int64(c.bulletSize) - 1 // corners that overlap a target, per axis
	for int64(1)<<shift < reach || int64(c.side-1)>>shift >= hitGridMaxAxis {
		shift++
	}
	return shift, (c.side-1)>>shift + 1
}

// rebuild lists every target of w in the cells its hitting corners overlap. Targets
// are added from the last to the first, each pushed on the front of its cells' lists,
// so every list ends up in ascending order and the first target found that a bullet
// overlaps is the lowest-numbered one: the rule every backing applies when a bullet
// overlaps several.
func (g *hitGrid) rebuild(w *world) {
	for _, c := range g.used {
		g.head[c] = -1
	}
	g.used, g.links = g.used[:0], g.links[:0]
	side, bs, ts := w.cfg.side, w.cfg.bulletSize, w.cfg.targetSize
	for t := len(w.targets) - 1; t >= 0; t-- {
		tg := &w.targets[t]
		x0, x1 := max(tg.X-bs+1, 0)>>g.shift, min(tg.X+ts-1, side-1)>>g.shift
		y0, y1 := max(tg.Y-bs+1, 0)>>g.shift, min(tg.Y+ts-1, side-1)>>g.shift
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				c := cy*g.axis + cx
				if g.head[c] < 0 {
					g.used = append(g.used, c)
				}
				g.links = append(g.links, hitLink{target: int32(t), next: g.head[c]})
				g.head[c] = int32(len(g.links) - 1)
			}
		}
	}
	if len(g.links) > 4*len(w.targets) {
		panic(fmt.Sprintf("bullets: %d targets took %d hit grid links, more than 4 each", len(w.targets), len(g.links)))
	}
}

// first is the first link of the cell of corner (x, y), which lies in the arena, or -1.
func (g *hitGrid) first(x, y int32) int32 {
	return g.head[(y>>g.shift)*g.axis+x>>g.shift]
}

// hitFrom walks a cell's list from link l and returns the first target the bullet with
// corner (x, y) overlaps, or fateAlive.
func (w *world) hitFrom(l int32, x, y int32) int32 {
	links := w.grid.links
	for ; l >= 0; l = links[l].next {
		if t := links[l].target; w.overlaps(t, x, y) {
			return t
		}
	}
	return fateAlive
}
