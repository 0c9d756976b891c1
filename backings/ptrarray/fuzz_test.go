package ptrarray

import (
	"slices"
	"testing"
)

// FuzzOps decodes the input into operations on an Array, two bytes each (operation,
// argument), and applies them to a plain slice of the same pointers as the model:
// append one object, swap-remove, or append a batch made by Scatter. After every step
// the two must hold the same pointers in the same order, and the slot vacated by a
// removal must be cleared.
func FuzzOps(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 2, 0})
	f.Add([]byte{3, 9, 2, 4, 2, 0, 1, 0, 2, 200})
	f.Add([]byte{3, 15, 3, 1, 2, 3, 2, 3, 2, 3, 2, 3, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		var a Array[int]
		var model []*int
		next := 0
		for k := 0; k+1 < len(data) && k < 2*300; k += 2 {
			op, arg := data[k]%4, int(data[k+1])
			switch op {
			case 0, 1:
				p := new(int)
				*p = next
				next++
				a.Append(p)
				model = append(model, p)
			case 2:
				if len(model) == 0 {
					continue
				}
				i := arg % len(model)
				a.SwapRemove(i)
				model[i] = model[len(model)-1]
				model = model[:len(model)-1]
				if tail := a.Items[:len(model)+1][len(model)]; tail != nil {
					t.Fatalf("step %d: SwapRemove(%d) left the vacated slot pointing to %d", k, i, *tail)
				}
			case 3:
				n := arg % 16
				calls := make([]int, n)
				objs := Scatter(n, uint64(arg), func(i int, p *int) {
					calls[i]++
					*p = next + i
				})
				for i, p := range objs {
					if calls[i] != 1 || *p != next+i {
						t.Fatalf("step %d: Scatter object %d initialised %d times, holds %d", k, i, calls[i], *p-next)
					}
					a.Append(p)
				}
				model = append(model, objs...)
				next += n
			}
			if !slices.Equal(a.Items, model) || a.Len() != len(model) {
				t.Fatalf("step %d: array holds %v, model %v", k, values(&a), model)
			}
		}
	})
}
