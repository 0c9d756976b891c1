package workload

import (
	"context"
	"errors"
	"strings"
	"testing"
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
	badWorld := func(Params) (*int, error) { return nil, bad }
	if _, err := NewOwn("demo", nil, badWorld, func(*int) Core { return &ownCore{} }, nil); !errors.Is(err, bad) {
		t.Fatalf("a World that fails: %v, want %v", err, bad)
	}
	world := func(Params) (*int, error) { v := 42; return &v, nil }
	_, err := NewOwn("demo", nil, world, func(*int) Core { return nil }, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "demo: ") {
		t.Fatalf("a New that returns nil: %v, want an error naming the workload", err)
	}
	var built *int
	prepared := false
	core := &ownCore{}
	st, err := NewOwn("demo", nil, world, func(w *int) Core { built = w; return core }, func(w *int, c Core) Completion {
		if w != built || c != core {
			t.Errorf("complete got world %p and store %v, want %p and %v", w, c, built, core)
		}
		return Completion{Prepare: func() { prepared = !core.loaded }, Scene: func(*Scene) {}, Trace: func(dst []Folded) []Folded { return dst }}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil || !prepared || !core.loaded || *built != 42 || st.Frame() != 7 {
		t.Fatalf("Load: %v; prepared before the store's Load %v, loaded %v, world %d", err, prepared, core.loaded, *built)
	}
}

// readN is a workload's config in miniature: it reads parameter n, refuses n = 0, and
// notes in asked the backing it read them for.
func readN(asked *[]string) func(Params, string) (int64, error) {
	return func(p Params, backing string) (int64, error) {
		*asked = append(*asked, backing)
		if p["n"] < 1 {
			return 0, errors.New("n = 0 is out of range")
		}
		return p["n"], nil
	}
}

func TestOwnWorld(t *testing.T) {
	var asked []string
	config := readN(&asked)
	double := func(n int64) int64 { return 2 * n }
	if w, err := OwnWorld(Params{"n": 3}, config, double); err != nil || w != 6 {
		t.Fatalf("OwnWorld = %d, %v; want 6", w, err)
	}
	if _, err := OwnWorld(Params{"n": 0}, config, double); err == nil {
		t.Fatal("no error from a config that refuses the parameters")
	}
	if len(asked) != 2 || asked[0] != "" || asked[1] != "" {
		t.Fatalf("config asked for backings %q, want none (\"\") each time", asked)
	}
}

// TestNewBuiltin: a backing that is not built in is refused before the parameters are
// read, config's error comes back as it is, and the store is made from what config
// read for that backing.
func TestNewBuiltin(t *testing.T) {
	var asked []string
	config := readN(&asked)
	stores := map[string]func(int64) Store{}
	for _, b := range Backings {
		stores[b] = func(n int64) Store { return &fakeStore{name: b, n: n} }
	}
	store := func(b string) func(int64) Store { return func(n int64) Store { return Pick(stores, b, n) } }
	if _, err := NewBuiltin("demo", Params{"n": 3}, "vector", config, store("vector")); err == nil || !strings.HasPrefix(err.Error(), "demo: ") || len(asked) != 0 {
		t.Fatalf("unknown backing: %v after reading the parameters %d times; want an error naming the workload, before reading them", err, len(asked))
	}
	if _, err := NewBuiltin("demo", Params{"n": 0}, SoA, config, store(SoA)); err == nil || !strings.Contains(err.Error(), "n = 0") {
		t.Fatalf("parameters out of range: %v", err)
	}
	for _, b := range Backings {
		st, err := NewBuiltin("demo", Params{"n": 5}, b, config, store(b))
		if f, ok := st.(*fakeStore); err != nil || !ok || f.name != b || f.n != 5 || asked[len(asked)-1] != b {
			t.Fatalf("%s: store %+v, %v; config asked for %q", b, st, err, asked[len(asked)-1])
		}
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Pick made a store for a backing missing from the table")
		}
	}()
	delete(stores, RowVec)
	Pick(stores, RowVec, 1)
}

// fakeStore remembers what it was made for.
type fakeStore struct {
	ownCore
	name string
	n    int64
}

func (*fakeStore) Scene(*Scene) {}
