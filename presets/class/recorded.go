package class

import (
	"cmp"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// A machine's facts come from its own file, never from the machine that reads it:
// where a file written before a fact was recorded lacks it, the cell says so.

// notRecorded is the cell of a fact the file does not record.
const notRecorded = "not recorded in the file"

// lineText is the machine's cache line: "64 B".
func lineText(h result.Host) string {
	if n := h.CacheLine(); n > 0 {
		return strconv.Itoa(n) + " B"
	}
	return notRecorded
}

// loadText is how busy the machine was around the run or sweep, or why its file
// does not say.
func loadText(a *result.LoadAverage, host result.Host) string {
	switch why := result.LoadAverageMissing(a, host); why {
	case "":
		return a.Text()
	case result.NotRecorded:
		return notRecorded
	default:
		return "n/a: " + why
	}
}

// sweepClockText is what timed a sweep's frames, in a run's words.
func sweepClockText(s *result.Sweep) string {
	switch s.Clock {
	case result.ClockThreadCPU:
		return compare.CPUClock
	case result.ClockWall:
		return compare.WallClock
	}
	return notRecorded
}

// sweepHugeText is each backing's share of heap in huge pages, its range over every
// point and pass; for a sweep of the page mode, at each mode.
func sweepHugeText(s *result.Sweep) string {
	var parts []string
	missing := ""
	for i, name := range s.Backings {
		if s.Param == result.PagesParam {
			if at := sharesAt(s, i); at != "" {
				parts = append(parts, name+" "+at)
				continue
			}
		}
		if lo, hi, ok := s.HugeShareRange(i); ok {
			parts = append(parts, name+" "+units.ShareRange(lo, hi))
		} else if why := s.HugeShareMissing(i); why != "" {
			parts, missing = append(parts, name+" n/a"), cmp.Or(missing, why)
		}
	}
	return sharesText(parts, missing, notRecorded)
}

// sharesAt is backing i's share of heap in huge pages at each value of a sweep of the
// page mode that measured one: "100% at huge, 0% at small".
func sharesAt(s *result.Sweep, i int) string {
	var at []string
	for _, v := range s.Values {
		if lo, hi, ok := s.HugeShareRangeAt(i, v); ok {
			at = append(at, units.ShareRange(lo, hi)+" at "+s.ValueName(v))
		}
	}
	return strings.Join(at, ", ")
}
