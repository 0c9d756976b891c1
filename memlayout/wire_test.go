package memlayout_test

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"localitylab/internal/golden"
	"localitylab/memlayout"
	"localitylab/memlayout/layouttest"
)

// same compares two layouts field by field, an empty slice equal to a nil one (a
// reused layout keeps its memory).
func same(a, b *memlayout.Layout) bool {
	return a.Workload == b.Workload && a.Backing == b.Backing && a.Frame == b.Frame && a.LoadHeap == b.LoadHeap &&
		reflect.DeepEqual(normal(a.Facts), normal(b.Facts)) && reflect.DeepEqual(views(a), views(b))
}

func normal[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

func views(l *memlayout.Layout) []memlayout.View {
	var out []memlayout.View
	for _, v := range l.Views {
		v.Points, v.Bins, v.Slots, v.Bars = normal(v.Points), normal(v.Bins), normal(v.Slots), normal(v.Bars)
		v.Rows, v.Columns, v.Lines, v.Heat.Counts = normal(v.Rows), normal(v.Columns), normal(v.Lines), normal(v.Heat.Counts)
		out = append(out, v)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	layouts := []*memlayout.Layout{layouttest.Every()}
	for _, k := range layouttest.Kinds {
		layouts = append(layouts, layouttest.Of(k))
	}
	var dst memlayout.Layout
	for _, l := range layouts {
		b, err := l.AppendBinary([]byte("head"))
		if err != nil {
			t.Fatal(err)
		}
		if string(b[:4]) != "head" {
			t.Fatal("AppendBinary did not append")
		}
		// Into a layout that holds something else, to check that reuse leaves nothing
		// of it behind.
		if err := dst.UnmarshalBinary(b[4:]); err != nil {
			t.Fatal(err)
		}
		if !same(l, &dst) {
			t.Errorf("round trip of %v:\ngot  %+v\nwant %+v", l.Views[0].Kind, dst.Views, l.Views)
		}
	}
}

func TestCopyFrom(t *testing.T) {
	var dst memlayout.Layout
	for _, l := range []*memlayout.Layout{layouttest.Every(), layouttest.Of(memlayout.Text)} {
		dst.CopyFrom(l)
		if !same(l, &dst) {
			t.Errorf("copy of %+v:\ngot %+v", l.Views, dst.Views)
		}
	}
}

// TestBadBinary: a form cut anywhere, with bytes added, or of another version, is an
// error and never a panic.
func TestBadBinary(t *testing.T) {
	b, err := layouttest.Every().AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	var dst memlayout.Layout
	for n := range len(b) {
		if err := dst.UnmarshalBinary(b[:n]); err == nil {
			t.Fatalf("a form cut at %d of %d bytes was read", n, len(b))
		}
	}
	if err := dst.UnmarshalBinary(append(b[:len(b):len(b)], 0)); err == nil || !strings.Contains(err.Error(), "left over") {
		t.Errorf("a byte too many: %v", err)
	}
	bad := bytes.Clone(b)
	bad[0] = 9
	if err := dst.UnmarshalBinary(bad); err == nil || !strings.Contains(err.Error(), "version") {
		t.Errorf("version 9: %v", err)
	}
}

// TestWireBound: the largest view of every kind fits in one message together; a layout
// that would not fit is refused with nothing appended.
func TestWireBound(t *testing.T) {
	var l memlayout.Layout
	l.Reset("sprites", "spatialhash", math.MaxInt32)
	for range memlayout.MaxFacts - 2 { // the walk adds two
		l.Fact("a_fact_with_a_long_name", math.Pi*1e12, "bytes", "a note of a few words, as most are")
	}
	w := l.Walk()
	for i := range 10_000_000 {
		w.Add(uintptr(i) * 7919 * 4096 % (1 << 40))
	}
	w.Finish("scatter", "index order")
	s := l.View(memlayout.Strip, "strip")
	s.SlotTable(10_000_000, func(i int) (uint32, bool) { return math.MaxUint32, i%2 == 0 })
	r := l.View(memlayout.Rows, "rows")
	r.RowTable(1<<20, func(int) (int64, int64, int64) { return 1 << 40, 1 << 40, 1 << 40 })
	h := l.View(memlayout.Heatmap, "heat")
	h.StartHeat(1<<14, 1<<14, memlayout.Rect{X1: 1 << 30, Y1: 1 << 30}, "entries per cell")
	for y := range 64 {
		for x := range 64 {
			h.HeatAdd(x<<8, y<<8, math.MaxUint32)
		}
	}
	c := l.View(memlayout.Columns, "columns")
	for range memlayout.MaxColumns {
		c.Column("a_column", 8, 1<<40, 1<<40, 1<<40, true)
	}
	x := l.View(memlayout.Text, "text")
	for range memlayout.MaxLines {
		x.Line(strings.Repeat("words ", 30))
	}
	bars := l.View(memlayout.Bars, "bars")
	for range memlayout.MaxBars {
		bars.Bar("a bar", 1<<40, 1<<40, "entities")
	}
	b, err := l.AppendBinary(nil)
	if err != nil {
		t.Fatalf("the largest layout of one view of each kind does not fit: %v", err)
	}
	t.Logf("the largest layout of one view of each kind takes %d bytes", len(b))

	l.Reset("sprites", "spatialhash", 1)
	for range 4 {
		h := l.View(memlayout.Heatmap, "a full heat map")
		h.StartHeat(64, 64, memlayout.Rect{X1: 64, Y1: 64}, "x")
		for i := range h.Heat.Counts {
			h.Heat.Counts[i] = math.MaxUint32
		}
	}
	b, err = l.AppendBinary([]byte("x"))
	if err == nil || string(b) != "x" {
		t.Errorf("a layout of four full heat maps: %v, %d bytes appended; want an error and nothing", err, len(b)-1)
	}
}

func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := memlayout.WriteJSON(&buf, layouttest.Every(), map[string]int64{"entities": 4000, "seed": 1}); err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "every.json", buf.Bytes())
}
