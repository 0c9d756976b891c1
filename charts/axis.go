package charts

import "math"

// axis maps measured values to pixel positions along one direction of a plot and
// knows where its ticks go. A linear axis starts at zero so that bar-like comparisons
// stay honest (a line at half the height is half the time); a log axis spans whole
// 1-2-5 steps so that a 1000× gap between backings reads as three equal steps.
type axis struct {
	log    bool
	lo, hi float64 // value range, lo < hi; for log both > 0
	p0, p1 float64 // pixel positions of lo and hi
	unit   float64 // label unit for linear ticks (1024^k for bytes), 1 otherwise
}

// pos returns the pixel position of v; values outside the range map outside [p0, p1].
func (a *axis) pos(v float64) float64 {
	if a.log {
		// One logarithm per point: log(v/lo)/log(hi/lo) is the fraction of the way up.
		return a.p0 + math.Log(v/a.lo)/math.Log(a.hi/a.lo)*(a.p1-a.p0)
	}
	return a.p0 + (v-a.lo)/(a.hi-a.lo)*(a.p1-a.p0)
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

// linearRange returns an axis from 0 (or below, for negative data) to a nice number
// at or above hi, with about n ticks of at least minStep. unit is the size of the
// label unit in which steps must be nice: 1024^k for bytes so that ticks read
// "20 MiB", not "19.1 MiB".
func linearRange(lo, hi float64, n int, unit, minStep float64) (a axis, step float64) {
	lo = min(lo, 0)
	if hi <= lo {
		hi = lo + 1
	}
	if unit <= 0 {
		unit = 1
	}
	step = max(niceStep((hi-lo)/unit/float64(max(n, 1)))*unit, minStep)
	a = axis{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step-1e-9) * step, unit: unit}
	if a.hi <= a.lo {
		a.hi = a.lo + step
	}
	return a, step
}

// linearTicks returns the tick values of a linear axis with the given step, reusing buf.
func (a *axis) linearTicks(step float64, buf []float64) []float64 {
	buf = buf[:0]
	for i := 0; ; i++ {
		v := a.lo + float64(i)*step
		if v > a.hi*(1+1e-9)+step*1e-9 {
			break
		}
		buf = append(buf, v)
	}
	return buf
}

// logSteps are the mantissas a log axis's ends and ticks may take.
var logSteps = [...]float64{1, 2, 5}

// logRange returns a log axis covering [lo, hi] whose ends are 1-2-5 numbers.
// Values at or below zero cannot be drawn on a log axis, so lo must be positive.
func logRange(lo, hi float64) axis {
	if lo <= 0 || hi < lo {
		panic("charts: logRange needs 0 < lo <= hi")
	}
	a := axis{log: true, lo: floor125(lo), hi: ceil125(hi), unit: 1}
	if a.hi <= a.lo { // one value, on a 1-2-5 number: give it a step of room
		a.hi = ceil125(a.lo * 1.01)
	}
	return a
}

// floor125 returns the largest 1-2-5 number at or below v (v > 0).
func floor125(v float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(v)))
	best := mag
	for _, m := range logSteps {
		if m*mag <= v*(1+1e-9) {
			best = m * mag
		}
	}
	return best
}

// ceil125 returns the smallest 1-2-5 number at or above v (v > 0).
func ceil125(v float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range logSteps {
		if m*mag >= v*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// logTicks returns the labelled ticks of a log axis, reusing buf: every power of ten,
// and 2 and 5 between them when there is room for about n ticks in all.
func (a *axis) logTicks(n int, buf []float64) []float64 {
	buf = buf[:0]
	decades := math.Log10(a.hi / a.lo)
	dense := 3*decades <= float64(n)
	for e := math.Floor(math.Log10(a.lo)); ; e++ {
		mag := math.Pow(10, e)
		if mag > a.hi*(1+1e-9) {
			break
		}
		for _, m := range logSteps {
			v := m * mag
			if (m != 1 && !dense) || v < a.lo*(1-1e-9) || v > a.hi*(1+1e-9) {
				continue
			}
			buf = append(buf, v)
		}
	}
	return buf
}

// bytesUnit returns the binary unit (1, 1024, 1024², …) in which a byte axis up to hi
// is labelled, matching how units.Bytes picks its prefix.
func bytesUnit(hi float64) float64 {
	u := 1.0
	for hi >= 1024*u && u < 1<<40 {
		u *= 1024
	}
	return u
}
