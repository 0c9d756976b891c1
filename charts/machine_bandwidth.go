package charts

import (
	"localitylab/charts/axis"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// ReadBandwidth is one core's streaming read: bytes per second through half of
// each level the ladder found and through the memory point, against the working
// set read, each point labelled with its level.
var ReadBandwidth = &MachineChart{
	Name:  "bandwidth",
	Title: bandwidthTitle,
	YAxis: "bytes per second",
	YJS:   "function(v){return llBytes(v)+'/s'}",
	Explain: "Bytes per second of a loop that adds every 8-byte word of the working set (eight sums at once, so that the adds " +
		"never wait on each other): through half of each level the ladder found, and through the memory point. The band " +
		"is its 95% interval over the repetitions. The x axis is logarithmic.",
	Plot: bandwidthPlot,
}

const bandwidthTitle = "Read bandwidth of one core"

func bandwidthPlot(p *result.Probe) (SweepPlot, bool) {
	if len(p.Bandwidth) == 0 {
		return SweepPlot{}, false
	}
	c := SweepCurve{Name: measuredCurve, Color: probeColor}
	var marks []SweepMarker
	for _, b := range p.Bandwidth {
		x := float64(b.Bytes)
		c.X, c.Y, c.Lo, c.Hi = append(c.X, x), append(c.Y, b.BytesPerS), append(c.Lo, b.Lo), append(c.Hi, b.Hi)
		marks = append(marks, SweepMarker{X: x, Label: b.Level, Backing: measuredCurve, Color: probeColor})
	}
	lo, hi := ladderRange(p)
	// Room past the memory point for its label, centred on its marker.
	lo, hi = min(lo, c.X[0]), 2*max(hi, c.X[len(c.X)-1])
	pl := SweepPlot{XCaption: "working set read", LogX: true, XMin: lo, XMax: hi, Title: bandwidthTitle,
		XLabel: sizeTick, YLabel: bandwidthLabel, XTicks: sparseTicks, YUnit: axis.BytesUnit, Pending: nan(),
		Curves: []SweepCurve{c}, Markers: marks, Keys: []Key{{Name: "read bandwidth measured", Color: probeColor}},
		Note: "dashed: the level each was read in"}
	return pl, true
}

// bandwidthLabel labels a bandwidth tick: "25 GiB/s".
func bandwidthLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	return TrimZeros(units.Bytes(v)) + "/s"
}
