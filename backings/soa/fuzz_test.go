package soa

import (
	"slices"
	"testing"
)

// row is the fuzz model's copy of one row: a plain slice of these is the reference.
type row struct {
	id  int32
	tag string
	pad [3]int64
}

// FuzzOps decodes the input into operations on a three-column table, two bytes each
// (operation, argument): append one row, append a batch, write a row, swap-remove one
// row, or swap-remove a batch whose rows come from the following bytes. The model is a
// slice of rows; after every step each column must equal the model's field, row by row,
// and both removal forms must report the moves the model makes.
func FuzzOps(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 2, 1, 3, 0})
	f.Add([]byte{1, 9, 2, 3, 2, 8, 4, 3, 7, 2, 0, 3, 5})
	f.Add([]byte{1, 40, 4, 5, 39, 38, 10, 9, 0, 3, 0, 3, 0, 2, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		x := &table3{t: NewTable(0)}
		x.id, x.tag, x.big = AddColumn[int32](x.t), AddColumn[string](x.t), AddColumn[[3]int64](x.t)
		var model []row
		next := int32(0)
		for k := 0; k+1 < len(data) && k < 2*300; k += 2 {
			op, arg := data[k]%5, int(data[k+1])
			switch op {
			case 0:
				if r := x.t.Append(); r != len(model) {
					t.Fatalf("step %d: Append() = %d with %d rows", k, r, len(model))
				}
				model = append(model, row{})
			case 1:
				n := arg % 20
				if first := x.t.AppendRows(n); first != len(model) {
					t.Fatalf("step %d: AppendRows(%d) = %d with %d rows", k, n, first, len(model))
				}
				model = append(model, make([]row, n)...)
			case 2:
				if len(model) == 0 {
					continue
				}
				i := arg % len(model)
				next++
				r := row{id: next, tag: string(rune('a' + next%26)), pad: [3]int64{int64(next)}}
				x.id.Data[i], x.tag.Data[i], x.big.Data[i] = r.id, r.tag, r.pad
				model[i] = r
			case 3:
				if len(model) == 0 {
					continue
				}
				i := arg % len(model)
				var moved int
				moved, model = modelRemove(model, i)
				if got := x.t.SwapRemove(i); got != moved {
					t.Fatalf("step %d: SwapRemove(%d) moved %d, model %d", k, i, got, moved)
				}
			case 4:
				// The batch: up to arg%8 rows, from the bytes after this operation.
				var rows, want []int
				for j := 0; j < arg%8 && k+2+j < len(data) && len(model) > 0; j++ {
					i := int(data[k+2+j]) % len(model)
					var moved int
					moved, model = modelRemove(model, i)
					rows, want = append(rows, i), append(want, moved)
				}
				if got := x.t.SwapRemoveRows(rows, nil); !slices.Equal(got, want) {
					t.Fatalf("step %d: SwapRemoveRows(%v) moved %v, model %v", k, rows, got, want)
				}
			}
			check(t, x, model, k)
		}
	})
}

// modelRemove is swap-and-pop on the model.
func modelRemove(m []row, i int) (moved int, out []row) {
	last := len(m) - 1
	m[i] = m[last]
	if i == last {
		return -1, m[:last]
	}
	return last, m[:last]
}

// check fails the test unless every column equals the model.
func check(t *testing.T, x *table3, model []row, step int) {
	t.Helper()
	if x.t.Len() != len(model) || len(x.id.Data) != len(model) || len(x.tag.Data) != len(model) || len(x.big.Data) != len(model) {
		t.Fatalf("step %d: Len() = %d, columns %d, %d, %d, model %d", step, x.t.Len(), len(x.id.Data), len(x.tag.Data), len(x.big.Data), len(model))
	}
	for i, r := range model {
		if x.id.Data[i] != r.id || x.tag.Data[i] != r.tag || x.big.Data[i] != r.pad {
			t.Fatalf("step %d: row %d holds %d %q %v, model %+v", step, i, x.id.Data[i], x.tag.Data[i], x.big.Data[i], r)
		}
	}
}
