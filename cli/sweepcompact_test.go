package cli

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"localitylab/charts"
	"localitylab/internal/params"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
	"localitylab/presets"
	"localitylab/workloads"
)

// TestSweepFitsTerminal: at the default width every line a sweep prints fits 100
// columns, for the shape of every built-in sweep lesson (its backings, parameter and
// values) and of the lessons of six backings swept over entities, each with the
// widest figures a sweep gives (widestSweep), and so does the progress line that
// sums each point up; the verdict is the first thing after the tables; -wide prints
// every column of both tables.
func TestSweepFitsTerminal(t *testing.T) {
	shapes := 0
	for _, p := range presets.Builtin() {
		if p.Sweep == nil && len(p.Backings) < 6 {
			continue
		}
		shapes++
		t.Run(p.Name, func(t *testing.T) {
			s := widestSweep(t, p)
			answered := presets.AnswerSweepClaims(p.Claims, s)
			var b strings.Builder
			if err := writeSweepTable(&b, s, answered, false); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for i, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > termWidth {
					t.Errorf("line %d is %d columns wide:\n%s\n\nthe whole output:\n%s", i+1, n, l, out)
				}
			}
			whole := charts.SweepBackingsTable(s)
			for _, r := range whole.Rows {
				for _, m := range strings.Split(r.Cells[len(r.Cells)-1], " · ") {
					if !strings.Contains(out, m) {
						t.Errorf("%s reached a cache at %q, which the output does not show:\n%s", r.Cells[0], m, out)
					}
				}
			}
			if !strings.Contains(out, "Not shown here, to fit 100 columns: ") || !strings.Contains(out, "each backing's GC/frame") {
				t.Errorf("no note says what the tables leave out:\n%s", out)
			}
			if len(answered) > 0 {
				verdict := answered[0].Answer.Verdict
				if verdict == "" {
					verdict = answered[0].Answer.Measured
				}
				first, _, _ := strings.Cut(wrap(verdict, termWidth), "\n")
				if !strings.Contains(out, "\n\n"+first+"\n") || strings.Index(out, first) > strings.Index(out, "ns/entity: the median") {
					t.Errorf("the verdict %q is not the first line after the tables:\n%s", first, out)
				}
			}
			// The progress on stderr: the line that sums up each point.
			b.Reset()
			for k, pt := range s.Points {
				pt.Forks = 16
				pr := newSweepProgress(&b)
				pr.at, pr.value = [2]int{0, k}, pt.Value
				pr.pointDone(sweep.Status{Param: s.Param, Unit: s.Unit, Done: []result.Point{pt}})
			}
			for _, l := range strings.Split(b.String(), "\n") {
				if n := utf8.RuneCountInString(l); n > termWidth {
					t.Errorf("a progress line of %d columns:\n%s", n, l)
				}
			}
			b.Reset()
			if err := writeSweepTable(&b, s, answered, true); err != nil {
				t.Fatal(err)
			}
			for _, tab := range []charts.Table{charts.SweepPointsTable(s), charts.SweepBackingsTable(s)} {
				if head := strings.Join(tab.Columns, "  "); !strings.Contains(columnsOf(b.String()), head) {
					t.Errorf("-wide lacks the header %q:\n%s", head, b.String())
				}
			}
		})
	}
	if shapes < 10 {
		t.Errorf("%d built-in sweep shapes: the presets were not found", shapes)
	}
}

// columnsOf is out with every run of spaces made two, so that a header reads as its
// columns joined.
func columnsOf(out string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		lines = append(lines, strings.Join(columns(l), "  "))
	}
	return strings.Join(lines, "\n")
}

// columns splits an aligned line at runs of two spaces or more.
func columns(l string) []string {
	var out []string
	for _, c := range strings.Split(l, "  ") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// widestSweep is a sweep of p's shape (for a lesson told by a single run, a sweep of
// entities from a thousand to ten million) with the widest cells its tables take:
// intervals that span two units, the collector and simulated misses at every point,
// a marker at every cache for every backing, a failed backing, a skipped point, a
// crossing between every two backings and a drift for each.
func widestSweep(t *testing.T, p presets.Preset) *result.Sweep {
	t.Helper()
	spec, err := workloads.Lookup(p.Workload)
	if err != nil {
		t.Fatal(err)
	}
	param, values := "entities", []int64{1000, 10_000, 100_000, 1_000_000, 10_000_000}
	if p.Sweep != nil {
		param, values = p.Sweep.Param, p.Sweep.Values
	}
	s := &result.Sweep{Schema: result.SweepSchema, Title: p.Title, Workload: p.Workload, Param: param,
		Values: values, Params: params.Map{"seed": 1234567}, Backings: p.Backings, Cache: result.Cold, Pages: result.PagesHuge,
		Counters:   result.Counters{Enabled: true, Simulated: &result.Simulated{Tool: "callgrind", Frames: 4}},
		DurationNS: 3600e9, Forks: 3, Caches: []result.Cache{{Name: "L1d", Bytes: 48 << 10}, {Name: "L2", Bytes: 2 << 20}, {Name: "L3", Bytes: 256 << 20},
			{Name: "L1d measured", Bytes: 40 << 10, Measured: true}, {Name: "L2 measured", Bytes: 1 << 20, Measured: true},
			{Name: "L3 measured", Bytes: 200 << 20, Measured: true}}}
	for _, q := range spec.Params {
		if q.Name == param {
			s.Unit, s.Modes = q.Unit, q.Modes
		}
	}
	for name, v := range p.Params {
		if name != param {
			s.Params[name] = v + 1_234_567
		}
	}
	big := 1234.5
	for k, v := range values {
		pt := result.Point{Value: v, Entities: 10_000_000, Rounds: 100, Measured: 100}
		if k == len(values)-1 && k > 1 {
			pt.Skipped = "the run needs about 123 GiB, more than the 23.4 GiB available"
			s.Points = append(s.Points, pt)
			continue
		}
		for i, name := range p.Backings {
			b := result.PointBacking{Name: name, NSPerEntity: 1001 + float64(i), NSPerEntityLo: 999.4, NSPerEntityHi: 1019,
				BytesPerEntity: 1234, WorkingSetBytes: 1.2e10, SpanBytes: 1.2e10, MeasuredFrames: 100,
				GCCPUNSPerFrame: 1.234e6, GCCycles: 12345, GCCyclesPer1000: 1234, P99WithGCNS: 1.5e6, P50NS: 1e6}
			b.SimD1MissesPerFrame, b.SimD1MissesPerEntity, b.SimLLMissesPerEntity = &big, &big, &big
			if k == 1 && i == len(p.Backings)-1 {
				b.Error = fmt.Sprintf("worker %s: exited with signal: killed after 1m30s without a word", name)
			}
			pt.Backings = append(pt.Backings, b)
		}
		s.Points = append(s.Points, pt)
	}
	for i, name := range p.Backings {
		for _, c := range s.Caches {
			s.Markers = append(s.Markers, result.Marker{Backing: name, Cache: c.Name, Bytes: c.Bytes, At: 1_234_567, By: result.MarkerBySpan})
		}
		s.Drift = append(s.Drift, result.Drift{Backing: name, Ratio: 1.234, Points: 4})
		if i > 0 {
			s.Crossings = append(s.Crossings, result.Crossing{Below: name, Above: p.Backings[i-1], From: values[0], To: values[1],
				At: 1234, Text: fmt.Sprintf("%s faster than %s below %s ≈ 1,234,567, %s faster above (the curves cross between %d and %d)",
					name, p.Backings[i-1], param, p.Backings[i-1], values[0], values[1])})
		}
	}
	return s
}
