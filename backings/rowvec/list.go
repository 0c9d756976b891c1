package rowvec

import "fmt"

// Insert puts v on the front of tile col's list, in a free slot of the row if there is
// one and at the end of Ents otherwise, and returns its index in Ents.
func (r *Row[T]) Insert(col int, v T) int32 {
	r.checkCol("Insert", col)
	idx := r.FirstFree
	if idx != None {
		r.FirstFree = r.Ents[idx].Next
	} else {
		if len(r.Ents) >= maxEnts {
			r.full()
		}
		idx = int32(len(r.Ents))
		r.Ents = append(r.Ents, Entry[T]{})
	}
	head := r.First[col]
	r.Ents[idx] = Entry[T]{Val: v, Next: head, Prev: None}
	if head != None {
		r.Ents[head].Prev = idx
	}
	r.First[col] = idx
	r.live++
	return idx
}

// maxEnts is the most slots one row can have: indexes are int32.
const maxEnts = 1<<31 - 1

// Remove unlinks the entity at idx from tile col's list, wherever it is in that list,
// and puts its slot on the row's free list. The value is zeroed so the row keeps no
// pointer alive through a free slot.
//
// Removing an index that is out of range or free panics, and so does removing a
// tile's first entity under another column. An entity in the middle of a list is
// unlinked through its neighbours alone, so a wrong column there does no harm and goes
// unnoticed: proving membership would cost the walk that Prev exists to avoid.
func (r *Row[T]) Remove(col int, idx int32) {
	r.checkCol("Remove", col)
	if !r.Live(idx) {
		panic(fmt.Sprintf("rowvec: Remove of index %d from tile (%d, %d), which holds no live entity there", idx, col, r.index))
	}
	e := &r.Ents[idx]
	if e.Prev == None {
		if r.First[col] != idx {
			panic(fmt.Sprintf("rowvec: Remove of index %d from tile (%d, %d), but it is the first entity of another tile", idx, col, r.index))
		}
		r.First[col] = e.Next
	} else {
		r.Ents[e.Prev].Next = e.Next
	}
	if e.Next != None {
		r.Ents[e.Next].Prev = e.Prev
	}
	*e = Entry[T]{Next: r.FirstFree, Prev: Freed}
	r.FirstFree = idx
	r.live--
}

// checkCol panics unless col is a column of the row. The panic is built in badCol, out
// of line, so that this check inlines into Insert and Remove: a call per entry was a
// tenth of a bulk load's time.
func (r *Row[T]) checkCol(op string, col int) {
	if uint(col) >= uint(len(r.First)) {
		r.badCol(op, col)
	}
}

//go:noinline
func (r *Row[T]) badCol(op string, col int) {
	panic(fmt.Sprintf("rowvec: %s at column %d of row %d, outside [0, %d)", op, col, r.index, len(r.First)))
}

// full panics: the row has as many slots as an int32 index can name.
//
//go:noinline
func (r *Row[T]) full() {
	panic(fmt.Sprintf("rowvec: Insert into row %d, which already holds %d entries, the most an int32 index reaches", r.index, len(r.Ents)))
}

// InsertSpan puts v on the len(idx) tiles from column col on, as many Insert calls
// would, and writes each entry's index in Ents to idx, tile by tile. A rectangle
// covers a run of columns in every row it spans, and one call per run, instead of an
// Insert call per entry (too large to inline), saved about a tenth of the tiles
// rowvec store's load of source 000's case.
func (r *Row[T]) InsertSpan(col int, v T, idx []int32) {
	if len(idx) == 0 {
		return
	}
	r.checkCol("InsertSpan", col)
	r.checkCol("InsertSpan", col+len(idx)-1)
	first := r.First[col : col+len(idx)]
	for j := range idx {
		i := r.FirstFree
		if i != None {
			r.FirstFree = r.Ents[i].Next
		} else {
			if len(r.Ents) >= maxEnts {
				r.full()
			}
			i = int32(len(r.Ents))
			r.Ents = append(r.Ents, Entry[T]{})
		}
		ents, head := r.Ents, first[j]
		ents[i] = Entry[T]{Val: v, Next: head, Prev: None}
		if head != None {
			ents[head].Prev = i
		}
		first[j], idx[j] = i, i
	}
	r.live += len(idx)
}
