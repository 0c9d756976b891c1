// Package layouttest makes layouts for tests: one of every view kind, filled through
// the package's own builders with figures chosen to be easy to check by eye, so that
// the golden images of the charts and of the window show every kind drawn.
package layouttest

import (
	"localitylab/memlayout"
)

// Kinds lists every view kind, in the order Every shows them.
var Kinds = []memlayout.Kind{memlayout.Scatter, memlayout.Histogram, memlayout.Strip, memlayout.Bars,
	memlayout.Rows, memlayout.Heatmap, memlayout.Columns, memlayout.Text}

// Scattered is a pointer array's walk: 4,000 objects 24 bytes in size at addresses
// spread over 8 MiB by a fixed scramble, the way ptrarray.Scatter leaves them.
func Scattered(l *memlayout.Layout) {
	w := l.Walk()
	for i := range 4000 {
		h := uint64(i+1) * 0x9E3779B97F4A7C15
		h ^= h >> 29
		w.Add(uintptr(0x10000 + (h%131071)*64))
	}
	w.Finish("Where the objects live: address against index", "index order")
}

// Packed is a column's walk: 4,000 int32 in a row.
func Packed(l *memlayout.Layout) {
	w := l.Walk()
	w.Run(0x20000, 4000, 4)
	w.Finish("Where the rows live: address against index", "index order")
}

// Of returns a layout holding the one view of kind k (two for Scatter, whose walk also
// makes the gap histogram; Histogram alone is one of entries per cell), with the three
// facts every layout has.
func Of(k memlayout.Kind) *memlayout.Layout {
	l := &memlayout.Layout{}
	l.Reset("sprites", "slotmap", 42)
	l.Fact(memlayout.FactEntities, 4000, "entities", "")
	l.Fact(memlayout.FactBytesPerEntity, 36, "bytes", "value 24, slot 8, back-index 4")
	add(l, k)
	if _, ok := l.Lookup(memlayout.FactMedianGap); !ok {
		l.Unknown(memlayout.FactMedianGap, "bytes", "this test layout has no walk")
	}
	return l
}

// Every returns a layout with a view of every kind.
func Every() *memlayout.Layout {
	l := &memlayout.Layout{}
	l.Reset("bullets", "slotmap", 120)
	l.LoadHeap = 44.5
	l.Fact(memlayout.FactEntities, 4000, "entities", "")
	l.Fact(memlayout.FactBytesPerEntity, 44, "bytes", "value 32, slot 8, back-index 4")
	l.Fact("free_list_length", 96, "slots", "")
	for _, k := range []memlayout.Kind{memlayout.Scatter, memlayout.Strip, memlayout.Bars, memlayout.Heatmap} {
		add(l, k)
	}
	return l
}

func add(l *memlayout.Layout, k memlayout.Kind) {
	switch k {
	case memlayout.Scatter:
		Scattered(l)
	case memlayout.Histogram:
		v := l.View(memlayout.Histogram, "Entries per cell")
		v.StartCounts("entries")
		for n, cells := range []int64{120, 300, 800, 1500, 900, 400, 90, 12, 1} {
			v.Count(int64(n*n), cells)
		}
		v.Note = "all 4,123 cells"
	case memlayout.Strip:
		v := l.View(memlayout.Strip, "Slot table: live and free slots by generation")
		v.SlotTable(5000, func(i int) (uint32, bool) {
			gen := uint32(1 + 2*(i/1000)) // reused more towards the end of the table
			if i%13 == 0 || i > 4500 {
				return gen + 1, false
			}
			return gen, true
		})
	case memlayout.Bars:
		v := l.View(memlayout.Bars, "Fill")
		v.Bar("dense values", 4000, 5000, "entities")
		v.Bar("free list", 96, 5000, "slots")
		v.Bar("retired slots", 0, 0, "slots")
	case memlayout.Rows:
		v := l.View(memlayout.Rows, "Row vectors: length, capacity, free slots")
		v.RowTable(64, func(r int) (int64, int64, int64) {
			n := int64(40 + (r*37)%60)
			return n, n + int64(r%9)*4, int64(r % 5)
		})
	case memlayout.Heatmap:
		v := l.View(memlayout.Heatmap, "Cell fill over the world")
		v.StartHeat(100, 80, memlayout.Rect{X1: 1000, Y1: 800}, "entries per cell")
		for y := range 80 {
			for x := range 100 {
				v.HeatAdd(x, y, int64((x*y)%17+(x/10)))
			}
		}
		v.Heat.Mark = memlayout.Rect{X0: 200, Y0: 300, X1: 392, Y1: 408}
	case memlayout.Columns:
		v := l.View(memlayout.Columns, "Columns")
		for i, name := range []string{"x", "y", "w", "h", "depth", "id"} {
			hot := i < 4
			read := int64(4000)
			if !hot {
				read = 31
			}
			v.Column(name, 4, 16384, 4000, read, hot)
		}
	case memlayout.Text:
		v := l.View(memlayout.Text, "What Go shows of a map")
		v.Line("Visible: 4,000 entries; a key of 4 bytes and a value of 24 bytes, as declared.")
		v.Line("Not visible: where a value sits, the table's size, its groups and probe lengths.")
	}
}
