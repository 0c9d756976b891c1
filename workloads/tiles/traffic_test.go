package tiles

import (
	"math"
	"testing"
	"unsafe"

	"localitylab/backings/ptrarray"
	"localitylab/backings/rowvec"
	"localitylab/backings/slotmap"
	"localitylab/workloads/workload"
)

// size is the size of a T.
func size[T any]() float64 { var v T; return float64(unsafe.Sizeof(v)) }

// TestWindowExpectation: the window's entries and occupied tiles the counts expect
// are, within a few percent, what the seed's map puts under the window, counted
// tile by tile over every position of its sweep.
func TestWindowExpectation(t *testing.T) {
	for _, params := range []workload.Params{
		{pEntities: 40_000, pCols: 256, pRows: 128, pWindowW: 64, pWindowH: 32, pWindowStep: 16},
		{pEntities: 20_000, pCols: 200, pRows: 100, pWindowW: 50, pWindowH: 30, pWindowStep: 7, pSpan: 3},
		{pEntities: 5_000, pCols: 64, pRows: 64, pWindowW: 100, pWindowH: 100},
	} {
		c, err := newConfig(resolve(t, params))
		if err != nil {
			t.Fatal(err)
		}
		w := newWorld(c)
		counts := w.entriesPerTile()
		var entries, occupied float64
		k := c.stops * c.bands
		for f := range k {
			win := w.windowAt(int64(f))
			for r := win.Y0; r < win.Y1; r++ {
				for col := win.X0; col < win.X1; col++ {
					n := counts[w.tileIndex(col, r)]
					entries += float64(n)
					if n > 0 {
						occupied++
					}
				}
			}
		}
		entries, occupied = entries/float64(k), occupied/float64(k)
		got := windowOf(c)
		if math.Abs(got.entries-entries) > 0.03*entries || math.Abs(got.occupied-occupied) > 0.05*occupied {
			t.Errorf("%v: expected %.0f entries on %.0f occupied tiles, the map has %.0f on %.0f", params, got.entries, got.occupied, entries, occupied)
		}
	}
}

// TestTraffic holds each backing's count to the sizes of what its visit and moves
// read (a slice header, a pointer, a handle, a list head, a row's entry), so that a
// change to a structure changes the expected figure and the count must follow.
func TestTraffic(t *testing.T) {
	p := resolve(t, nil)
	c, err := newConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	w := windowOf(c)
	head := size[int32]()
	row := math.Ceil(size[rowvec.Entry[int32]]() * float64(c.n) / float64(c.rows) / 64)
	rows := float64(c.winH)
	moves := float64(c.moving)
	tests := []struct {
		backing          string
		streamed, chased float64
		heap             int64
	}{
		{workload.PtrArray, size[ptrarray.Array[entity]]() * w.tiles, w.occupied + w.entries + 6*moves, ptrarrayBytes(c)},
		{workload.SlotMap, size[[]slotmap.Handle]() * w.tiles, w.occupied + 2*w.entries + 7*moves, slotmapBytes(c)},
		{workload.SoA, head * w.tiles, 2*w.entries + 8*moves, soaBytes(c)},
		{workload.RowVec, head * w.tiles, rows*row*(1-math.Exp(-w.entries/rows/row)) + 6*moves, rowvecBytes(c)},
	}
	for _, tt := range tests {
		got, err := Spec.Traffic(p, tt.backing)
		if err != nil {
			t.Fatalf("%s: %v", tt.backing, err)
		}
		if !near(got.Streamed, tt.streamed) || !near(got.Chased, tt.chased) || !got.PerFrame || got.Spread != float64(tt.heap) {
			t.Errorf("%s: %+v, want %v bytes streamed and %v lines chased a frame, over %d bytes", tt.backing, got, tt.streamed, tt.chased, tt.heap)
		}
	}
	for _, b := range []string{workload.Map, workload.SpatialHash} {
		if _, err := Spec.Traffic(p, b); err == nil {
			t.Errorf("%s: counted", b)
		}
	}
	byColumn := resolve(t, workload.Params{pOrder: orderColumns})
	if _, err := Spec.Traffic(byColumn, workload.SoA); err == nil {
		t.Error("soa visited column by column: counted")
	}
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Abs(want) }
