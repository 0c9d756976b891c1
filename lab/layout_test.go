package lab

import (
	"strings"
	"testing"
	"time"

	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// TestLayout runs a real workload with layouts on: the chosen backing's layout comes
// while frames run, and every backing's, of its last frame, once they are done, with
// the worker's own facts (heap per entity at load, the layout's time) added.
func TestLayout(t *testing.T) {
	c := testConfig(t, workload.SoA, workload.PtrArray)
	c.Workload = "sprites"
	c.Params = workload.Params{"entities": 3000, "on_screen": 300}
	c.Frames, c.Warmup = 40, 4
	c.LayoutEvery = time.Millisecond
	l := startRun(t, c)
	l.SetLayout(1)
	var got memlayout.Layout
	waitFor(t, l, "a layout of ptrarray while frames run", func(Status) bool { return l.Layout(1, &got) })
	if got.Backing != workload.PtrArray || got.Workload != "sprites" {
		t.Errorf("layout of %s/%s, want sprites/ptrarray", got.Workload, got.Backing)
	}
	if _, err := l.Wait(); err != nil {
		t.Fatal(err)
	}
	for i, b := range c.Backings {
		if !l.Layout(i, &got) {
			t.Fatalf("no final layout of %s", b)
		}
		if got.Backing != b || got.Frame != c.Frames {
			t.Errorf("final layout of %s after frame %d, want %s after %d", got.Backing, got.Frame, b, c.Frames)
		}
		for _, name := range []string{memlayout.FactEntities, memlayout.FactMedianGap, memlayout.FactHeapPerEntity, "layout_time_ns"} {
			if f, ok := got.Lookup(name); !ok || !f.Known || f.Value <= 0 {
				t.Errorf("%s: fact %s = %+v, want a positive figure", b, name, f)
			}
		}
	}
	gap := func(i int) float64 {
		l.Layout(i, &got)
		f, _ := got.Lookup(memlayout.FactMedianGap)
		return f.Value
	}
	if soa, ptr := gap(0), gap(1); soa != 4 || ptr < 256 {
		t.Errorf("median gaps: soa %v, ptrarray %v; want 4 and a scatter's", soa, ptr)
	}
}

// TestLayoutOff: without LayoutEvery no worker is asked, and a store that reports no
// layout (the fake workload's) still gives its entities.
func TestLayoutOff(t *testing.T) {
	c := testConfig(t, workload.Map)
	l := startRun(t, c)
	l.Wait()
	var got memlayout.Layout
	if l.Layout(0, &got) {
		t.Error("a layout from a run without LayoutEvery")
	}
	c.LayoutEvery = time.Hour
	c.Params["entities"] = 123
	l = startRun(t, c)
	l.Wait()
	if !l.Layout(0, &got) {
		t.Fatal("no final layout")
	}
	if f, _ := got.Lookup(memlayout.FactEntities); f.Value != 123 {
		t.Errorf("entities %+v, want 123", f)
	}
	if f, _ := got.Lookup(memlayout.FactMedianGap); f.Known || !strings.Contains(f.Note, "does not report") {
		t.Errorf("median gap %+v of a store that reports no layout", f)
	}
}

// TestLayoutWhilePaused: choosing another backing while paused brings its layout
// without a frame being run.
func TestLayoutWhilePaused(t *testing.T) {
	c := testConfig(t, workload.SoA, workload.SlotMap)
	c.Workload = "bullets"
	c.Params = workload.Params{"entities": 2000}
	c.StartPaused = true
	c.LayoutEvery = time.Hour
	l := startRun(t, c)
	waitFor(t, l, "the run to pause", func(st Status) bool { return st.Phase == Paused })
	l.SetLayout(1)
	var got memlayout.Layout
	waitFor(t, l, "slotmap's layout", func(Status) bool { return l.Layout(1, &got) })
	if got.Frame != 0 || l.Status().Done != 0 {
		t.Errorf("layout after frame %d, %d frames done; want none run", got.Frame, l.Status().Done)
	}
	if f, _ := got.Lookup("free_list_length"); !f.Known {
		t.Errorf("slot map layout without its free list: %+v", got.Facts)
	}
}

// TestSpans: with Span each backing's address span is read once, from a real
// workload: soa's walk covers one int32 column (4 bytes a sprite), the pointer
// array's its objects scattered through the heap, more than the 24 bytes each object
// holds; the map, whose values Go gives no address for, reports none. Without Span
// there are none.
func TestSpans(t *testing.T) {
	c := testConfig(t, workload.SoA, workload.PtrArray, workload.Map)
	c.Workload = "sprites"
	n := 3000
	c.Params = workload.Params{"entities": int64(n), "on_screen": 300}
	c.Frames, c.Warmup = 24, 4
	c.Span = true
	l := startRun(t, c)
	if _, err := l.Wait(); err != nil {
		t.Fatal(err)
	}
	sp := l.Spans()
	if len(sp) != 3 {
		t.Fatalf("Spans() = %v, want three", sp)
	}
	if soa := sp[0]; soa != float64(4*(n-1)) {
		t.Errorf("soa's span %v, want one int32 column of %d rows, %d bytes from first to last", soa, n, 4*(n-1))
	}
	if ptr := sp[1]; ptr < float64(24*n) {
		t.Errorf("ptrarray's span %v, want at least its objects' %d bytes", ptr, 24*n)
	}
	if sp[2] != 0 {
		t.Errorf("the map's span %v, want none", sp[2])
	}
	c.Span = false
	l = startRun(t, c)
	l.Wait()
	if sp := l.Spans(); sp != nil {
		t.Errorf("Spans() without Span = %v", sp)
	}
}
