package charts

import (
	"math"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Ladder is the latency ladder: the time of one dependent load against the
// working set it chases through, both axes logarithmic, with a dashed line at
// each level's size as the ladder finds it and, grey on a row of their own, the
// sizes the system reports.
var Ladder = &MachineChart{
	Name:  "ladder",
	Title: ladderTitle,
	YAxis: "ns per load",
	YJS:   "llDuration",
	Explain: "Each point is the median time of one load whose address the load before it read, through a random cycle " +
		"over the working set's cache lines; the band is its 95% interval over the repetitions. A dashed line marks each " +
		"level's size as the ladder finds it (where the latency has climbed half the way to the next level's); grey, " +
		"the sizes the system reports. Both axes are logarithmic.",
	Plot: ladderPlot,
}

const ladderTitle = "Latency of a dependent load, by working set"

func ladderPlot(p *result.Probe) (SweepPlot, bool) {
	if len(p.Ladder) == 0 {
		return SweepPlot{}, false
	}
	lo, hi := ladderRange(p)
	pl := SweepPlot{XCaption: "working set", LogX: true, LogY: true, XMin: lo, XMax: hi, Title: ladderTitle,
		XLabel: sizeTick, YLabel: durationLabel, XTicks: powerTicks, Pending: nan()}
	c := SweepCurve{Name: measuredCurve, Color: probeColor}
	for _, q := range p.Ladder {
		c.X, c.Y, c.Lo, c.Hi = append(c.X, float64(q.Bytes)), append(c.Y, q.NS), append(c.Lo, q.Lo), append(c.Hi, q.Hi)
	}
	pl.Curves = []SweepCurve{c, {Name: reportedCurve, Color: reportedColor}}
	pl.Keys = []Key{{Name: "latency measured", Color: probeColor}, {Name: "cache sizes the system reports", Color: reportedColor}}
	for _, l := range p.Levels {
		if x := float64(l.Size()); x >= lo && x <= hi {
			pl.Markers = append(pl.Markers, SweepMarker{X: x, Label: l.Name, Backing: measuredCurve, Color: probeColor})
		}
	}
	pl.Markers = append(pl.Markers, reportedMarkers(p, lo, hi)...)
	pl.Note = "dashed: a level's size"
	return pl, true
}

// durationLabel labels a latency tick: "2 ns", "1.5 µs".
func durationLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	return TrimZeros(units.Duration(v))
}

func nan() float64 { return math.NaN() }
