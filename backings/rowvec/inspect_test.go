package rowvec

import "testing"

func TestFreeAndBytes(t *testing.T) {
	g := New[int64](4, 2)
	var idx []int32
	for i := range 6 {
		idx = append(idx, g.Insert(i%4, 1, int64(i)))
	}
	g.Remove(1, 1, idx[1])
	g.Remove(2, 1, idx[2])
	row := g.Row(1)
	if row.Free() != 2 || row.Len() != 4 || g.Row(0).Free() != 0 {
		t.Fatalf("row 1: %d free, %d live; row 0: %d free; want 2, 4, 0", row.Free(), row.Len(), g.Row(0).Free())
	}
	g.Insert(3, 1, 9) // takes a free slot
	if row.Free() != 1 {
		t.Errorf("after an insert: %d free, want 1", row.Free())
	}
	checkGrid(t, g)
	if g.EntryBytes() != 16 {
		t.Errorf("an entry of int64 takes %d bytes, want 16", g.EntryBytes())
	}
	want := int64(4*2*4) + 2*int64(sizeofRow()) + int64(cap(g.Row(1).Ents))*16
	if g.Bytes() != want {
		t.Errorf("Bytes %d, want %d", g.Bytes(), want)
	}
}

// sizeofRow is a Row's header: two slice headers, the free-list head, the index and
// the live count, on a 64-bit machine.
func sizeofRow() int { return 24 + 24 + 8 + 8 + 8 }
