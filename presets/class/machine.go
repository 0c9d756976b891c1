package class

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"localitylab/internal/units"
	"localitylab/lab/compare"
	"localitylab/lab/result"
	"localitylab/lab/stats"
	"localitylab/presets/explain"
)

// Machine is one file's machine and what it measured.
type Machine struct {
	File     string
	Started  time.Time
	CPU      string
	Cores    int
	System   string // "linux/amd64, go1.26.8, GOGC 100"
	Caches   string // "L1d 48 KiB · L2 1 MiB · L3 32 MiB", or why there are none
	Line     string // the cache line, or that the file does not record it
	Pages    string // the page mode and the system's THP setting: "huge (THP madvise)"
	Huge     string // each backing's share of heap in huge pages: "soa 100%, ptrarray 100%"
	Load     string // the load average as it started and ended
	Clock    string // what timed the frames
	Counters string // hardware, simulated or none, with the misses event
	Length   string // frames and forks, or a sweep's points and passes
	// Latency and Bandwidth are the machine measured on its own, as its file's probe
	// recorded it (explain.Latencies, explain.Bandwidths): what sets its ratios'
	// ceilings. "n/a (no probe in this file)" for a file written before probes.
	Latency, Bandwidth string
	// Figures are the backings' figures, in the class's order of backings: for a
	// run, one each (the p50 frame); for a sweep, one per backing per point (cost
	// per entity).
	Figures []Figure
}

// Figure is one backing's typical frame (a run) or cost per entity at one point (a
// sweep), with its 95% interval, or a range when too few rounds give none.
type Figure struct {
	Backing string
	Value   int64 // the sweep's value; 0 for a run
	NS      float64
	Lo, Hi  float64
	Range   bool   // Lo–Hi is a range, not a 95% interval
	Missing string // why there is no figure ("failed: …", "not measured"); "" when there is
}

// Text is the figure as a cell shows it: "808 µs (801–815)", "n/a (failed)".
func (f Figure) Text() string {
	if f.Missing != "" {
		return "n/a (" + f.Missing + ")"
	}
	iv := units.Duration(f.Lo) + "–" + units.Duration(f.Hi)
	if f.Range {
		iv = "range " + iv
	}
	return units.Duration(f.NS) + " (" + iv + ")"
}

func machineOf(f File, backings []string) Machine {
	if f.Sweep != nil {
		return sweepMachine(f.Name, f.Sweep, backings)
	}
	r := f.Run
	m := hostFacts(f.Name, r.Host, r.Started)
	m.Pages = pagesText(compare.PagesMode(r), r.THP())
	m.Huge = hugeText(r)
	m.Clock = compare.FrameClock(r)
	m.Load = loadText(r.LoadAverage, r.Host)
	m.Counters = countersText(r.Counters)
	m.Latency, m.Bandwidth = explain.Latencies(r.Probe), explain.Bandwidths(r.Probe)
	m.Length = fmt.Sprintf("%d frames", r.Frames)
	if n := r.NumForks(); n > 1 {
		m.Length += fmt.Sprintf(" in %d forks", n)
	}
	for _, name := range backings {
		m.Figures = append(m.Figures, runFigure(r, name))
	}
	return m
}

func sweepMachine(name string, s *result.Sweep, backings []string) Machine {
	m := hostFacts(name, s.Host, s.Started)
	mode := s.Pages
	if s.Param == result.PagesParam {
		mode = "each point's own (" + strings.Join(s.Labels, ", ") + ")"
	}
	m.Pages = pagesText(mode, s.THP())
	m.Huge = sweepHugeText(s)
	m.Clock = sweepClockText(s)
	m.Load = loadText(s.LoadAverage, s.Host)
	m.Counters = countersText(s.Counters)
	m.Latency, m.Bandwidth = explain.Latencies(s.Probe), explain.Bandwidths(s.Probe)
	m.Length = fmt.Sprintf("%d points", len(s.Points))
	if s.Forks > 1 {
		m.Length += fmt.Sprintf(" in %d passes", s.Forks)
	}
	if s.Stopped != "" {
		m.Length += " (stopped: " + s.Stopped + ")"
	}
	for _, b := range backings {
		for _, p := range s.Points {
			m.Figures = append(m.Figures, pointFigure(&p, b))
		}
	}
	return m
}

func hostFacts(file string, h result.Host, started time.Time) Machine {
	m := Machine{File: file, Started: started, CPU: h.CPU, Cores: h.Cores,
		System: fmt.Sprintf("%s/%s, %s, GOGC %s", h.OS, h.Arch, h.Go, h.GOGC)}
	if m.CPU == "" {
		m.CPU = "unknown CPU"
	}
	var parts []string
	for _, c := range h.Caches {
		p := c.Name() + " " + units.Bytes(float64(c.Bytes))
		if c.NotUsed != "" {
			// The reason is the file's, too long for a cell beside other machines'.
			p += " (reported, not used)"
		}
		parts = append(parts, p)
	}
	m.Caches = strings.Join(parts, " · ")
	if m.Caches == "" {
		m.Caches = "not reported"
	}
	if h.CachesNote != "" {
		m.Caches += " (" + h.CachesNote + ")"
	}
	m.Line = lineText(h)
	return m
}

func pagesText(mode, thp string) string {
	if mode == "" {
		mode = "not recorded"
	}
	if thp != "" {
		mode += " (THP " + thp + ")"
	}
	return mode
}

// hugeText is each backing's share of heap in huge pages, its range over the forks
// where they differ, as the run's summary table gives it.
func hugeText(r *result.Run) string {
	var parts []string
	missing := ""
	for i := range r.Backings {
		b := &r.Backings[i]
		if lo, hi, ok := b.HugeShareRange(); ok {
			parts = append(parts, b.Name+" "+units.ShareRange(lo, hi))
		} else if why := b.HugeShareMissing(); why != "" {
			parts, missing = append(parts, b.Name+" n/a"), cmp.Or(missing, why)
		}
	}
	return sharesText(parts, missing, "not recorded")
}

// sharesText lists the backings' shares of heap in huge pages (parts), with why
// those that are n/a are (missing); none is notRecorded.
func sharesText(parts []string, missing, none string) string {
	s := strings.Join(parts, ", ")
	switch {
	case len(parts) == 0:
		return none
	case missing != "":
		s += " (" + missing + ")"
	}
	return s
}

// countersText is where the machine's miss counts came from: the CPU's hardware
// counters, Valgrind's simulation, or none (with why, shortened to its first clause).
func countersText(c result.Counters) string {
	var from []string
	if c.Enabled && c.Misses != "" {
		from = append(from, "hardware ("+c.Misses+")")
	}
	if c.Simulated != nil {
		from = append(from, "simulated (Valgrind)")
	}
	if len(from) > 0 {
		return strings.Join(from, " and ")
	}
	why := c.Note
	if i := strings.IndexAny(why, ";:"); i > 0 {
		why = why[:i]
	}
	if why == "" {
		return "none (counters off)"
	}
	return "none (" + why + ")"
}

// runFigure is a backing's typical frame: the median of its rounds' medians (the
// unit every comparison of runs uses, lab/compare.Blocks) with its 95% interval over
// those rounds, or their range when they are fewer than six.
func runFigure(r *result.Run, name string) Figure {
	f := Figure{Backing: name}
	for i := range r.Backings {
		b := &r.Backings[i]
		if b.Name != name {
			continue
		}
		if b.Error != "" {
			f.Missing = "failed"
			return f
		}
		blocks := compare.Blocks(r, b)
		if len(blocks) == 0 {
			f.Missing = "no measured round"
			return f
		}
		f.NS, f.Lo, f.Hi = stats.MedianCI(blocks, 0.95)
		f.Range = !stats.Reaches(len(blocks), 0.95)
		return f
	}
	f.Missing = "not in the run"
	return f
}

// pointFigure is a backing's cost per entity at one sweep point, as the sweep keeps
// it.
func pointFigure(p *result.Point, name string) Figure {
	f := Figure{Backing: name, Value: p.Value}
	if p.Skipped != "" {
		f.Missing = "skipped"
		return f
	}
	for _, b := range p.Backings {
		if b.Name != name {
			continue
		}
		switch {
		case b.Error != "":
			f.Missing = "failed"
		case !b.Measured():
			f.Missing = "not measured"
		default:
			f.NS, f.Lo, f.Hi = b.NSPerEntity, b.NSPerEntityLo, b.NSPerEntityHi
			f.Range = p.Measured < 6
		}
		return f
	}
	f.Missing = "not measured"
	return f
}

// FigureOf returns the machine's figure for backing at value (0 for a run).
func (m *Machine) FigureOf(backing string, value int64) (Figure, bool) {
	for _, f := range m.Figures {
		if f.Backing == backing && f.Value == value {
			return f, true
		}
	}
	return Figure{}, false
}
