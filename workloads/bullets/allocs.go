package bullets

import "fmt"

// The allocs parameter: what a spawn asks of the heap beyond the bullet's own record,
// the same for every backing, since the driver does it (fire and died) and a store
// never sees it. Source 002 reports a tenfold frame rate from removing a few hundred
// allocations per frame; these modes let a lesson compare a frame that allocates a
// small object per spawn with one that reuses the same objects.
const (
	allocsNone  = 0 // a bullet is only its record: the default, and what the other lessons measure
	allocsReuse = 1 // each bullet owns a trail taken from a free list of the dead ones' trails
	allocsFresh = 2 // each spawn allocates a new trail; a dead bullet's is left to the collector
)

// trail is the small heap object a bullet owns under allocs: what a game might hang
// off a bullet for its effects. It holds a pointer (the free list's link) so that the
// collector must scan it, as it would most game objects.
type trail struct {
	next        *trail // the next spare trail, while on the free list
	id          uint64 // the bullet that owns it
	born, first int32  // its owner's spawn frame, and its emitter (or -1 for a bullet Load placed)
}

// trails keeps every live bullet's trail, by bullet id, until the bullet dies. Live
// ids all lie within a window shorter than the table (ringTrails), so id modulo the
// table's length is a slot of its own; a clash is a broken invariant.
type trails struct {
	mode  int
	ring  []*trail
	spare *trail // free list of dead bullets' trails (allocsReuse)
	live  int    // trails owned by live bullets, for tests
}

// ringTrails is how many slots the table needs: more than the ids that can be live at
// once. Those are the bullets Load placed, alive only in the first lifetime frames,
// and those spawned in the last lifetime frames, at most spawnCap a frame.
func ringTrails(c *config) int64 {
	return int64(c.prewarm) + int64(c.lifetime)*int64(c.spawnCap) + 1
}

// init sizes the table and gives each of the bullets Load places its trail.
func (t *trails) init(c *config) {
	t.mode = c.allocs
	if t.mode == allocsNone {
		return
	}
	t.ring = make([]*trail, ringTrails(c))
	for id := range c.prewarm {
		t.attach(uint64(id), 0, -1)
	}
}

// attach gives bullet id its trail: a new one, or under allocsReuse a spare one when
// there is one.
func (t *trails) attach(id uint64, born, emitter int32) {
	tr := t.spare
	if t.mode == allocsReuse && tr != nil {
		t.spare, tr.next = tr.next, nil
	} else {
		tr = new(trail)
	}
	tr.id, tr.born, tr.first = id, born, emitter
	k := id % uint64(len(t.ring))
	if t.ring[k] != nil {
		panic(fmt.Sprintf("bullets: trail of bullet %d clashes with bullet %d's", id, t.ring[k].id))
	}
	t.ring[k] = tr
	t.live++
}

// detach takes bullet id's trail away as the bullet dies: onto the free list, or, when
// each spawn allocates, out of reach, to the collector.
func (t *trails) detach(id uint64) {
	k := id % uint64(len(t.ring))
	tr := t.ring[k]
	if tr == nil || tr.id != id {
		panic(fmt.Sprintf("bullets: bullet %d died without its trail", id))
	}
	t.ring[k] = nil
	t.live--
	if t.mode == allocsReuse {
		tr.next, t.spare = t.spare, tr
	}
}
