package axis

import (
	"math"
	"slices"
	"testing"
)

func TestNiceStep(t *testing.T) {
	tests := []struct{ raw, want float64 }{
		{0.7, 1}, {1, 1}, {1.1, 2}, {2.2, 2.5}, {3, 5}, {7, 10}, {12, 20}, {4.2e6, 5e6}, {0.013, 0.02},
	}
	for _, tt := range tests {
		if got := niceStep(tt.raw); math.Abs(got-tt.want) > 1e-9*tt.want {
			t.Errorf("niceStep(%v) = %v, want %v", tt.raw, got, tt.want)
		}
	}
}

func TestLinearRange(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		name             string
		lo, hi           float64
		n                int
		unit, minStep    float64
		wantHi, wantStep float64
	}{
		{"frame times", 0, 17.3e6, 5, 1, 0, 20e6, 5e6},
		{"bytes tick in MiB", 0, 177 * mib, 6, mib, 0, 200 * mib, 50 * mib},
		{"zero allocations still get a whole-object Axis", 0, 0, 5, 1, 1, 1, 1},
		{"negative data keeps zero inside", -3, 9, 4, 1, 0, 10, 5},
		{"frames tick on whole frames, not 2.5", 0, 10, 4, 1, 1, 10, 5},
		{"frames: 25 stays", 0, 100, 4, 1, 1, 100, 25},
		{"a fractional step where fractions mean something", 0, 10, 4, 1, 0, 10, 2.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, step := LinearRange(tt.lo, tt.hi, tt.n, tt.unit, tt.minStep)
			if a.Hi != tt.wantHi || step != tt.wantStep || a.Lo > min(tt.lo, 0) {
				t.Errorf("range [%v, %v] step %v, want [≤%v, %v] step %v", a.Lo, a.Hi, step, min(tt.lo, 0), tt.wantHi, tt.wantStep)
			}
			ticks := a.LinearTicks(step, nil)
			if ticks[0] != a.Lo || ticks[len(ticks)-1] != a.Hi {
				t.Errorf("ticks %v do not span the axis [%v, %v]", ticks, a.Lo, a.Hi)
			}
		})
	}
}

func TestLogRangeAndTicks(t *testing.T) {
	tests := []struct {
		name      string
		lo, hi    float64
		n         int
		wantLo    float64
		wantHi    float64
		wantTicks []float64
	}{
		{"1000× apart", 4.1e3, 17.9e6, 6, 2e3, 20e6, []float64{1e4, 1e5, 1e6, 1e7}},
		{"one decade, room for 2 and 5", 1.5e5, 9e5, 8, 1e5, 1e6, []float64{1e5, 2e5, 5e5, 1e6}},
		{"exact ends stay", 1e3, 1e6, 3, 1e3, 1e6, []float64{1e3, 1e4, 1e5, 1e6}},
		{"a single value gets room", 5e3, 5e3, 6, 5e3, 1e4, []float64{5e3, 1e4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := LogRange(tt.lo, tt.hi)
			if !near(a.Lo, tt.wantLo) || !near(a.Hi, tt.wantHi) {
				t.Errorf("LogRange(%v, %v) = [%v, %v], want [%v, %v]", tt.lo, tt.hi, a.Lo, a.Hi, tt.wantLo, tt.wantHi)
			}
			got := a.LogTicks(tt.n, nil)
			if !slices.EqualFunc(got, tt.wantTicks, near) {
				t.Errorf("ticks %v, want %v", got, tt.wantTicks)
			}
		})
	}
}

func TestAxisPos(t *testing.T) {
	lin := Axis{Lo: 0, Hi: 100, P0: 200, P1: 0}
	lg := Axis{Log: true, Lo: 1e3, Hi: 1e6, P0: 300, P1: 0}
	tests := []struct {
		name string
		a    Axis
		v    float64
		want float64
	}{
		{"linear bottom", lin, 0, 200}, {"linear middle", lin, 50, 100}, {"linear top", lin, 100, 0},
		{"log bottom", lg, 1e3, 300}, {"log one decade up", lg, 1e4, 200}, {"log top", lg, 1e6, 0},
	}
	for _, tt := range tests {
		if got := tt.a.Pos(tt.v); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: pos(%v) = %v, want %v", tt.name, tt.v, got, tt.want)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }
