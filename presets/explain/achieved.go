package explain

import (
	"fmt"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// Achieved is one backing's frame as a bandwidth: the bytes its frame reads (the
// streamed bytes, and a whole line per object chased, since a scattered load brings
// its line whatever it uses of it) over its median frame, against what one core
// streams through a working set that size on the same machine.
type Achieved struct {
	Backing string
	Traffic workload.Traffic
	// Bytes is what one frame reads as counted; FrameNS its median frame.
	Bytes, FrameNS float64
	// BytesPerS is Bytes over FrameNS; Of the probe's bandwidth it is set against,
	// and Share the one over the other.
	BytesPerS float64
	Of        *result.Bandwidth
	Share     float64
	Line      int // the probe's line, counted per object chased
	// Missing says why there is no figure ("no probe in this file", …); "" when
	// there is.
	Missing string
}

// AchievedOf is the backing's achieved figure in r, or why there is none.
func AchievedOf(r *result.Run, backing string) Achieved {
	a := Achieved{Backing: backing}
	b, err := frameOf(r, backing)
	if err == nil {
		a.Traffic, err = trafficOf(r, backing)
	}
	if err == nil && r.Probe == nil {
		err = errNoProbe
	}
	if err != nil {
		a.Missing = err.Error()
		return a
	}
	p := r.Probe
	a.Line = p.LineBytes
	a.Bytes = workingSet(a.Traffic, times(a.Traffic, r), p.LineBytes)
	a.FrameNS = b.Summary.P50NS
	a.BytesPerS = a.Bytes / a.FrameNS * 1e9
	if a.Of = bandwidthFor(p, reach(a.Traffic, r, p.LineBytes)); a.Of == nil || a.Of.BytesPerS <= 0 {
		a.Missing = "the probe measured no bandwidth"
		return a
	}
	a.Share = a.BytesPerS / a.Of.BytesPerS
	return a
}

// Sentence is the figure in words: "soa reads 15.3 MiB a frame in 2.32 ms:
// 6.43 GiB/s, 53% of the 12.2 GiB/s one core streams from memory on this machine
// (its probe, through 128 MiB). Counted: …".
func (a Achieved) Sentence() string {
	if a.Missing != "" {
		return fmt.Sprintf("%s's frame as a bandwidth: n/a (%s).", a.Backing, a.Missing)
	}
	frame := units.Bytes(a.Bytes) + " a frame"
	if a.Traffic.Chased > 0 {
		frame += fmt.Sprintf(" (each %s counted as a whole %d-byte line)", chasedNoun(a.Traffic, 1), a.Line)
	}
	return fmt.Sprintf("%s reads %s in %s: %s/s, %s of the %s/s one core streams %s on this machine (its probe, through %s). Counted: %s.",
		a.Backing, frame, units.Duration(a.FrameNS), units.Bytes(a.BytesPerS),
		pct(a.Share), units.Bytes(a.Of.BytesPerS), where(a.Of), units.Bytes(float64(a.Of.Bytes)), a.Traffic.What)
}
