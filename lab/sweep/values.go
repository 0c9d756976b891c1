package sweep

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// firstEntities is where a default entities sweep starts: few enough that every
// backing's data sits in the first-level cache.
const firstEntities = 1000

// Defaults returns the values a sweep of q takes when none are given:
//
//   - the page mode (result.PagesParam): huge and small;
//   - entities: from a thousand upward in about three steps per decade (1, 2, 5 ×
//     10^k) up to the workload's default size. A point too big for the machine's
//     memory is skipped when its turn comes, and named, not fatal;
//   - moving_pct and other percentages: 0, 1, 2, 5, 10, 20, 50 (and 100 for a
//     percentage other than moving_pct);
//   - cold_bytes: 0, then 8 to 256 bytes by doubling;
//   - any other parameter: the 1-2-5 numbers from a tenth of its default to ten
//     times it, within its range (from 1 to 1000 when its default is 0, with 0 first
//     when the range allows it), or five even steps over the range when that gives
//     fewer than two.
func Defaults(spec *workload.Spec, q workload.Param) []int64 {
	var out []int64
	switch {
	case q.Name == result.PagesParam:
		out = []int64{0, 1} // huge, small: what the system gives is one of them
	case q.Name == "entities":
		out = series125(max(q.Min, firstEntities), min(q.Max, q.Default))
	case q.Name == "moving_pct":
		out = []int64{0, 1, 2, 5, 10, 20, 50}
	case q.Name == "cold_bytes":
		out = []int64{0, 8, 16, 32, 64, 128, 256}
	case q.Unit == "%":
		out = []int64{0, 1, 2, 5, 10, 20, 50, 100}
	case q.Default > 0:
		out = series125(max(q.Min, q.Default/10, 1), min(q.Max, q.Default*10))
	default:
		out = series125(max(q.Min, 1), min(q.Max, 1000))
		if q.Min <= 0 {
			out = append([]int64{0}, out...)
		}
	}
	out = slices.DeleteFunc(out, func(v int64) bool { return v < q.Min || v > q.Max })
	if len(out) < 2 && q.Max > q.Min {
		out = out[:0]
		for i := range int64(5) {
			out = append(out, q.Min+(q.Max-q.Min)*i/4)
		}
		out = slices.Compact(out)
	}
	return out
}

// series125 returns the numbers 1, 2, 5 × 10^k from lo to hi, with lo and hi
// themselves when they are not such numbers, so that the range is covered end to end.
func series125(lo, hi int64) []int64 {
	if lo > hi || lo < 1 {
		return nil
	}
	out := []int64{lo}
	for mag := int64(1); mag <= hi; mag *= 10 {
		for _, m := range []int64{1, 2, 5} {
			if v := m * mag; v > lo && v < hi {
				out = append(out, v)
			}
		}
		if mag > hi/10 {
			break
		}
	}
	if hi > lo {
		out = append(out, hi)
	}
	return out
}

// ParseValues reads a list of values as a person types it: integers separated by
// commas, in Go's syntax (1_000_000, 0x100) or with a k or M suffix (10k, 1M, 2.5M).
// The error names the value that is not a number.
func ParseValues(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		v, err := parseValue(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number (want integers separated by commas, e.g. 1000,10k,1M)", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseValue reads one value of ParseValues.
func parseValue(f string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(f, "k"):
		mult, f = 1000, strings.TrimSuffix(f, "k")
	case strings.HasSuffix(f, "M"):
		mult, f = 1_000_000, strings.TrimSuffix(f, "M")
	}
	if v, err := strconv.ParseInt(f, 0, 64); err == nil {
		return v * mult, nil
	}
	x, err := strconv.ParseFloat(f, 64)
	if err != nil || mult == 1 || x*float64(mult) != math.Trunc(x*float64(mult)) {
		return 0, fmt.Errorf("not a number")
	}
	return int64(x * float64(mult)), nil
}

// FormatValues writes values as ParseValues reads them back: "1000, 2000, 5000".
func FormatValues(values []int64) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ", ")
}
