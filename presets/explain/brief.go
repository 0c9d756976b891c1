package explain

import (
	"fmt"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Brief is what the machine's own measures make of the backing's frame in r, in the
// few words the app shows under its row of the summary table: its frame as a
// bandwidth, and for a pointer layout its frame against latency × misses, a line
// each. Nil where r carries no probe or its workload counts no backing's reads: the
// table then says nothing rather than a figure not measured.
func Brief(r *result.Run, backing string) []string {
	if r == nil || r.Probe == nil || !counted(r) {
		return nil
	}
	lines := []string{AchievedOf(r, backing).brief()}
	if c := ChaseOf(r, backing); c.Applicable {
		lines = append(lines, c.brief())
	}
	return lines
}

// counted says r's workload counts what at least one of its backings' frames read.
func counted(r *result.Run) bool {
	for _, b := range r.Backings {
		if _, err := trafficOf(r, b.Name); err == nil {
			return true
		}
	}
	return false
}

// brief is the figure in a line: "soa reads at 53% of what one core streams from
// memory (probe: 12.1 GiB/s)".
func (a Achieved) brief() string {
	if a.Missing != "" {
		return fmt.Sprintf("%s's frame as a bandwidth: n/a (%s)", a.Backing, a.Missing)
	}
	return fmt.Sprintf("%s reads at %s of what one core streams %s (probe: %s/s)", a.Backing, pct(a.Share), where(a.Of), units.Bytes(a.Of.BytesPerS))
}

// brief is the comparison in a line: "ptrarray's misses one at a time would take
// 31.9 ms (probe: 127 ns each); its frame 7.65 ms: about 4.2 in flight at once".
func (c Chase) brief() string {
	if c.Missing != "" {
		return fmt.Sprintf("%s's frame against latency × misses: n/a (%s)", c.Backing, c.Missing)
	}
	kind := "estimated"
	if c.Simulated {
		kind = "simulated"
	}
	each := units.Duration(c.Far.NS) + " each"
	if c.Simulated && c.SplitLL {
		each = fmt.Sprintf("%s past the LL, %s inside", units.Duration(c.Far.NS), units.Duration(c.Near.NS))
	}
	head := fmt.Sprintf("%s's %s misses one at a time would take %s (probe: %s); its frame %s",
		c.Backing, kind, units.Duration(c.PredictNS), each, units.Duration(c.FrameNS))
	switch {
	case c.Overlap >= 1.5:
		return head + fmt.Sprintf(": about %.2g in flight at once", c.Overlap)
	case c.Overlap > 1/1.5:
		return head + fmt.Sprintf(": latency × misses accounts for it (%s)", pct(c.Overlap))
	}
	return head + fmt.Sprintf(": %s of it is other work", pct(1-c.Overlap))
}
