// Package axis is the arithmetic of a chart's axes: which range a set of values is
// drawn over and where the ticks go (1-2-5 steps, binary units for bytes). It is a
// package of its own because two drawers must agree on it: the raster renderer
// draws its axes with it, and the ECharts page fixes its axis ends with it, so that
// a page's chart and a slide's end on the same round numbers.
package axis

import "math"

// Axis maps measured values to pixel positions along one direction of a plot and
// knows where its ticks go. A linear axis starts at zero so that bar-like comparisons
// stay honest (a line at half the height is half the time); a log axis spans whole
// 1-2-5 steps so that a 1000× gap between backings reads as three equal steps.
type Axis struct {
	Log    bool
	Lo, Hi float64 // value range, Lo < Hi; for Log both > 0
	P0, P1 float64 // pixel positions of Lo and Hi
	Unit   float64 // label unit for linear ticks (1024^k for bytes), 1 otherwise
}

// Pos returns the pixel position of v; values outside the range map outside [p0, p1].
func (a *Axis) Pos(v float64) float64 {
	if a.Log {
		// One logarithm per point: log(v/lo)/log(hi/lo) is the fraction of the way up.
		return a.P0 + math.Log(v/a.Lo)/math.Log(a.Hi/a.Lo)*(a.P1-a.P0)
	}
	return a.P0 + (v-a.Lo)/(a.Hi-a.Lo)*(a.P1-a.P0)
}

// niceStep returns the smallest of 1, 2, 2.5, 5 × 10^k that is at least raw, so
// that ticks land on numbers a person would write.
func niceStep(raw float64) float64 {
	if raw <= 0 || math.IsNaN(raw) || math.IsInf(raw, 0) {
		panic("charts: niceStep needs a positive finite step")
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// LinearRange returns an axis from 0 (or below, for negative data) to a nice number
// at or above hi, with about n ticks of at least minStep. unit is the size of the
// label unit in which steps must be nice: 1024^k for bytes so that ticks read
// "20 MiB", not "19.1 MiB".
func LinearRange(lo, hi float64, n int, unit, minStep float64) (a Axis, step float64) {
	lo = min(lo, 0)
	if hi <= lo {
		hi = lo + 1
	}
	if unit <= 0 {
		unit = 1
	}
	step = max(niceStep((hi-lo)/unit/float64(max(n, 1)))*unit, minStep)
	// An axis of whole things (frames, indices: minStep 1) never ticks between
	// them: 2.5 becomes 5.
	for minStep >= 1 && step != math.Trunc(step) {
		step = niceStep(step * (1 + 1e-6))
	}
	a = Axis{Lo: math.Floor(lo/step) * step, Hi: math.Ceil(hi/step-1e-9) * step, Unit: unit}
	if a.Hi <= a.Lo {
		a.Hi = a.Lo + step
	}
	return a, step
}

// LinearTicks returns the tick values of a linear axis with the given step, reusing buf.
func (a *Axis) LinearTicks(step float64, buf []float64) []float64 {
	buf = buf[:0]
	for i := 0; ; i++ {
		v := a.Lo + float64(i)*step
		if v > a.Hi*(1+1e-9)+step*1e-9 {
			break
		}
		buf = append(buf, v)
	}
	return buf
}

// logSteps are the mantissas a log axis's ends and ticks may take.
var logSteps = [...]float64{1, 2, 5}

// LogRange returns a log axis covering [lo, hi] whose ends are 1-2-5 numbers.
// Values at or below zero cannot be drawn on a log axis, so lo must be positive.
func LogRange(lo, hi float64) Axis {
	if lo <= 0 || hi < lo {
		panic("charts: LogRange needs 0 < lo <= hi")
	}
	a := Axis{Log: true, Lo: Floor125(lo), Hi: Ceil125(hi), Unit: 1}
	if a.Hi <= a.Lo { // one value, on a 1-2-5 number: give it a step of room
		a.Hi = Ceil125(a.Lo * 1.01)
	}
	return a
}

// Floor125 returns the largest 1-2-5 number at or below v (v > 0).
func Floor125(v float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(v)))
	best := mag
	for _, m := range logSteps {
		if m*mag <= v*(1+1e-9) {
			best = m * mag
		}
	}
	return best
}

// Ceil125 returns the smallest 1-2-5 number at or above v (v > 0).
func Ceil125(v float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range logSteps {
		if m*mag >= v*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// LogTicks returns the labelled ticks of a log axis, reusing buf: every power of ten,
// and 2 and 5 between them when there is room for about n ticks in all.
func (a *Axis) LogTicks(n int, buf []float64) []float64 {
	buf = buf[:0]
	decades := math.Log10(a.Hi / a.Lo)
	dense := 3*decades <= float64(n)
	for e := math.Floor(math.Log10(a.Lo)); ; e++ {
		mag := math.Pow(10, e)
		if mag > a.Hi*(1+1e-9) {
			break
		}
		for _, m := range logSteps {
			v := m * mag
			if (m != 1 && !dense) || v < a.Lo*(1-1e-9) || v > a.Hi*(1+1e-9) {
				continue
			}
			buf = append(buf, v)
		}
	}
	return buf
}

// BytesUnit returns the binary unit (1, 1024, 1024², …) in which a byte axis up to hi
// is labelled, matching how units.Bytes picks its prefix.
func BytesUnit(hi float64) float64 {
	u := 1.0
	for hi >= 1024*u && u < 1<<40 {
		u *= 1024
	}
	return u
}
