package probe

import (
	"math/rand/v2"
	"testing"
)

// TestLinkIsOneCycle: a chase from any element of a linked working set visits every
// element once before it comes back, whatever the size and the stride.
func TestLinkIsOneCycle(t *testing.T) {
	for _, tt := range []struct{ n, stride int }{{2, 8}, {3, 8}, {64, 8}, {1000, 8}, {4099, 16}, {1 << 16, 8}} {
		m := &meter{buf: make([]uint64, tt.n*tt.stride), perm: make([]uint32, tt.n), stride: tt.stride}
		if err := m.link(t.Context(), m.buf, tt.n, rand.New(rand.NewPCG(uint64(tt.n), 1))); err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, tt.n)
		p := uint64(0)
		for i := range tt.n {
			if p%uint64(tt.stride) != 0 || seen[p/uint64(tt.stride)] {
				t.Fatalf("n=%d stride=%d: step %d lands on word %d: not one cycle of elements", tt.n, tt.stride, i, p)
			}
			seen[p/uint64(tt.stride)] = true
			p = chase(m.buf, p, 1)
		}
		if p != 0 {
			t.Errorf("n=%d: after n steps the chase is at word %d, not back at 0", tt.n, p)
		}
		if q := chase(m.buf, 0, 3*tt.n+5); q != chase(m.buf, 0, 5) {
			t.Errorf("n=%d: the unrolled chase and the single steps disagree", tt.n)
		}
	}
}

// TestLinkIsFixed: a working set is linked the same way every time (a fixed seed),
// and differently from the next size's.
func TestLinkIsFixed(t *testing.T) {
	order := func(n int) []uint64 {
		m := &meter{buf: make([]uint64, n*8), perm: make([]uint32, n), stride: 8}
		m.link(t.Context(), m.buf, n, rand.New(rand.NewPCG(uint64(n*64), 0x6c6f63616c697479)))
		return m.buf
	}
	a, b := order(500), order(500)
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("two links of one working set differ")
		}
	}
}

// TestSum: the streaming read adds every word, the tail past the last eight too.
func TestSum(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 1000} {
		buf := make([]uint64, n)
		want := uint64(0)
		for i := range buf {
			buf[i] = uint64(i*i + 1)
			want += buf[i]
		}
		if got := sum(buf); got != want {
			t.Errorf("sum of %d words = %d, want %d", n, got, want)
		}
	}
}

// BenchmarkChase is the ladder's inner loop through a working set inside L1: its
// ns/op over the 16 loads of one unrolled turn gives the L1's load-to-use latency.
func BenchmarkChase(b *testing.B) {
	m := &meter{buf: make([]uint64, 64*8), perm: make([]uint32, 64), stride: 8}
	m.link(b.Context(), m.buf, 64, rand.New(rand.NewPCG(1, 2)))
	p := uint64(0)
	for b.Loop() {
		p = chase(m.buf, p, 16)
	}
	if p%8 != 0 || p >= 64*8 {
		b.Fatalf("the chase left its cycle at word %d", p)
	}
}
