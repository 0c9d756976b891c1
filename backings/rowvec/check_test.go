package rowvec

import "testing"

// checkGrid verifies every invariant of g: each tile's list is well linked both ways,
// each slot is on exactly one tile list or on the free list, free slots carry Freed,
// and the live counts match.
func checkGrid[T any](t *testing.T, g *Grid[T]) {
	t.Helper()
	for r := range g.Rows() {
		row := g.Row(r)
		if len(row.First) != g.Cols() {
			t.Fatalf("row %d: %d heads, want %d", r, len(row.First), g.Cols())
		}
		seen := make([]bool, len(row.Ents))
		live := 0
		for c, head := range row.First {
			prev := None
			for i := head; i != None; i = row.Ents[i].Next {
				if i < 0 || int(i) >= len(row.Ents) || seen[i] {
					t.Fatalf("tile (%d, %d): link to %d out of range or seen twice", c, r, i)
				}
				seen[i] = true
				if got := row.Ents[i].Prev; got != prev {
					t.Fatalf("tile (%d, %d): entry %d has Prev %d, want %d", c, r, i, got, prev)
				}
				prev = i
				live++
			}
		}
		free := 0
		for i := row.FirstFree; i != None; i = row.Ents[i].Next {
			if i < 0 || int(i) >= len(row.Ents) || seen[i] {
				t.Fatalf("row %d: free link to %d out of range or seen twice", r, i)
			}
			free++
			seen[i] = true
			if row.Ents[i].Prev != Freed {
				t.Fatalf("row %d: free slot %d has Prev %d, want Freed", r, i, row.Ents[i].Prev)
			}
		}
		for i, ok := range seen {
			if !ok {
				t.Fatalf("row %d: slot %d is on no list", r, i)
			}
		}
		if live != row.Len() {
			t.Fatalf("row %d: %d entities on tiles, Len says %d", r, live, row.Len())
		}
		if free != row.Free() {
			t.Fatalf("row %d: %d slots on the free list, Free says %d", r, free, row.Free())
		}
	}
}

// tileVals lists the values on tile (col, row) in list order.
func tileVals[T any](g *Grid[T], col, row int) []T {
	var vals []T
	for _, v := range g.Tile(col, row) {
		vals = append(vals, *v)
	}
	return vals
}
