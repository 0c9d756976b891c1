package charts

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// What heads a sweep's slide and page, and the lines under its chart: like a run's
// (record.go), what a reader needs to read and repeat it.

// SweepHeadline is the title line of a sweep: its lesson title if any, the
// workload, the parameter and its range, the backings and the cache mode.
func SweepHeadline(s *result.Sweep) string {
	parts := []string{s.Workload + " over " + s.Param}
	if n := len(s.Values); n > 0 {
		parts = append(parts, fmt.Sprintf("%s to %s (%d points)", SweepValueLabel(s, float64(s.Values[0])),
			SweepValueLabel(s, float64(s.Values[n-1])), n))
	}
	if seed, ok := s.Params["seed"]; ok {
		parts = append(parts, "seed "+strconv.FormatInt(seed, 10))
	}
	parts = append(parts, s.Cache+" caches")
	h := "Sweep: " + strings.Join(parts, " · ")
	if s.Title != "" {
		h = s.Title + " — " + h
	}
	return h
}

// SweepParamList writes the fixed parameters, sorted by name.
func SweepParamList(s *result.Sweep) string {
	return "fixed: " + s.Params.List() + TiedText(s)
}

// TiedText says which parameters followed the swept one, and how: "; on_screen
// follows entities (0.2% of them)"; "" when none did.
func TiedText(s *result.Sweep) string {
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(s.Tied)) {
		parts = append(parts, fmt.Sprintf("%s follows %s (%s of them)", name, s.Param,
			strconv.FormatFloat(100*s.Tied[name], 'g', 3, 64)+"%"))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// SweepHostLine says where and when the sweep ran, and the caches it compared with.
func SweepHostLine(s *result.Sweep) string {
	parts := []string{HostName(s.Host)}
	if !s.Started.IsZero() {
		parts = append(parts, s.Started.Format("2006-01-02 15:04 -07:00"))
	}
	parts = append(parts, CachesText(s))
	if s.DurationNS > 0 {
		parts = append(parts, "took "+units.Duration(float64(s.DurationNS)))
	}
	return strings.Join(parts, " · ")
}

// CachesText lists the caches: "caches L1d 32 KiB, L2 1 MiB, L3 32 MiB", or why
// there are none. A cache the sweep put no marker at, which the system reported but
// the lab did not use, follows the others with why ("; L3 480 MiB reported by the
// system, not used: …"), and a note on where the caches came from, when not from the
// machine, closes the list.
func CachesText(s *result.Sweep) string {
	if len(s.Caches) == 0 {
		if s.CachesNote != "" {
			return "cache sizes unknown (" + s.CachesNote + ")"
		}
		return "cache sizes unknown"
	}
	var used, aside []string
	for _, c := range s.Caches {
		if c.Used() {
			used = append(used, c.Text())
		} else {
			aside = append(aside, c.Text())
		}
	}
	out := "caches " + strings.Join(used, ", ")
	if len(used) == 0 {
		out = "no cache used"
	}
	out = strings.Join(append([]string{out}, aside...), "; ")
	if s.CachesNote != "" {
		out += " (" + s.CachesNote + ")"
	}
	return out
}

// SkippedText names the points that were not run, and why: "" when none were.
func SkippedText(s *result.Sweep) string {
	var parts []string
	for _, p := range s.Points {
		if p.Skipped != "" {
			parts = append(parts, s.Param+" = "+pointValue(s, p.Value)+": "+p.Skipped)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Skipped (would not fit in memory): " + strings.Join(parts, "; ")
}

// DriftText says how each backing's cost per entity moved from the sweep's first pass
// over the points to its last, "" for a sweep of one pass: the passes ran the points in
// alternating order, so a drift of the machine falls on every point alike and is
// reported here rather than read as a trend.
func DriftText(s *result.Sweep) string {
	if len(s.Drift) == 0 {
		return ""
	}
	parts := make([]string, len(s.Drift))
	for i, d := range s.Drift {
		parts[i] = d.Backing + " " + units.Percent(d.Ratio)
	}
	return fmt.Sprintf("Drift over the %d passes (each point's last fork against its first, the median over the points; "+
		"the passes ran the points in alternating order, so drift falls on every point alike): %s.", s.Forks, strings.Join(parts, ", "))
}
