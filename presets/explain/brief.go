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
		return fmt.Sprintf("%s reads: n/a (%s)", a.Backing, a.Missing)
	}
	return fmt.Sprintf("%s reads at %s of what one core streams %s (probe: %s/s)", a.Backing, pct(a.Share), where(a.Of), units.Bytes(a.Of.BytesPerS))
}

// brief is the comparison in a line, its conclusion first so that a narrow table
// that cuts the line keeps it: "ptrarray: about 4.2 misses in flight at once (its
// misses one at a time 31.9 ms, 127 ns each, estimated; its frame 7.65 ms)".
func (c Chase) brief() string {
	if c.Missing != "" {
		return fmt.Sprintf("%s, latency × misses: n/a (%s)", c.Backing, c.Missing)
	}
	kind := "estimated"
	if c.Simulated {
		kind = "simulated"
	}
	each := units.Duration(c.Far.NS) + " each"
	if c.Simulated && c.SplitLL {
		each = fmt.Sprintf("%s past the LL, %s inside", units.Duration(c.Far.NS), units.Duration(c.Near.NS))
	}
	why := fmt.Sprintf("its %s misses one at a time %s, %s; its frame %s", kind, units.Duration(c.PredictNS), each, units.Duration(c.FrameNS))
	switch {
	case c.Overlap >= 1.5:
		return fmt.Sprintf("%s: about %.2g misses in flight at once (%s)", c.Backing, c.Overlap, why)
	case c.Overlap > 1/1.5:
		return fmt.Sprintf("%s: latency × misses is %s of its frame (%s)", c.Backing, pct(c.Overlap), why)
	}
	return fmt.Sprintf("%s: %s of its frame is work beside its misses (%s)", c.Backing, pct(1-c.Overlap), why)
}
