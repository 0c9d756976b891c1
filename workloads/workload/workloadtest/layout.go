package workloadtest

import (
	"testing"

	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// Layout takes st's layout as the worker would, between frames.
func Layout(t testing.TB, st workload.Store) *memlayout.Layout {
	t.Helper()
	lr, ok := st.(workload.LayoutReporter)
	if !ok {
		t.Fatalf("%T does not report its layout", st)
	}
	l := &memlayout.Layout{}
	l.Reset("test", "test", 0)
	lr.Layout(l)
	return l
}

// Fact is the value of the named fact of l, which must be known.
func Fact(t testing.TB, l *memlayout.Layout, name string) float64 {
	t.Helper()
	f, ok := l.Lookup(name)
	if !ok || !f.Known {
		t.Fatalf("fact %s: %+v (present %v); want it known", name, f, ok)
	}
	return f.Value
}

// View is the first view of l of kind k.
func View(t testing.TB, l *memlayout.Layout, k memlayout.Kind) *memlayout.View {
	t.Helper()
	for i := range l.Views {
		if l.Views[i].Kind == k {
			return &l.Views[i]
		}
	}
	t.Fatalf("no %v view", k)
	return nil
}

// HeatTotal is the sum of a heat map's counts.
func HeatTotal(v *memlayout.View) int64 {
	var n int64
	for _, c := range v.Heat.Counts {
		n += int64(c)
	}
	return n
}
