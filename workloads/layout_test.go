package workloads

import (
	"context"
	"testing"

	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// layoutSizes are small worlds of every workload, with things moving, so that the
// slot tables have churned and the grids hold stale cells.
var layoutSizes = map[string]workload.Params{
	"sprites": {"entities": 20000, "on_screen": 500, "moving_pct": 5},
	"bullets": {"entities": 20000},
	"tiles":   {"entities": 20000, "cols": 256, "rows": 256, "window_w": 64, "window_h": 32, "span": 2},
}

func loaded(t testing.TB, wl, backing string, p workload.Params) workload.Store {
	t.Helper()
	st, err := newStore(wl, p, backing)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestLayoutMatrix: every store of every workload reports a layout with the three
// facts every layout has (known, or unknown with a reason), its entities as the store
// counts them, at least one view, and a binary form within the message bound.
func TestLayoutMatrix(t *testing.T) {
	for _, spec := range All() {
		for _, b := range workload.Backings {
			t.Run(spec.Name+"/"+b, func(t *testing.T) {
				st := loaded(t, spec.Name, b, layoutSizes[spec.Name])
				lr, ok := st.(workload.LayoutReporter)
				if !ok {
					t.Fatal("the store does not report its layout")
				}
				var l memlayout.Layout
				for f := range 30 {
					st.Frame()
					l.Reset(spec.Name, b, f+1)
					lr.Layout(&l)
				}
				for _, name := range []string{memlayout.FactEntities, memlayout.FactBytesPerEntity, memlayout.FactMedianGap} {
					f, ok := l.Lookup(name)
					if !ok || !f.Known && f.Note == "" {
						t.Errorf("fact %s: %+v (present %v); want it known, or unknown with a reason", name, f, ok)
					}
				}
				if f, _ := l.Lookup(memlayout.FactEntities); int(f.Value) != st.Entities() {
					t.Errorf("entities %v, the store has %d", f.Value, st.Entities())
				}
				if len(l.Facts) < 3 || len(l.Views) < 1 {
					t.Errorf("%d facts and %d views, want at least 3 and 1", len(l.Facts), len(l.Views))
				}
				buf, err := l.AppendBinary(nil)
				if err != nil {
					t.Fatal(err)
				}
				var back memlayout.Layout
				if err := back.UnmarshalBinary(buf); err != nil {
					t.Fatal(err)
				}
				t.Logf("%d facts, %d views, %d bytes", len(l.Facts), len(l.Views), len(buf))
			})
		}
	}
}

// TestLayoutChangesNothing: taking a layout after every frame leaves every frame's
// checksum as it was, for every store: a layout reads the structure, never changes it.
func TestLayoutChangesNothing(t *testing.T) {
	for _, spec := range All() {
		for _, b := range workload.Backings {
			t.Run(spec.Name+"/"+b, func(t *testing.T) {
				p := layoutSizes[spec.Name]
				plain, looked := loaded(t, spec.Name, b, p), loaded(t, spec.Name, b, p)
				var l memlayout.Layout
				for f := range 40 {
					l.Reset(spec.Name, b, f)
					looked.(workload.LayoutReporter).Layout(&l)
					if a, c := plain.Frame(), looked.Frame(); a != c {
						t.Fatalf("frame %d: checksum %x with a layout taken before it, %x without", f, c, a)
					}
				}
			})
		}
	}
}

// TestLayoutFitsAtDefaults: at each workload's default size (a million sprites or
// tiles, a quarter million bullets) every layout still fits in one message. Skipped
// with -short: it loads eighteen large worlds.
func TestLayoutFitsAtDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every store at its default size")
	}
	for _, spec := range All() {
		for _, b := range workload.Backings {
			t.Run(spec.Name+"/"+b, func(t *testing.T) {
				st := loaded(t, spec.Name, b, workload.Params{})
				st.Frame()
				var l memlayout.Layout
				l.Reset(spec.Name, b, 1)
				st.(workload.LayoutReporter).Layout(&l)
				buf, err := l.AppendBinary(nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%d bytes", len(buf))
			})
		}
	}
}
