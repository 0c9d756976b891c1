package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"localitylab/charts"
	"localitylab/charts/page"
	"localitylab/charts/raster"
	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/probe"
	"localitylab/lab/result"
)

// probeOpts are the probe command's flags.
type probeOpts struct {
	json, png   string
	html        string
	echarts     echartsFlag
	from        string
	full, short bool
	pages       string

	c lab.ProbeConfig // once prepared
}

func probeFlags(w io.Writer) (*flag.FlagSet, *probeOpts) {
	fs, o := newFlags[probeOpts]("probe", w)
	fs.StringVar(&o.json, "json", "", "write the probe's record to `FILE` as JSON (schema "+result.ProbeSchema+"; - for standard output)")
	fs.StringVar(&o.png, "png", "", "write the probe's charts (the ladder, the bandwidth) and its levels to `FILE` as PNG (1920×1080)")
	fs.StringVar(&o.html, "html", "", "write the probe's charts, to hover and zoom, and its levels to `FILE` as an HTML page")
	echartsVar(fs, &o.echarts)
	fs.StringVar(&o.from, "from", "", "draw the probe saved in `FILE` (a probe's JSON, or a run or sweep that carries one) instead of measuring")
	fs.BoolVar(&o.full, "full", false, "the full probe, four working sets per doubling up to 4 MiB and two past it (a few seconds on an idle machine); the default")
	fs.BoolVar(&o.short, "short", false, "the short probe a saved file carries: one working set per doubling (a second or two)")
	fs.StringVar(&o.pages, "pages", "", fmt.Sprintf("the memory pages of the probe's buffer, as a run's heap: system, huge or small (default %s); with small pages the TLB's reach shows as steps", lab.DefaultPages))
	return fs, o
}

// probeCmd measures the machine on its own (lab.Probe) and prints its ladder, the
// levels found beside those the system reports, and the bandwidths.
func probeCmd(args []string, stdout, stderr io.Writer) int {
	fs, o := probeFlags(stderr)
	return runFlagCmd(fs, o, "the probe takes flags only", args, stdout, stderr)
}

func (o *probeOpts) prepare(map[string]bool) error {
	if o.full && o.short {
		return usagef("-full, -short: both given (want one, or neither for the full probe)")
	}
	o.c.Kind = result.ProbeFull
	if o.short {
		o.c.Kind = result.ProbeShort
	}
	if o.pages != "" {
		m, err := lab.ParsePagesMode(o.pages)
		if err != nil {
			return usagef("-pages: %v", err)
		}
		o.c.Pages = m
	}
	var inputs []namedFile
	if o.from != "" {
		inputs = append(inputs, flagFile("from", o.from))
	}
	return checkFiles(inputs, flagFile("json", o.json), flagFile("png", o.png), flagFile("html", o.html))
}

func (o *probeOpts) work(ctx context.Context, stdout, stderr io.Writer) int {
	var p *result.Probe
	var err error
	if o.from != "" {
		p, err = loadProbe(o.from)
		if err != nil {
			return complain(fmt.Errorf("-from: %w", err), stderr)
		}
	} else {
		w := newProbeProgress(stderr)
		o.c.Progress = w.update
		p, err = lab.Probe(ctx, o.c)
		w.end()
		if err != nil {
			return failed(ctx, err, "; nothing was written", stderr)
		}
		lab.Keep(lab.PagesMode(p.Pages.Mode), p)
	}
	toStdout := o.json != "" && atomicfile.IsStdout(o.json)
	var b strings.Builder
	writeProbe(&b, p)
	io.WriteString(textOut(toStdout, stdout, stderr), b.String())
	if o.json != "" {
		if err := atomicfile.WriteTo(o.json, raw(stdout), func(w io.Writer) error { return result.WriteProbeJSON(w, p) }); err != nil {
			return complain(fmt.Errorf("-json: %w", err), stderr)
		}
	}
	opt := charts.Options{EChartsURL: o.echarts.url}
	if o.png != "" {
		if err := atomicfile.WriteTo(o.png, raw(stdout), func(w io.Writer) error { return raster.WriteProbePNG(w, p, opt) }); err != nil {
			return complain(fmt.Errorf("-png: %w", err), stderr)
		}
	}
	if o.html != "" {
		if err := atomicfile.WriteTo(o.html, raw(stdout), func(w io.Writer) error { return page.WriteProbeHTML(w, p, opt) }); err != nil {
			return complain(fmt.Errorf("-html: %w", err), stderr)
		}
	}
	return exit.OK
}

// loadProbe reads the probe in path: a probe's own file, or the one a saved run or
// sweep carries; an error where it carries none.
func loadProbe(path string) (*result.Probe, error) {
	if p, err := result.LoadProbeJSON(path); err == nil {
		return p, nil
	}
	r, sw, err := result.LoadSaved(path)
	if err != nil {
		return nil, err
	}
	var p *result.Probe
	if sw != nil {
		p = sw.Probe
	} else if r != nil {
		p = r.Probe
	}
	if p == nil {
		return nil, fmt.Errorf("%s: the file carries no probe of its machine (written before probes, or with -probe none)", path)
	}
	return p, nil
}

// probeProgress shows a probe's steps on stderr, as a run's progress is shown.
type probeProgress struct {
	p  *progress
	at time.Time
}

func newProbeProgress(w io.Writer) *probeProgress { return &probeProgress{p: newProgress(w)} }

func (w *probeProgress) update(s probe.Step) {
	now := time.Now()
	if isTerminal(w.p.w) && now.Sub(w.at) < progressEvery && s.Done < s.Of {
		return
	}
	if !isTerminal(w.p.w) && s.Done%10 != 0 && s.Done < s.Of { // a log gets a line every ten steps
		return
	}
	w.at = now
	w.p.draw(fmt.Sprintf("probe: %d of %d, %s", s.Done, s.Of, s.What))
}

func (w *probeProgress) end() { w.p.end() }

// probeWorker serves a probe for the lab's coordinator over stdin and stdout, as
// worker serves a backing.
func probeWorker(stdout, stderr io.Writer) int {
	if f, ok := stdout.(*os.File); ok && f == os.Stdout {
		os.Stdout = os.Stderr
	}
	signal.Ignore(stopSignals...) // the coordinator decides what stops (see worker)
	if err := lab.ServeProbe(os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "localitylab probe-worker:", err)
		return exit.Failed
	}
	return exit.OK
}

// writeProbe writes a probe's record as the command prints it: what it ran under,
// the ladder in two columns, the levels found beside those reported, with the
// bandwidth at each, and what disagrees.
func writeProbe(b *strings.Builder, p *result.Probe) {
	fmt.Fprintf(b, "Probe (%s), taken %s in %s\n  %s\n", p.Kind, p.Taken.Format("2006-01-02 15:04"), units.Duration(float64(p.DurationNS)), probeConditions(p))
	fmt.Fprintf(b, "\nLatency of a dependent load, by working set (median of %d repetitions, its 95%% interval):\n", p.Repetitions)
	var cells [][]string
	for _, q := range p.Ladder {
		cells = append(cells, []string{units.Bytes(float64(q.Bytes)), units.Duration(q.NS),
			"(" + strings.TrimSuffix(units.Duration(q.Lo), " ns") + "–" + units.Duration(q.Hi) + ")"})
	}
	half := (len(cells) + 1) / 2
	var rows [][]string
	for i := range half {
		row := append([]string{"  "}, cells[i]...)
		if j := i + half; j < len(cells) {
			row = append(row, "   ")
			row = append(row, cells[j]...)
		} else {
			row = append(row, "", "", "", "")
		}
		rows = append(rows, row)
	}
	writeColumns(b, rows, 1)
	fmt.Fprintln(b, "\nLevels the ladder shows, beside the caches the system reports:")
	rows = [][]string{{"  level", "plateau", "size", "latency", "range", "reported", "read bandwidth"}}
	for _, l := range p.Levels {
		reported := "—"
		if l.ReportedBytes > 0 {
			reported = units.Bytes(float64(l.ReportedBytes))
		}
		rows = append(rows, levelRow(p, l, reported))
	}
	if m := p.Memory; m != nil {
		rows = append(rows, levelRow(p, *m, ""))
	}
	writeColumns(b, rows, 2)
	if p.Memory == nil {
		if bw := p.BandwidthOf("memory"); bw != nil {
			fmt.Fprintf(b, "  read bandwidth through %s: %s\n", units.Bytes(float64(bw.Bytes)), bandwidthText(bw))
		}
	}
	if len(p.Reported) == 0 {
		fmt.Fprintf(b, "  the system reports no cache: %s\n", p.ReportedNote)
	}
	for _, d := range p.Disagreements {
		writeWrapped(b, "  disagrees: ", d)
	}
	for _, n := range p.Notes {
		writeWrapped(b, "  note: ", n)
	}
}

// writeWrapped writes text after lead, wrapped within the table's width, its
// lines after the first indented under the text.
func writeWrapped(b *strings.Builder, lead, text string) {
	indent := "\n" + strings.Repeat(" ", len(lead))
	b.WriteString(lead + strings.ReplaceAll(wrap(text, probeWidth-len(lead)), "\n", indent) + "\n")
}

// probeWidth is the widest line the probe's table prints.
const probeWidth = 96

// levelRow is one level's row: its name, the working sets of its plateau, the
// size the ladder puts on it (none for memory), the median latency and its range,
// the size reported, the bandwidth at it.
func levelRow(p *result.Probe, l result.ProbeLevel, reported string) []string {
	sets := units.Bytes(float64(l.FromBytes)) + "–" + units.Bytes(float64(l.Bytes))
	size := ""
	if l.Name != "memory" {
		size = units.Bytes(float64(l.Size()))
	}
	return []string{"  " + l.Name, sets, size, units.Duration(l.NS),
		strings.TrimSuffix(units.Duration(l.Lo), " ns") + "–" + units.Duration(l.Hi), reported, bandwidthText(p.BandwidthOf(l.Name))}
}

// bandwidthText is a bandwidth in bytes per second, "n/a" where none was measured.
func bandwidthText(bw *result.Bandwidth) string {
	if bw == nil {
		return "n/a"
	}
	return units.Bytes(bw.BytesPerS) + "/s"
}

// probeConditions says where and how the probe ran: the CPU, the pages, the clock,
// the line.
func probeConditions(p *result.Probe) string {
	cpu := "not pinned"
	if p.CPU.CPU >= 0 {
		cpu = fmt.Sprintf("CPU %d", p.CPU.CPU)
	}
	pages := p.Pages.Mode + " pages"
	if share, ok := p.Pages.Share(); ok && p.Pages.HeapBytes > 0 {
		pages += fmt.Sprintf(" (%.0f%% of %s huge)", 100*share, units.Bytes(float64(p.Pages.HeapBytes)))
	}
	clock := "thread CPU time"
	if p.Clock == result.ClockWall {
		clock = "wall clock"
	}
	return fmt.Sprintf("on %s, %s, timed by %s, elements %d bytes apart", cpu, pages, clock, p.LineBytes)
}
