package charts

import (
	"fmt"
	"image/color"
	"math"
	"testing"
	"time"

	"localitylab/internal/backingnames"
	"localitylab/workloads/workload"
)

func TestScaleLog(t *testing.T) {
	tests := []struct {
		name    string
		s       Scale
		typical []float64
		want    bool
	}{
		{"1000× apart", ScaleAuto, []float64{5e3, 5e6, 1e6}, true},
		{"within 20×", ScaleAuto, []float64{2e5, 3e6}, false},
		{"just over 20×", ScaleAuto, []float64{1e5, 2.1e6}, true},
		{"n/a entries ignored", ScaleAuto, []float64{math.NaN(), 1e5, 0, 1.5e5}, false},
		{"forced linear", ScaleLinear, []float64{5e3, 5e6}, false},
		{"forced log", ScaleLog, []float64{1e5, 1.1e5}, true},
		{"nothing yet", ScaleAuto, nil, false},
	}
	for _, tt := range tests {
		if got := tt.s.Log(tt.typical); got != tt.want {
			t.Errorf("%s: Log = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestBudgetNS(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want float64
	}{{0, 16_666_666}, {Budget30, 33_333_333}, {-1, 0}, {8 * time.Millisecond, 8e6}}
	for _, tt := range tests {
		if got := BudgetNS(tt.d); got != tt.want {
			t.Errorf("BudgetNS(%v) = %v, want %v", tt.d, got, tt.want)
		}
	}
}

// Every backing needs a colour of its own, or two lines would read as one.
func TestPaletteCoversEveryBacking(t *testing.T) {
	seen := map[string]string{}
	for _, b := range workload.Backings {
		c, ok := palette[b]
		if !ok || Color(b) != c {
			t.Errorf("backing %q has no palette colour", b)
		}
		if other, dup := seen[Hex(c)]; dup {
			t.Errorf("backings %q and %q share colour %s", b, other, Hex(c))
		}
		seen[Hex(c)] = b
	}
	// Backings of one's own: each registered one gets a colour no other backing has,
	// and keeps it as more are registered; one this binary never registered (a run
	// saved by another binary) gets its name's own slot, the one it would have had.
	if got, want := Color("from-elsewhere"), ownColors[slotOf("from-elsewhere")]; got != want {
		t.Errorf("an unregistered backing is drawn %s, want %s", Hex(got), Hex(want))
	}
	first := ""
	var firstColor color.NRGBA
	for i := range 10 {
		name := fmt.Sprintf("own%d", i)
		if err := backingnames.Add(name); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { backingnames.Remove(name) })
		if i == 0 {
			first, firstColor = name, Color(name)
			if firstColor != ownColors[slotOf(name)] {
				t.Errorf("the first backing registered is drawn %s, not its own slot's %s", Hex(firstColor), Hex(ownColors[slotOf(name)]))
			}
		}
		c := Color(name)
		if other, dup := seen[Hex(c)]; dup {
			t.Errorf("backings %q and %q share colour %s", name, other, Hex(c))
		}
		seen[Hex(c)] = name
	}
	if Color(first) != firstColor {
		t.Errorf("%s changed colour as more backings were registered", first)
	}
}
