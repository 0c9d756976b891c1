package charts

import (
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// An exported chart travels on its own (pasted into a slide, attached to a pull
// request), so it carries what is needed to read and repeat it: the workload and its
// key parameters in the title, and the machine, the date and the counters below.

// Headline returns the title line of a run: its preset title if any, the workload
// and the parameters a reader needs first.
func Headline(r *result.Run) string {
	parts := []string{r.Workload}
	if n, ok := r.Params["entities"]; ok {
		parts = append(parts, units.Count(float64(n))+" entities")
	}
	frames := strconv.Itoa(r.Frames) + " frames (" + strconv.Itoa(r.Warmup) + " warm-up)"
	if n := r.NumForks(); n > 1 {
		frames = strconv.Itoa(r.Frames) + " frames in " + strconv.Itoa(n) + " forks (" + strconv.Itoa(r.Warmup) + " warm-up)"
	}
	parts = append(parts, frames)
	if seed, ok := r.Params["seed"]; ok {
		parts = append(parts, "seed "+strconv.FormatInt(seed, 10))
	}
	if r.Cache != "" {
		parts = append(parts, r.Cache+" caches")
	}
	s := strings.Join(parts, " · ")
	if r.Title != "" {
		s = r.Title + " — " + s
	}
	return s
}

// HostLine returns where and when the run was measured, on one line.
func HostLine(r *result.Run) string {
	return strings.Join([]string{HostName(r.Host), RunDate(r), CountersText(r.Counters)}, " · ")
}

// HostName describes the machine: "AMD EPYC 7B13, 2 cores, linux/amd64, go1.26.0, GOGC 100".
func HostName(h result.Host) string {
	var parts []string
	if h.CPU != "" {
		parts = append(parts, h.CPU)
	}
	if h.Cores > 0 {
		parts = append(parts, strconv.Itoa(h.Cores)+" cores")
	}
	if h.OS != "" || h.Arch != "" {
		parts = append(parts, h.OS+"/"+h.Arch)
	}
	if h.Go != "" {
		parts = append(parts, h.Go)
	}
	if h.GOGC != "" {
		parts = append(parts, "GOGC "+h.GOGC)
	}
	if len(parts) == 0 {
		return "host not recorded"
	}
	return strings.Join(parts, ", ")
}

// RunDate writes when the run started, with its UTC offset so that the figure is
// unambiguous wherever it is read.
func RunDate(r *result.Run) string {
	if r.Started.IsZero() {
		return "date not recorded"
	}
	return r.Started.Format("2006-01-02 15:04 -07:00")
}

// CacheText says how a run scheduled its frames and what state of the caches each
// timed frame started from: "warm caches (12 rounds, bursts of 4 to 16 frames, …)".
func CacheText(r *result.Run) string {
	lo, hi := 0, 0
	for _, rd := range r.Rounds {
		if lo == 0 || rd.Frames < lo {
			lo = rd.Frames
		}
		hi = max(hi, rd.Frames)
	}
	bursts := "bursts of " + strconv.Itoa(lo)
	if hi != lo {
		bursts += " to " + strconv.Itoa(hi)
	}
	rounds := strconv.Itoa(len(r.Rounds)) + " rounds, " + bursts + " frames, order shuffled each round"
	switch {
	case strings.HasPrefix(r.Pinned, "not pinned"): // "not pinned: macOS has no thread affinity"
		rounds += "; frame threads " + r.Pinned
	case r.Pinned != "":
		rounds += "; frame threads on " + r.Pinned
	}
	switch r.Cache {
	case result.Warm:
		return "warm caches (" + rounds + "; the first half of each burst re-warms and is not summarised)"
	case result.Cold:
		s := "cold caches (" + rounds + "; the caches are emptied before every frame"
		if r.CacheNote != "" {
			s += ": " + r.CacheNote
		}
		return s + ")"
	}
	return "one frame per backing in turn (a version 1 run: no cache mode recorded)"
}

// CountersText says whether hardware counters were on and what "misses" counted,
// or, when they were asked for and could not be opened, why they are n/a.
func CountersText(c result.Counters) string {
	switch {
	case !c.Enabled && c.Note != "":
		return "counters off (" + c.Note + ")"
	case !c.Enabled:
		return "counters off"
	case c.Misses == "" && c.Note != "":
		return "counters asked for but not available: " + c.Note
	}
	s := "counters on"
	if c.Misses != "" {
		s += ": misses = " + c.Misses
	}
	if c.Note != "" {
		s += " (" + c.Note + ")"
	}
	return s
}
