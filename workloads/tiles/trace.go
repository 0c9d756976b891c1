package tiles

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"localitylab/workloads/workload"
)

// StartTrace does nothing: what a frame folds (the ids on the window's tiles) stays
// in the store until the next frame's moves, so every store can be traced after its
// frame without recording anything.
func (w *world) StartTrace() {}

// trace appends the last frame's window as workload.Tracer asks: one line per tile
// that holds entities, in the order the frame visited them (the checksum's), with the
// ids on it in increasing order (the checksum adds them in an order-free way). each
// walks the store's own structure.
func (w *world) trace(dst []workload.Folded, each eachFunc) []workload.Folded {
	if w.frame == 0 {
		return dst
	}
	type entry struct{ tile, id int32 }
	var es []entry
	each(w.win, func(col, row int32, _ pos, id int32) {
		es = append(es, entry{w.tileIndex(col, row), id})
	})
	cols := w.cfg.cols
	visited := func(t int32) int64 { return int64(t) } // row-major: the tile index
	if w.cfg.byColumn {
		visited = func(t int32) int64 { return int64(t%cols)*int64(w.cfg.rows) + int64(t/cols) }
	}
	slices.SortFunc(es, func(a, b entry) int {
		return cmp.Or(cmp.Compare(visited(a.tile), visited(b.tile)), cmp.Compare(a.id, b.id))
	})
	for i := 0; i < len(es); {
		j := i
		var ids strings.Builder
		for ; j < len(es) && es[j].tile == es[i].tile; j++ {
			if j > i {
				ids.WriteString(", ")
			}
			ids.WriteString(strconv.Itoa(int(es[j].id)))
		}
		t := es[i].tile
		dst = append(dst, workload.Folded{What: fmt.Sprintf("tile (%d, %d)", t%cols, t/cols), Value: "entities " + ids.String()})
		i = j
	}
	return dst
}

func (s *ptrStore) Trace(dst []workload.Folded) []workload.Folded  { return s.trace(dst, s.each) }
func (s *mapStore) Trace(dst []workload.Folded) []workload.Folded  { return s.trace(dst, s.each) }
func (s *slotStore) Trace(dst []workload.Folded) []workload.Folded { return s.trace(dst, s.each) }
func (s *rowStore) Trace(dst []workload.Folded) []workload.Folded  { return s.trace(dst, s.each) }
func (s *soaStore) Trace(dst []workload.Folded) []workload.Folded  { return s.trace(dst, s.each) }
func (s *hashStore) Trace(dst []workload.Folded) []workload.Folded { return s.trace(dst, s.each) }
