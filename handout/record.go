package handout

import (
	"fmt"
	"os"
	"strings"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A handout is read away from the machine that measured it, often beside a
// classmate's: it names the machine and every condition a figure depends on, in the
// words the run's own page uses (package charts), so that two handouts can be read
// side by side.

// runRecord is the machine and the conditions of a run, a row each.
func runRecord(r *result.Run) [][2]string {
	rec := [][2]string{
		{"machine", charts.HostName(r.Host)},
		{"caches", cachesText(r.Host.Caches, r.Host.CachesNote)},
		{"parameters", r.Params.List()},
		{"frames", charts.CacheText(r)},
		{"forks", charts.ForkText(r)},
		{"clock", charts.ClockText(r)},
	}
	if cpu := charts.FrameCPUText(r); cpu != "" {
		rec = append(rec, [2]string{"frame CPU", cpu})
	}
	rec = append(rec, [2]string{"pages", runPages(r)})
	rec = append(rec, [2]string{"date", charts.RunDate(r)})
	rec = append(rec, [2]string{"load", runLoad(r)})
	rec = append(rec, [2]string{"counters", charts.CountersText(r.Counters)})
	return rec
}

// cachesText lists a machine's data caches: "L1d 48 KiB, L2 1 MiB, L3 32 MiB".
func cachesText(cs []result.CacheLevel, note string) string {
	if len(cs) == 0 {
		if note != "" {
			return "not known (" + note + ")"
		}
		return "not recorded"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		name := fmt.Sprintf("L%d", c.Level)
		if c.Type == "Data" {
			name += "d"
		}
		parts[i] = name + " " + units.Bytes(float64(c.Bytes))
	}
	return strings.Join(parts, ", ")
}

// runPages is the page mode and each backing's share of heap in huge pages.
func runPages(r *result.Run) string {
	head := charts.PagesText(r)
	if head == "" {
		return "not recorded"
	}
	parts := make([]string, len(r.Backings))
	for i := range r.Backings {
		parts[i] = r.Backings[i].Name + " " + charts.HugePagesCell(&r.Backings[i])
	}
	return strings.TrimPrefix(head, "pages ") + "; heap in huge pages after the load: " + strings.Join(parts, ", ")
}

// runLoad is how busy the machine was, as the run measured it: the frames another
// process interrupted, per backing. A saved run records no load average.
func runLoad(r *result.Run) string {
	parts := make([]string, len(r.Backings))
	for i := range r.Backings {
		parts[i] = r.Backings[i].Name + " " + charts.InterruptedCell(&r.Backings[i])
	}
	return "frames interrupted by other processes: " + strings.Join(parts, ", ")
}

// sweepRecord is the machine and the conditions of a sweep, a row each.
func sweepRecord(s *result.Sweep) [][2]string {
	caches := strings.TrimPrefix(charts.CachesText(s), "caches ")
	rec := [][2]string{
		{"machine", charts.HostName(s.Host)},
		{"caches", caches},
		{"parameters", strings.TrimPrefix(charts.SweepParamList(s), "fixed: ") + " (fixed); " + s.Param + " swept"},
		{"frames", sweepFrames(s)},
		{"forks", sweepForks(s)},
	}
	pages := s.Pages
	if pages == "" {
		pages = "not recorded"
	}
	rec = append(rec, [2]string{"pages", pages})
	date := "not recorded"
	if !s.Started.IsZero() {
		date = s.Started.Format("2006-01-02 15:04 -07:00")
	}
	if s.DurationNS > 0 {
		date += ", took " + units.Duration(float64(s.DurationNS))
	}
	rec = append(rec, [2]string{"date", date})
	rec = append(rec, [2]string{"load", sweepLoad(s)})
	if d := charts.DriftText(s); d != "" {
		rec = append(rec, [2]string{"drift", d})
	}
	if sk := charts.SkippedText(s); sk != "" {
		rec = append(rec, [2]string{"skipped", sk})
	}
	if s.Stopped != "" {
		rec = append(rec, [2]string{"stopped", "the sweep was " + s.Stopped + "; the points it did not reach are absent"})
	}
	rec = append(rec, [2]string{"counters", charts.CountersText(s.Counters)})
	return rec
}

// sweepFrames says how long each point ran.
func sweepFrames(s *result.Sweep) string {
	if s.Frames > 0 {
		return fmt.Sprintf("%d per point, %s caches", s.Frames, s.Cache)
	}
	return fmt.Sprintf("chosen per point within a budget of %s of frames, %s caches", units.Duration(float64(s.BudgetNS)), s.Cache)
}

// sweepForks says how the sweep's passes ran.
func sweepForks(s *result.Sweep) string {
	if s.Forks < 2 {
		return "one pass: each point one fork, in order"
	}
	return fmt.Sprintf("%d passes over the points in alternating order, one fork (fresh workers) of each point per pass", s.Forks)
}

// sweepLoad is how many of the summarised frames other processes interrupted, per
// backing over every point.
func sweepLoad(s *result.Sweep) string {
	parts := make([]string, 0, len(s.Backings))
	for i, name := range s.Backings {
		n, of := 0, 0
		for _, p := range s.Points {
			if i < len(p.Backings) {
				n += p.Backings[i].Interrupted
				of += p.Backings[i].MeasuredFrames
			}
		}
		if of == 0 {
			parts = append(parts, name+" n/a")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s of %s", name, units.Count(float64(n)), units.Count(float64(of))))
	}
	return "frames interrupted by other processes: " + strings.Join(parts, ", ")
}

// LoadAverage is the machine's load average over the last minute, 5 and 15 minutes,
// as /proc/loadavg gives it ("1.63, 1.15, 1.32"), or "" where the system has none.
// A command that has just run the lesson puts it on the page (AddLoadAverage); a
// saved file does not record it.
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], ", ")
}

// AddLoadAverage adds the load average read as the run or sweep ended to the page's
// load row.
func (p *Page) AddLoadAverage(avg string) {
	if avg == "" {
		return
	}
	for i := range p.Record {
		if p.Record[i][0] == "load" {
			p.Record[i][1] = "load average " + avg + " (1, 5, 15 min) as it ended; " + p.Record[i][1]
		}
	}
}
