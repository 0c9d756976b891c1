package rowvec

import "iter"

// Tile yields the index and value of every entity on tile (col, row), most recently
// inserted first. The loop body may remove the entity it was given (the next link is
// read before yielding) but no other entity of the tile.
func (g *Grid[T]) Tile(col, row int) iter.Seq2[int32, *T] {
	r := &g.rows[row]
	r.checkCol("Tile", col)
	return func(yield func(int32, *T) bool) {
		for i := r.First[col]; i != None; {
			next := r.Ents[i].Next
			if !yield(i, &r.Ents[i].Val) {
				return
			}
			i = next
		}
	}
}

// Entities yields the index and value of every live entity of row r in slot order,
// which is the row's memory order: the way to visit a whole row when the tile does
// not matter. The loop body may remove entities; an Insert during the loop may or may
// not be visited.
func (g *Grid[T]) Entities(row int) iter.Seq2[int32, *T] {
	r := &g.rows[row]
	return func(yield func(int32, *T) bool) {
		for i := 0; i < len(r.Ents); i++ {
			if r.Ents[i].Prev == Freed {
				continue
			}
			if !yield(int32(i), &r.Ents[i].Val) {
				return
			}
		}
	}
}
