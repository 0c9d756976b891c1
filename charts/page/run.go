package page

import (
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// page is what the template fills in.
type page struct {
	head
	TableTitle   string
	TableExplain string
	RecordTitle  string
	Errors       []string // one per failed backing: "map: worker exited …"
	Table        charts.Table
	ClaimsNote   string
	Sections     []section
}

// WriteHTML writes the run as one self-describing HTML page: what was run where and
// when, the summary table, and interactive charts of frame time, percentiles,
// memory, allocations (in words while no backing allocated in a measured frame)
// and, when counters were on, memory misses. Chart ids are fixed, so the same run
// gives the same page byte for byte. The page writes only to w; callers write
// files through internal/atomicfile.
func WriteHTML(w io.Writer, r *result.Run, o charts.Options) error {
	if err := charts.FirstError(o.Check(), charts.CheckRun(r)); err != nil {
		return err
	}
	pg, err := buildPage(r, o)
	if err != nil {
		return err
	}
	if err := pageTemplate.Execute(w, pg); err != nil {
		return fmt.Errorf("charts: writing HTML: %w", err)
	}
	return nil
}

// buildPage fills the page: record, table and the rendered chart snippets.
func buildPage(r *result.Run, o charts.Options) (*page, error) {
	log := o.Scale.Log(charts.TypicalFrameTimes(r))
	pg := &page{head: withECharts(head{Headline: charts.Headline(r), HostLine: charts.HostLine(r), Record: record(r), Claims: o.Claims}, o),
		Table: charts.SummaryTable(r), TableTitle: "Summary", TableExplain: summaryExplain, RecordTitle: "Run record",
		ClaimsNote: o.ClaimsNote, Errors: failures(r, "")}
	for _, s := range pageCharts(r, o, log) {
		if err := pg.add(s.title, s.explain, s.chart); err != nil {
			return nil, err
		}
	}
	return pg, nil
}

// summaryExplain says how to read a run's summary table.
const summaryExplain = "Fastest first, by median frame time over the frames kept (after warm-up and, in warm mode, not the re-warming first half of a burst). “× slower than best”: in each round, the median of the per-frame time ratios to the fastest backing; then the median over the rounds, with its 95% confidence interval over the rounds (“range” below six rounds); “n.s.” marks an interval that does not rule out no difference. GC/frame is the collector’s CPU time for each backing’s own work. A run of several forks (fresh worker processes, one after another) takes its intervals over the rounds of every fork, widened to hold each fork’s own median; “fork spread” is how far apart the forks’ medians lie, and “two modes” marks forks whose own intervals do not overlap: a rerun may land near either."

// record lists what a reader needs to trust and repeat the run.
func record(r *result.Run) [][2]string {
	rec := [][2]string{{"workload", r.Workload}}
	if r.Title != "" {
		rec = append(rec, [2]string{"preset", r.Title})
	}
	seed := "not recorded"
	if s, ok := r.Params["seed"]; ok {
		seed = strconv.FormatInt(s, 10)
	}
	rec = append(rec,
		[2]string{"parameters", r.Params.List()},
		[2]string{"seed", seed},
		[2]string{"frames", framesText(r)},
		[2]string{"frame schedule", charts.CacheText(r)},
		[2]string{"forks", charts.ForkText(r)},
		[2]string{"frame clock", charts.ClockText(r)},
	)
	if cpu := charts.FrameCPUText(r); cpu != "" {
		rec = append(rec, [2]string{"frame CPU", cpu})
	}
	if pages := charts.PagesRecord(r); pages != "" {
		rec = append(rec, [2]string{"pages", pages})
	}
	rec = append(rec,
		[2]string{"started", charts.RunDate(r)},
		[2]string{"host", charts.HostName(r.Host)},
		[2]string{"Go", r.Host.Go},
		[2]string{"hardware counters", charts.CountersText(r.Counters)},
	)
	if sim := charts.SimText(r); sim != "" {
		rec = append(rec, [2]string{"simulated misses", sim})
	}
	rec = append(rec,
		[2]string{"equal work", equalWork(r)},
		[2]string{"result schema", r.Schema},
	)
	return rec
}

// framesText says how many frames the run had and which were warm-up.
func framesText(r *result.Run) string {
	if r.NumForks() > 1 {
		return units.Count(float64(r.Frames)) + ", of which " + units.Count(float64(r.Warmup)) +
			" are warm-up, the first of each fork (shaded, not in the summary)"
	}
	return units.Count(float64(r.Frames)) + ", of which the first " + units.Count(float64(r.Warmup)) + " are warm-up (shaded, not in the summary)"
}

// equalWork says whether every backing that finished folded the same checksum,
// the proof that they did the same work.
func equalWork(r *result.Run) string {
	sums := map[string][]string{}
	var order []string
	for i := range r.Backings {
		b := &r.Backings[i]
		if b.Error != "" || b.Summary.Checksum == "" {
			continue
		}
		if _, ok := sums[b.Summary.Checksum]; !ok {
			order = append(order, b.Summary.Checksum)
		}
		sums[b.Summary.Checksum] = append(sums[b.Summary.Checksum], b.Name)
	}
	switch len(order) {
	case 0:
		return "no checksum recorded"
	case 1:
		return "every finished backing folded checksum " + order[0]
	}
	parts := make([]string, len(order))
	for i, s := range order {
		parts[i] = s + " (" + strings.Join(sums[s], ", ") + ")"
	}
	return "CHECKSUMS DIFFER: " + strings.Join(parts, "; ")
}
