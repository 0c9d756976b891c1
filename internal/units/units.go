// Package units formats measured quantities the way every view of the app shows them
// (table, charts, exports): durations in ns/µs/ms/s, sizes in binary units, counts
// with thousands separators, ratios with a "×". One formatter for all of them keeps a
// figure looking the same wherever a person meets it.
package units

import (
	"math"
	"strconv"
	"strings"
)

// Duration formats a time given in nanoseconds with three significant digits:
// "812 ns", "3.42 µs", "16.7 ms", "1.25 s". NaN (a figure that was not measured)
// shows as "n/a".
func Duration(ns float64) string {
	if math.IsNaN(ns) {
		return "n/a"
	}
	scale := 1.0
	for _, u := range []string{" ns", " µs", " ms"} {
		// 999.7 rounds to "1000": show it in the next unit instead ("1.00 ms").
		if math.Abs(ns/scale) < 999.5 {
			return sig3(ns/scale) + u
		}
		scale *= 1e3
	}
	return sig3(ns/scale) + " s"
}

// Bytes formats a size with binary prefixes and three significant digits: "512 B",
// "1.50 KiB", "95.4 MiB", "1.20 GiB".
func Bytes(b float64) string {
	if math.IsNaN(b) {
		return "n/a"
	}
	const k = 1024
	for _, u := range []string{"B", "KiB", "MiB", "GiB"} {
		if math.Abs(b) < k {
			if u == "B" {
				return strconv.FormatFloat(math.Round(b), 'f', -1, 64) + " B"
			}
			return sig3(b) + " " + u
		}
		b /= k
	}
	return sig3(b) + " TiB"
}

// Count formats a count with thousands separators: 1000000 → "1,000,000". Fractions
// (means per frame) keep one decimal below 100: "0.5", "12.3", "1,024"; a mean so
// small that one decimal would read 0.0 keeps two significant digits ("0.011": one
// allocation in 92 frames), so that something counted never reads as nothing.
func Count(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	if x != 0 && math.Abs(x) < 0.05 {
		return strconv.FormatFloat(x, 'f', int(math.Ceil(-math.Log10(math.Abs(x))))+1, 64)
	}
	if x != math.Trunc(x) && math.Abs(x) < 100 {
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	s := strconv.FormatInt(int64(math.Round(x)), 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// Ratio formats how many times slower something is: "1.00×", "7.84×", "27.3×", "1,024×".
func Ratio(r float64) string {
	if math.IsNaN(r) {
		return "n/a"
	}
	if r >= 1000 {
		return Count(r) + "×"
	}
	return sig3(r) + "×"
}

// sig3 formats x with three significant digits, without an exponent: 1.23, 12.3, 123.
func sig3(x float64) string {
	a := math.Abs(x)
	switch {
	case a == 0:
		return "0"
	case a < 9.995:
		return strconv.FormatFloat(x, 'f', 2, 64)
	case a < 99.95:
		return strconv.FormatFloat(x, 'f', 1, 64)
	default:
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
}

// RatioCI formats a ratio with its interval: "7.84× (7.71–7.98)", "1.03× (0.96–1.11)
// n.s." when the interval includes 1, "1.20× (range 1.10–1.30)" when too few blocks
// gave a range rather than an interval. A significant interval next to 1 gets the
// decimals it needs not to print as 1.00 ("1.004× (1.002–1.006)"), so that it never
// reads as if it held 1.
func RatioCI(median, lo, hi float64, isRange, significant bool) string {
	f := func(x float64, digits int) string {
		if x >= 9.995 || digits == 2 {
			return strings.TrimSuffix(Ratio(x), "×")
		}
		return strconv.FormatFloat(x, 'f', digits, 64)
	}
	digits := 2
	for ; digits < 5 && significant; digits++ {
		if (lo <= 1 || f(lo, digits) != f(1, digits)) && (hi >= 1 || f(hi, digits) != f(1, digits)) {
			break
		}
	}
	s := f(median, digits) + "× ("
	if isRange {
		s += "range "
	}
	s += f(lo, digits) + "–" + f(hi, digits) + ")"
	if !significant && !isRange {
		s += " n.s."
	}
	return s
}

// Change formats a ratio new/old as a change in percent with its interval: "-20.1%
// (-22.0% to -18.3%)", "+1.2% (-0.8% to +3.1%) n.s." when the change is not
// significant, "+4.0% (range -5.0% to +12.0%) n.s." when too few samples gave a range
// rather than an interval.
func Change(ratio, lo, hi float64, interval, significant bool) string {
	s := Percent(ratio) + " ("
	if !interval {
		s += "range "
	}
	s += Percent(lo) + " to " + Percent(hi) + ")"
	if !significant {
		s += " n.s."
	}
	return s
}

// Percent formats a ratio new/old as a signed change: "+3.1%", "-20.1%", "+250%".
func Percent(ratio float64) string {
	if math.IsNaN(ratio) || math.IsInf(ratio, 0) {
		return "n/a"
	}
	p := (ratio - 1) * 100
	sign := "+"
	if p < 0 {
		sign = "-"
	}
	a := math.Abs(p)
	switch {
	case a < 0.05:
		return "0.0%"
	case a < 99.95:
		return sign + strconv.FormatFloat(a, 'f', 1, 64) + "%"
	}
	return sign + Count(math.Round(a)) + "%"
}

// ShareRange writes a share (0 to 1) as a whole percent, "100%", or its range where
// its ends round apart, "62–100%". Every table, record and page writes a share of
// heap in huge pages this way, for runs and sweeps alike.
func ShareRange(lo, hi float64) string {
	pct := func(x float64) int { return int(math.Round(100 * x)) }
	if pct(lo) == pct(hi) {
		return strconv.Itoa(pct(hi)) + "%"
	}
	return strconv.Itoa(pct(lo)) + "–" + strconv.Itoa(pct(hi)) + "%"
}

// ParamValue writes a value of a workload parameter with its unit (a sweep's value,
// or where its curves cross), to two significant digits when it was interpolated:
// "3.4%", "320,000", "40 bytes".
func ParamValue(v float64, unit string) string {
	if v != math.Trunc(v) || math.Abs(v) >= 1000 {
		v = sig2(v)
	}
	s := Count(v)
	switch unit {
	case "":
		return s
	case "%":
		return s + "%"
	}
	return s + " " + unit
}

// sig2 rounds v to two significant digits.
func sig2(v float64) float64 {
	if v == 0 {
		return 0
	}
	mag := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-1)
	return math.Round(v/mag) * mag
}
