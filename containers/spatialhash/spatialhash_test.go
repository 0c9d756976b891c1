package spatialhash

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestQueryMatchesBruteForce(t *testing.T) {
	tests := []struct {
		name    string
		cell    int32
		n       int
		spread  int32 // corners in [-spread, spread)
		maxSide int32
	}{
		{"small boxes", 16, 300, 200, 12},
		{"boxes larger than cells", 8, 200, 100, 50},
		{"one cell for all", 1 << 20, 100, 100, 20},
		{"unit cells", 1, 100, 30, 4},
		{"some empty boxes", 10, 200, 100, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tt.cell)))
			box := func() Box {
				return Box{rng.Int32N(2*tt.spread) - tt.spread, rng.Int32N(2*tt.spread) - tt.spread,
					rng.Int32N(tt.maxSide+2) - 1, rng.Int32N(tt.maxSide+2) - 1}
			}
			h := New[int32](tt.cell, 0)
			boxes := map[int32]Box{}
			for range tt.n {
				b := box()
				boxes[h.Insert(b, 0)] = b
			}
			checkHash(t, h)
			for range 200 {
				checkQuery(t, h, boxes, box())
			}
			for _, q := range []Box{
				{math.MinInt32, math.MinInt32, math.MaxInt32, math.MaxInt32},               // more cells than exist: table sweep
				{-tt.spread - 100, -tt.spread - 100, 2*tt.spread + 200, 2*tt.spread + 200}, // everything
				{0, 0, 0, 0}, // empty
			} {
				checkQuery(t, h, boxes, q)
			}
		})
	}
}

func TestMoveRebucketsOnlyOnCellChange(t *testing.T) {
	tests := []struct {
		name      string
		from, to  Box
		sameCells bool
	}{
		{"within one cell", Box{1, 1, 3, 3}, Box{5, 6, 3, 3}, true},
		{"within four cells", Box{8, 8, 4, 4}, Box{9, 7, 5, 5}, true},
		{"into the next cell", Box{1, 1, 3, 3}, Box{8, 1, 3, 3}, false},
		{"growing over a border", Box{1, 1, 3, 3}, Box{1, 1, 12, 3}, false},
		{"to negative cells", Box{1, 1, 3, 3}, Box{-2, 1, 3, 3}, false},
		{"to empty", Box{1, 1, 3, 3}, Box{1, 1, 0, 3}, false},
		{"from empty", Box{1, 1, -1, 3}, Box{1, 1, 3, 3}, false},
		{"empty to empty", Box{1, 1, -1, 3}, Box{100, 100, 0, 0}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := New[string](10, 4)
			other := h.Insert(Box{0, 0, 20, 20}, "other")
			e := h.Insert(tt.from, "moving")
			before := lists(h)
			h.Move(e, tt.to)
			checkHash(t, h)
			if got := h.Box(e); got != tt.to {
				t.Errorf("Box after Move = %+v, want %+v", got, tt.to)
			}
			if h.Get(e) != "moving" || h.Get(other) != "other" {
				t.Errorf("values changed by Move")
			}
			after := lists(h)
			same := len(before) == len(after)
			for k, l := range before {
				same = same && slices.Equal(l, after[k])
			}
			if same != tt.sameCells {
				t.Errorf("cell lists unchanged = %v, want %v", same, tt.sameCells)
			}
		})
	}
}

// lists copies every cell's list, in list order, by cell key.
func lists[T any](h *Hash[T]) map[uint64][]ref {
	m := map[uint64][]ref{}
	for i := range h.cells.slots {
		if c := &h.cells.slots[i]; c.n > 0 {
			m[c.key] = slices.Clone(h.pool.list(c.blk, c.n))
		}
	}
	return m
}

func TestIDsAreReused(t *testing.T) {
	h := New[int](4, 0)
	a := h.Insert(Box{0, 0, 1, 1}, 1)
	b := h.Insert(Box{0, 0, 9, 9}, 2)
	c := h.Insert(Box{5, 5, 1, 1}, 3)
	h.Remove(a)
	h.Remove(c)
	tests := []struct {
		val  int
		want int32
	}{{4, c}, {5, a}, {6, 3}}
	for _, tt := range tests {
		if got := h.Insert(Box{1, 1, 1, 1}, tt.val); got != tt.want {
			t.Errorf("Insert(%d) = id %d, want %d", tt.val, got, tt.want)
		}
	}
	checkHash(t, h)
	if h.Len() != 4 || h.Get(b) != 2 {
		t.Errorf("Len = %d, Get(b) = %d; want 4, 2", h.Len(), h.Get(b))
	}
	*h.Ptr(b) = 7
	if h.Get(b) != 7 {
		t.Errorf("write through Ptr not seen by Get")
	}
}

func TestQueryAllocatesNothing(t *testing.T) {
	h := New[int](16, 1000)
	rng := rand.New(rand.NewPCG(2, 3))
	for i := range 1000 {
		h.Insert(Box{rng.Int32N(1000), rng.Int32N(1000), 1 + rng.Int32N(40), 1 + rng.Int32N(40)}, i)
	}
	view := Box{100, 100, 400, 300}
	dst := h.Query(view, nil)
	if len(dst) == 0 {
		t.Fatal("the view holds no entry: the test would prove nothing")
	}
	allocs := testing.AllocsPerRun(20, func() { dst = h.Query(view, dst[:0]) })
	if allocs != 0 {
		t.Errorf("Query allocates %v times per call after warm-up, want 0", allocs)
	}
}

func TestMisusePanics(t *testing.T) {
	setup := func() (*Hash[int], int32) {
		h := New[int](8, 0)
		h.Insert(Box{0, 0, 4, 4}, 1)
		e := h.Insert(Box{0, 0, 4, 4}, 2)
		h.Remove(e)
		return h, e
	}
	tests := []struct {
		name string
		op   func()
		want string
	}{
		{"remove twice", func() { h, e := setup(); h.Remove(e) }, "Remove of id 1, which is not a live entry"},
		{"move removed", func() { h, e := setup(); h.Move(e, Box{}) }, "Move of id 1"},
		{"get never issued", func() { h, _ := setup(); h.Get(5) }, "Get of id 5"},
		{"box negative", func() { h, _ := setup(); h.Box(-1) }, "Box of id -1"},
		{"zero cell", func() { New[int](0, 0) }, "cell = 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if msg := panicOf(tt.op); !strings.Contains(msg, tt.want) {
				t.Errorf("panic %q, want one containing %q", msg, tt.want)
			}
		})
	}
}
