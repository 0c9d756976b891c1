package soa

import (
	"slices"
	"testing"
)

// table3 is a table with three columns of different types, filled so that row i holds
// i, "s<i>" and i*10, for tests that follow rows as they move.
type table3 struct {
	t   *Table
	id  *Column[int32]
	tag *Column[string]
	big *Column[[3]int64]
}

func newTable3(rows int) *table3 {
	t := NewTable(2)
	x := &table3{t: t, id: AddColumn[int32](t), tag: AddColumn[string](t), big: AddColumn[[3]int64](t)}
	for range rows {
		r := t.Append()
		x.set(r, int32(r))
	}
	return x
}

func (x *table3) set(r int, v int32) {
	x.id.Data[r], x.tag.Data[r], x.big.Data[r] = v, "s"+string(rune('a'+v)), [3]int64{int64(v) * 10}
}

// ids returns the id column, after checking that every column says the same of each
// row and that the table and the columns agree on the length.
func (x *table3) ids(t *testing.T) []int32 {
	t.Helper()
	n := x.t.Len()
	if len(x.id.Data) != n || len(x.tag.Data) != n || len(x.big.Data) != n {
		t.Fatalf("Len() = %d, columns hold %d, %d, %d rows", n, len(x.id.Data), len(x.tag.Data), len(x.big.Data))
	}
	for r, v := range x.id.Data {
		if x.tag.Data[r] != "s"+string(rune('a'+v)) || x.big.Data[r][0] != int64(v)*10 {
			t.Fatalf("row %d: columns out of step: %d, %q, %v", r, v, x.tag.Data[r], x.big.Data[r])
		}
	}
	return x.id.Data
}

func TestSwapRemove(t *testing.T) {
	tests := []struct {
		name   string
		rows   int
		remove []int
		moved  []int   // what each SwapRemove returns
		want   []int32 // ids left, in row order
	}{
		{"first", 4, []int{0}, []int{3}, []int32{3, 1, 2}},
		{"middle", 4, []int{1}, []int{3}, []int32{0, 3, 2}},
		{"last", 4, []int{3}, []int{-1}, []int32{0, 1, 2}},
		{"only", 1, []int{0}, []int{-1}, []int32{}},
		{"all from the front", 3, []int{0, 0, 0}, []int{2, 1, -1}, []int32{}},
		{"descending", 6, []int{4, 2, 0}, []int{5, 4, 3}, []int32{3, 1, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			one := newTable3(tc.rows)
			var moved []int
			for _, i := range tc.remove {
				moved = append(moved, one.t.SwapRemove(i))
			}
			batch := newTable3(tc.rows)
			batchMoved := batch.t.SwapRemoveRows(tc.remove, nil)
			for _, got := range []struct {
				how   string
				x     *table3
				moved []int
			}{{"SwapRemove", one, moved}, {"SwapRemoveRows", batch, batchMoved}} {
				if ids := got.x.ids(t); !slices.Equal(ids, tc.want) || !slices.Equal(got.moved, tc.moved) {
					t.Errorf("%s: rows %v, moved %v; want %v, %v", got.how, ids, got.moved, tc.want, tc.moved)
				}
				if n := got.x.t.Len(); tc.rows > n && got.x.tag.Data[:n+1][n] != "" {
					t.Errorf("%s: the vacated string still holds %q", got.how, got.x.tag.Data[:n+1][n])
				}
			}
		})
	}
}

func TestAppend(t *testing.T) {
	x := newTable3(0)
	for want := range 5 {
		if got := x.t.Append(); got != want {
			t.Fatalf("Append() = %d, want %d", got, want)
		}
		x.set(want, int32(want))
	}
	if first := x.t.AppendRows(3); first != 5 || x.t.Len() != 8 {
		t.Fatalf("AppendRows(3) = %d, Len() = %d; want 5, 8", first, x.t.Len())
	}
	if first := x.t.AppendRows(0); first != 8 || x.t.Len() != 8 {
		t.Fatalf("AppendRows(0) = %d, Len() = %d; want 8, 8", first, x.t.Len())
	}
	for r := 5; r < 8; r++ {
		if x.id.Data[r] != 0 || x.tag.Data[r] != "" || x.big.Data[r] != [3]int64{} {
			t.Fatalf("appended row %d is not zero: %d %q %v", r, x.id.Data[r], x.tag.Data[r], x.big.Data[r])
		}
		x.set(r, int32(r))
	}
	if ids := x.ids(t); !slices.Equal(ids, []int32{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("ids %v", ids)
	}
}

// TestAddColumnLate: a column added to a table with rows starts with that many zeros
// and then stays in step.
func TestAddColumnLate(t *testing.T) {
	x := newTable3(3)
	late := AddColumn[float64](x.t)
	if !slices.Equal(late.Data, []float64{0, 0, 0}) {
		t.Fatalf("late column %v, want three zeros", late.Data)
	}
	late.Data[0] = 1.5
	x.t.SwapRemove(0)
	x.set(x.t.Append(), 9)
	if !slices.Equal(late.Data, []float64{0, 0, 0}) || len(x.ids(t)) != 3 {
		t.Fatalf("late column %v after a remove and an append", late.Data)
	}
}

func TestPanics(t *testing.T) {
	tests := []struct {
		name string
		f    func(x *table3)
	}{
		{"negative capacity", func(*table3) { NewTable(-1) }},
		{"remove past the end", func(x *table3) { x.t.SwapRemove(3) }},
		{"remove negative", func(x *table3) { x.t.SwapRemove(-1) }},
		{"batch past the shrinking end", func(x *table3) { x.t.SwapRemoveRows([]int{0, 2}, nil) }},
		{"append negative", func(x *table3) { x.t.AppendRows(-1) }},
		{"resliced column", func(x *table3) { x.tag.Data = x.tag.Data[:1]; x.t.Append() }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := newTable3(3)
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
				if tc.name == "batch past the shrinking end" && x.t.Len() != 3 {
					t.Fatalf("a refused batch removed rows: Len() = %d", x.t.Len())
				}
			}()
			tc.f(x)
		})
	}
}
