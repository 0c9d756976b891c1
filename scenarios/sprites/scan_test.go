package sprites

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestScanColumns: the four-at-a-time scans of soa's columns and of the slot map's
// values find exactly the rows a plain per-row test finds, whatever the length (so that
// every remainder after the blocks of four is exercised) and wherever the hits fall.
func TestScanColumns(t *testing.T) {
	view := rect{X0: 10, Y0: 10, X1: 20, Y1: 20}
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 14 {
		for trial := range 20 {
			t.Run(fmt.Sprintf("n=%d/%d", n, trial), func(t *testing.T) {
				xs, ys, ws, hs := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
				var want []int
				vals := make([]record[[0]byte], n)
				fat := make([]record[[40]byte], n) // records of one cache line each
				for i := range n {
					xs[i], ys[i] = r.Int32N(30), r.Int32N(30)
					ws[i], hs[i] = 1+r.Int32N(8), 1+r.Int32N(8)
					vals[i].sprite = sprite{X: xs[i], Y: ys[i], W: ws[i], H: hs[i]}
					fat[i].sprite = vals[i].sprite
					if xs[i] < view.X1 && xs[i]+ws[i] > view.X0 && ys[i] < view.Y1 && ys[i]+hs[i] > view.Y0 {
						want = append(want, i)
					}
				}
				var got []int
				for i := scanColumns(xs, ys, ws, hs, view, 0); i < n; i = scanColumns(xs, ys, ws, hs, view, i+1) {
					got = append(got, i)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("scanColumns found rows %v, want %v", got, want)
				}
				got = got[:0]
				for i := scanValues(vals, view, 0); i < n; i = scanValues(vals, view, i+1) {
					got = append(got, i)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("scanValues found rows %v, want %v", got, want)
				}
				got = got[:0]
				for i := scanValues(fat, view, 0); i < n; i = scanValues(fat, view, i+1) {
					got = append(got, i)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("scanValues over records with cold bytes found rows %v, want %v", got, want)
				}
			})
		}
	}
}
