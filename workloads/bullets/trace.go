package bullets

import (
	"cmp"
	"fmt"
	"slices"

	"localitylab/workloads/workload"
)

// recorder keeps what a frame folds into its checksum while the store is traced
// (workload.Tracer): the bullets spawned, the handles each emitter resolved and the
// bullets that died. The driver fills it at the points where it folds, one nil check
// per event when nobody traces.
type recorder struct {
	spawns  []uint64
	handles []resolved
	stale   []int64 // stale handles of each emitter, in emitter order
	deaths  []death
}

// resolved is one handle that reached a live bullet.
type resolved struct {
	emitter int
	id      uint64
	x, y    int32
}

// death is one bullet despawned, with its fate (a target's index, or fateExited or
// fateExpired).
type death struct {
	id   uint64
	fate int32
}

func (r *recorder) reset() {
	r.spawns, r.handles, r.stale, r.deaths = r.spawns[:0], r.handles[:0], r.stale[:0], r.deaths[:0]
}

func (r *recorder) live(id uint64, x, y int32) {
	r.handles = append(r.handles, resolved{emitter: len(r.stale), id: id, x: x, y: y})
}

func (r *recorder) emitterDone(stale int64) { r.stale = append(r.stale, stale) }

// StartTrace makes the frames from the next on record what they fold.
func (w *world) StartTrace() {
	if w.rec == nil {
		w.rec = &recorder{}
	}
}

// Trace appends what the last traced frame folded, in the checksum's order: the
// bullets spawned, each emitter's handles that reached a live bullet and its count of
// stale ones, then the deaths, by bullet id (their order is the store's own, and the
// checksum adds them in an order-free way).
func (w *world) Trace(dst []workload.Folded) []workload.Folded {
	r := w.rec
	if r == nil {
		return dst
	}
	for i, id := range r.spawns {
		dst = append(dst, workload.Folded{What: fmt.Sprintf("spawn #%d", i), Value: fmt.Sprintf("bullet %d", id)})
	}
	h := 0
	for e, stale := range r.stale {
		for k := 0; h < len(r.handles) && r.handles[h].emitter == e; h, k = h+1, k+1 {
			x := r.handles[h]
			dst = append(dst, workload.Folded{What: fmt.Sprintf("emitter %d, live handle #%d", e, k),
				Value: fmt.Sprintf("bullet %d at (%d, %d)", x.id, x.x, x.y)})
		}
		dst = append(dst, workload.Folded{What: fmt.Sprintf("emitter %d, stale handles", e), Value: fmt.Sprint(stale)})
	}
	deaths := slices.SortedFunc(slices.Values(r.deaths), func(a, b death) int { return cmp.Compare(a.id, b.id) })
	for i, d := range deaths {
		dst = append(dst, workload.Folded{What: fmt.Sprintf("death #%d", i), Value: fmt.Sprintf("bullet %d %s", d.id, fateText(d.fate))})
	}
	return dst
}

// fateText says why a bullet died.
func fateText(k int32) string {
	switch {
	case k >= 0:
		return fmt.Sprintf("hit target %d", k)
	case k == fateExited:
		return "left the arena"
	case k == fateExpired:
		return "expired"
	}
	return fmt.Sprintf("fate %d", k)
}
