package stores

import (
	"context"
	"errors"
	"strings"
	"testing"

	"localitylab/workloads/workload"
)

// ownCore is the least a store of one's own can be.
type ownCore struct{ loaded bool }

func (c *ownCore) Load(context.Context, func(float64)) error { c.loaded = true; return nil }
func (c *ownCore) Frame() uint64                             { return 7 }
func (c *ownCore) Entities() int                             { return 1 }

// TestNewOwn: the World's error comes back as it is, a store's New that returns nil is
// named by the workload, and otherwise the store is completed by what complete gives
// for the World the store was built on, the World's preparation running before Load.
func TestNewOwn(t *testing.T) {
	bad := errors.New("entities out of range")
	badWorld := func(workload.Params) (*int, error) { return nil, bad }
	if _, err := NewOwn("demo", nil, badWorld, func(*int) workload.Core { return &ownCore{} }, nil); !errors.Is(err, bad) {
		t.Fatalf("a World that fails: %v, want %v", err, bad)
	}
	world := func(workload.Params) (*int, error) { v := 42; return &v, nil }
	_, err := NewOwn("demo", nil, world, func(*int) workload.Core { return nil }, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "demo: ") {
		t.Fatalf("a New that returns nil: %v, want an error naming the workload", err)
	}
	var built *int
	prepared := false
	core := &ownCore{}
	st, err := NewOwn("demo", nil, world, func(w *int) workload.Core { built = w; return core }, func(w *int, c workload.Core) Completion {
		if w != built || c != core {
			t.Errorf("complete got world %p and store %v, want %p and %v", w, c, built, core)
		}
		return Completion{Prepare: func() { prepared = !core.loaded }, Scene: func(*workload.Scene) {}, Trace: func(dst []workload.Folded) []workload.Folded { return dst }}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil || !prepared || !core.loaded || *built != 42 || st.Frame() != 7 {
		t.Fatalf("Load: %v; prepared before the store's Load %v, loaded %v, world %d", err, prepared, core.loaded, *built)
	}
}

// readN is a workload's config in miniature: it reads parameter n, refuses n = 0, and
// counts how often it ran.
func readN(calls *int) func(workload.Params) (int64, error) {
	return func(p workload.Params) (int64, error) {
		*calls++
		if p["n"] < 1 {
			return 0, errors.New("n = 0 is out of range")
		}
		return p["n"], nil
	}
}

func TestOwnWorld(t *testing.T) {
	var calls int
	double := func(n int64) int64 { return 2 * n }
	if w, err := OwnWorld(workload.Params{"n": 3}, readN(&calls), double); err != nil || w != 6 {
		t.Fatalf("OwnWorld = %d, %v; want 6", w, err)
	}
	if _, err := OwnWorld(workload.Params{"n": 0}, readN(&calls), double); err == nil {
		t.Fatal("no error from a config that refuses the parameters")
	}
}

// fakeStore remembers what it was made for.
type fakeStore struct {
	ownCore
	name string
	n    int64
}

func (*fakeStore) Scene(*workload.Scene) {}

// demo is a table of the six built-in backings in miniature: each entry makes a
// fakeStore, estimates n times its index, and rowvec refuses n above 9 as a backing's
// own limit.
func demo(calls *int) *table[int64] {
	t := &table[int64]{workload: "demo", config: readN(calls)}
	for i, b := range workload.Backings {
		e := Entry[int64]{Backing: b, Note: "note of " + b,
			New:   func(n int64) workload.Store { return &fakeStore{name: b, n: n} },
			Bytes: func(n int64) int64 { return n * int64(i+1) }}
		if b == workload.RowVec {
			e.Check = func(n int64) error {
				if n > 9 {
					return errors.New("demo: n = 10 is more than rowvec's 9")
				}
				return nil
			}
		}
		t.entries = append(t.entries, e)
	}
	return t
}

// TestTable: a backing that is not built in is refused before the parameters are read,
// the workload's and the backing's own checks come back as they are, each built-in
// gets the store, estimate and note of its own entry, and a built-in missing from the
// table is the workload's mistake (a panic).
func TestTable(t *testing.T) {
	var calls int
	tb := demo(&calls)
	if _, err := tb.New(workload.Params{"n": 3}, "vector"); err == nil || !strings.HasPrefix(err.Error(), "demo: ") || calls != 0 {
		t.Fatalf("unknown backing: %v after reading the parameters %d times; want an error naming the workload, before reading them", err, calls)
	}
	if _, err := tb.New(workload.Params{"n": 0}, workload.SoA); err == nil || !strings.Contains(err.Error(), "n = 0") {
		t.Fatalf("parameters out of range: %v", err)
	}
	if _, err := tb.New(workload.Params{"n": 10}, workload.RowVec); err == nil || !strings.Contains(err.Error(), "rowvec's 9") {
		t.Fatalf("rowvec's own limit: %v", err)
	}
	if _, err := tb.New(workload.Params{"n": 10}, workload.SoA); err != nil {
		t.Fatalf("rowvec's limit reached soa: %v", err)
	}
	notes := tb.Notes()
	for i, b := range workload.Backings {
		st, err := tb.New(workload.Params{"n": 5}, b)
		if f, ok := st.(*fakeStore); err != nil || !ok || f.name != b || f.n != 5 {
			t.Fatalf("%s: store %+v, %v", b, st, err)
		}
		if got := tb.Estimate(workload.Params{"n": 10}, b); got != 10*int64(i+1) {
			t.Errorf("%s: estimate %d, want %d (a backing's own limits do not refuse an estimate)", b, got, 10*(i+1))
		}
		if notes[b] != "note of "+b {
			t.Errorf("%s: note %q", b, notes[b])
		}
	}
	if got := tb.Estimate(workload.Params{"n": 0}, workload.SoA); got != 0 {
		t.Errorf("estimate for parameters the workload refuses: %d, want 0", got)
	}
	if got := tb.Estimate(workload.Params{"n": 5}, "vector"); got != 0 {
		t.Errorf("estimate for a backing not built in: %d, want 0", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("New made a store for a backing missing from the table")
		}
	}()
	tb.entries = tb.entries[:1]
	tb.New(workload.Params{"n": 5}, workload.RowVec)
}
