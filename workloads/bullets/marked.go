package bullets

import "fmt"

// The despawn and dead_pct parameters. By default ptrarray, slotmap and soa remove a
// dead bullet by swap-and-pop: the last one moves into its place, so the array holds
// live bullets only and the move pass needs no test but the loop's (source 002; source
// 003's packed particles). Under despawn = mark they leave a hole instead: the bullet
// is flagged dead where it lies and its slot goes on a free list that the next spawn
// takes from, as source 001's SliceMap does, and the move pass must look at every
// slot and skip the holes. dead_pct sets how many holes the array keeps.
const (
	despawnSwap = 0
	despawnMark = 1
	maxDeadPct  = 90 // at most ten slots per live bullet
)

// holeBorn marks a hole in soa's born column: no bullet is born that early.
const holeBorn int32 = -1 << 31

// loadPlan spreads the bullets Load places over an array with dead_pct of its slots
// as holes, evenly: slots[i] is bullet i's slot, free the holes, in the order a free
// list pushes them. Holes are added at the end until the array has room for entities
// live bullets at that share; those are pushed last, so the first spawns (which raise
// the population from what Load places to entities) fill them first and the holes
// spread among the bullets stay.
func loadPlan(c *config) (slots, free []int32, total int) {
	pct := c.deadPct
	slots = make([]int32, 0, c.prewarm)
	for s := 0; len(slots) < c.prewarm; s++ {
		if s*pct/100 != (s+1)*pct/100 {
			free = append(free, int32(s))
		} else {
			slots = append(slots, int32(s))
		}
	}
	total = len(slots) + len(free)
	for want := (c.n*100 + 99 - pct) / (100 - pct); total < want; total++ {
		free = append(free, int32(total))
	}
	return slots, free, total
}

// freeList is the holes of a marked array, the last freed reused first.
type freeList []int32

func (f *freeList) push(i int32) { *f = append(*f, i) }

// plan lays out the bullets Load places by loadPlan: it returns their slots and the
// array's length, and puts the holes on f, with room for every slot.
func (f *freeList) plan(c *config) (slots []int32, total int) {
	slots, free, total := loadPlan(c)
	*f = make(freeList, 0, total)
	*f = append(*f, free...)
	return slots, total
}

// pop takes a hole, or returns false when there is none.
func (f *freeList) pop() (int32, bool) {
	n := len(*f)
	if n == 0 {
		return 0, false
	}
	i := (*f)[n-1]
	*f = (*f)[:n-1]
	return i, true
}

// marked is the slot map's dense array turned into source 001's SliceMap: bullets by
// value in slots that never move, each with its version (bullet.gen) inside it, so a
// handle is the slot and the version, with no slot table in between. A despawn bumps
// the version to even (a hole) and frees the slot; a spawn takes a hole, or appends.
type marked struct {
	vals []bullet
	free freeList
	live int // not len(vals)-len(free): a slot whose version wrapped is neither
}

// newMarked lays out the bullets Load places by loadPlan, at(i) giving bullet i.
func newMarked(c *config, at func(i int) bullet) *marked {
	m := &marked{}
	slots, total := m.free.plan(c)
	m.vals = make([]bullet, total, total+c.spawnCap)
	m.live = len(slots)
	for i, s := range slots {
		b := at(i)
		b.gen = 1
		m.vals[s] = b
	}
	return m
}

// insert puts b in a hole (or a new slot) and returns its handle.
func (m *marked) insert(b bullet) handle {
	i, ok := m.free.pop()
	if !ok {
		i = int32(len(m.vals))
		m.vals = append(m.vals, bullet{})
	}
	b.gen = m.vals[i].gen + 1 // even (hole) to odd (live)
	m.vals[i] = b
	m.live++
	return handle{slot: i, gen: b.gen}
}

// remove marks slot i's bullet dead. A slot whose version wraps to 0 is retired,
// never reused, so that no handle is issued twice.
func (m *marked) remove(i int) {
	b := &m.vals[i]
	if b.gen&1 == 0 {
		panic(fmt.Sprintf("bullets: despawn of slot %d, a hole", i))
	}
	if b.gen++; b.gen != 0 {
		m.free.push(int32(i))
	}
	m.live--
}

// get returns h's bullet, or false when h is stale.
func (m *marked) get(h handle) (*bullet, bool) {
	b := &m.vals[h.slot]
	return b, b.gen == h.gen && h.gen&1 == 1
}
