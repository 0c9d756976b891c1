package charts

import (
	"fmt"
	"image/color"
	"math"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A MachineChart is one chart of the machine's probe (result.Probe): what the
// "This machine" view, `probe -png` and `probe -html` draw. Each is a file of its
// own (machine_*.go) and one line in MachineCharts; every renderer iterates
// MachineCharts. Each is drawn as a sweep's chart is (SweepPlot): a figure
// against a working set on a logarithmic axis, with dashed markers, so that the
// PNG, the page and the app draw it alike.
type MachineChart struct {
	Name    string // the page's chart id: "ladder"
	Title   string // "Latency of a dependent load"
	YAxis   string // the page's y axis: "ns per load"
	YJS     string // the page's formatter of a y figure, as Unit.JS
	Explain string // under the title on the page
	// Plot makes the chart of p; ok is false where p holds nothing it draws (a
	// probe without bandwidths), and the chart is left out.
	Plot func(p *result.Probe) (pl SweepPlot, ok bool)
}

// MachineCharts are the probe's charts in the order every view places them.
var MachineCharts = []*MachineChart{
	Ladder,
	ReadBandwidth,
}

// The probe's colours: the ladder's line, and the sizes the system reports.
var (
	probeColor    = color.NRGBA{0x1f, 0x6f, 0xb4, 0xFF}
	reportedColor = InkSoft
)

// The probe charts' curve names, which their markers name (SweepMarker.Backing).
const (
	measuredCurve = "measured"
	reportedCurve = "reported by the system"
)

// ProbeHeadline is what a probe's page and slide say first.
func ProbeHeadline(p *result.Probe) string {
	return fmt.Sprintf("This machine, measured: the %s probe, %s", p.Kind, p.Taken.Format("2006-01-02 15:04"))
}

// sizeTick labels a working set compactly: "4 KiB", "1.5 MiB".
func sizeTick(v float64) string { return TrimZeros(units.Bytes(v)) }

// powerTicks are 4 KiB times the powers of four from lo to hi: the working sets'
// ticks, which land on the sizes caches come in.
func powerTicks(lo, hi float64) []float64 { return ticksEvery(lo, hi, 4) }

// sparseTicks are every other one of powerTicks, for a narrow chart.
func sparseTicks(lo, hi float64) []float64 { return ticksEvery(lo, hi, 16) }

func ticksEvery(lo, hi, step float64) []float64 {
	var out []float64
	for v := 4096.0; v <= hi*(1+1e-9); v *= step {
		if v >= lo*(1-1e-9) {
			out = append(out, v)
		}
	}
	return out
}

// reportedMarkers mark the caches the system reports that the lab uses (one set
// aside as not this machine's is never a marker), grey, on their own row.
func reportedMarkers(p *result.Probe, lo, hi float64) []SweepMarker {
	var out []SweepMarker
	for _, c := range p.Reported {
		if c.NotUsed != "" || float64(c.Bytes) < lo || float64(c.Bytes) > hi {
			continue
		}
		out = append(out, SweepMarker{X: float64(c.Bytes), Label: cacheName(c), Backing: reportedCurve, Color: reportedColor})
	}
	return out
}

// cacheName is a reported cache's usual short name: "L1d", "L2".
func cacheName(c result.CacheLevel) string {
	if c.Type == "Data" {
		return fmt.Sprintf("L%dd", c.Level)
	}
	return fmt.Sprintf("L%d", c.Level)
}

// ladderRange is the span of the ladder's working sets.
func ladderRange(p *result.Probe) (lo, hi float64) {
	if len(p.Ladder) == 0 {
		return math.NaN(), math.NaN()
	}
	return float64(p.Ladder[0].Bytes), float64(p.Ladder[len(p.Ladder)-1].Bytes)
}

// ProbeConditions says where and how the probe ran: the CPU, the pages, the clock,
// the line, and how long it took.
func ProbeConditions(p *result.Probe) string {
	cpu := "not pinned"
	if p.CPU.CPU >= 0 {
		cpu = fmt.Sprintf("CPU %d", p.CPU.CPU)
	}
	clock := "thread CPU time"
	if p.Clock == result.ClockWall {
		clock = "wall clock"
	}
	return fmt.Sprintf("On %s, %s pages, timed by %s, elements %d bytes apart, median of %d repetitions a point; took %s.",
		cpu, p.Pages.Mode, clock, p.LineBytes, p.Repetitions, units.Duration(float64(p.DurationNS)))
}

// ProbeLevelsTable is the levels the ladder found beside the caches the system
// reports: each level's plateau, its size as found, its latency, the size
// reported and the read bandwidth in it; memory last.
func ProbeLevelsTable(p *result.Probe) Table {
	t := Table{Columns: []string{"level", "plateau", "size found", "latency", "reported", "read bandwidth"}}
	row := func(l result.ProbeLevel, size string) {
		reported := "—"
		if l.ReportedBytes > 0 {
			reported = units.Bytes(float64(l.ReportedBytes))
		}
		if l.Name == "memory" {
			reported = ""
		}
		bw := "n/a"
		if b := p.BandwidthOf(l.Name); b != nil {
			bw = units.Bytes(b.BytesPerS) + "/s"
		}
		t.Rows = append(t.Rows, Row{Backing: l.Name, Color: probeColor, Cells: []string{l.Name,
			units.Bytes(float64(l.FromBytes)) + "–" + units.Bytes(float64(l.Bytes)), size, units.Duration(l.NS), reported, bw}})
	}
	for _, l := range p.Levels {
		row(l, units.Bytes(float64(l.Size())))
	}
	if p.Memory != nil {
		row(*p.Memory, "")
	}
	return t
}

// ProbeWords are what the probe says in words: where the levels found and the
// caches reported disagree, and its notes.
func ProbeWords(p *result.Probe) []string {
	var out []string
	for _, d := range p.Disagreements {
		out = append(out, "Disagrees: "+d+".")
	}
	for _, n := range p.Notes {
		out = append(out, "Note: "+n+".")
	}
	return out
}
