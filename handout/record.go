package handout

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A handout is read away from the machine that measured it, often beside a
// classmate's. So it names the machine and every condition a figure depends on, in
// the words the run's own page uses (package charts), and two handouts can be read
// side by side.

// runRecord is the machine and the conditions of a run, a row each.
func runRecord(r *result.Run) [][2]string {
	rec := [][2]string{
		{"machine", charts.HostName(r.Host)},
		{"caches", cachesText(r.Host.Caches, r.Host.CachesNote)},
		{"cache line", lineText(r.Host)},
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

// cachesText lists a machine's data caches: "L1d 48 KiB, L2 1 MiB, L3 32 MiB", a
// cache the lab did not use with why ("L3 480 MiB reported by the system, not used:
// …"), and where they came from when not from the machine.
func cachesText(cs []result.CacheLevel, note string) string {
	if len(cs) == 0 {
		if note != "" {
			return "not known (" + note + ")"
		}
		return "not recorded"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Text()
	}
	out := strings.Join(parts, ", ")
	if note != "" {
		out += " (" + note + ")"
	}
	return out
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
	s := strings.TrimPrefix(head, "pages ") + "; heap in huge pages after the load: " + strings.Join(parts, ", ")
	if why := r.HugeShareMissing(); why != "" {
		s += " (" + why + ")"
	}
	return s
}

// runLoad is how busy the machine was, as the run measured it: the load average as
// it started and ended, and the frames another process interrupted, per backing.
func runLoad(r *result.Run) string {
	parts := make([]string, len(r.Backings))
	for i := range r.Backings {
		parts[i] = r.Backings[i].Name + " " + charts.InterruptedCell(&r.Backings[i])
	}
	return loadAverageText(r.LoadAverage, r.Host) + "; frames interrupted by other processes: " + strings.Join(parts, ", ")
}

// loadNotRecorded opens the load row of a file written before the load average was
// recorded; AddLoadAverage puts a reading in its place.
const loadNotRecorded = "load average not recorded"

// loadAverageText is the load average the file recorded, or why it has none.
func loadAverageText(a *result.LoadAverage, host result.Host) string {
	switch why := result.LoadAverageMissing(a, host); why {
	case "":
		return "load average (1 min) " + a.Text()
	case result.NotRecorded:
		return loadNotRecorded
	default:
		return "load average n/a (" + why + ")"
	}
}

// lineText is the machine's cache line, as its file recorded it.
func lineText(h result.Host) string {
	if n := h.CacheLine(); n > 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	return "not recorded"
}

// sweepRecord is the machine and the conditions of a sweep, a row each.
func sweepRecord(s *result.Sweep) [][2]string {
	caches := strings.TrimPrefix(charts.CachesText(s), "caches ")
	rec := [][2]string{
		{"machine", charts.HostName(s.Host)},
		{"caches", caches},
		{"cache line", lineText(s.Host)},
		{"parameters", strings.TrimPrefix(charts.SweepParamList(s), "fixed: ") + " (fixed); " + s.Param + " swept"},
		{"frames", sweepFrames(s)},
		{"forks", sweepForks(s)},
		{"clock", sweepClock(s)},
	}
	if cpu := sweepFrameCPU(s); cpu != "" {
		rec = append(rec, [2]string{"frame CPU", cpu})
	}
	rec = append(rec, [2]string{"pages", sweepPages(s)})
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
	return loadAverageText(s.LoadAverage, s.Host) + "; frames interrupted by other processes: " + strings.Join(parts, ", ")
}

// sweepClock is what timed the sweep's frames, in a run's words (charts.ClockText).
func sweepClock(s *result.Sweep) string {
	switch s.Clock {
	case result.ClockThreadCPU:
		return "each frame thread's CPU time (the wall time beside it, and the frames another process interrupted, counted)"
	case result.ClockWall:
		return "the wall clock"
	}
	return "not recorded"
}

// sweepFrameCPU is where the sweep's frames ran: the CPUs its points' frame threads
// were placed on, and each way they were chosen (without a point's own figures of
// how busy each CPU was); "" where no point recorded it.
func sweepFrameCPU(s *result.Sweep) string {
	var cpus, whys []string
	add := func(list []string, x string) []string {
		if !slices.Contains(list, x) {
			list = append(list, x)
		}
		return list
	}
	for _, p := range s.Points {
		for _, b := range p.Backings {
			for _, c := range b.FrameCPUs() {
				if c.Why == "" {
					continue
				}
				why, _, _ := strings.Cut(c.Why, ":")
				whys = add(whys, why)
				cpu := "not pinned"
				if c.CPU >= 0 {
					cpu = "CPU " + strconv.Itoa(c.CPU)
				}
				cpus = add(cpus, cpu)
			}
		}
	}
	if len(cpus) == 0 {
		return ""
	}
	slices.Sort(cpus)
	return strings.Join(cpus, ", ") + " over the points (" + strings.Join(whys, "; ") + ")"
}

// sweepPages is the page mode with the system's setting, and each backing's share of
// heap in huge pages over its points, as a run's record gives them.
func sweepPages(s *result.Sweep) string {
	if s.Pages == "" {
		return "not recorded"
	}
	head := s.Pages
	var parts []string
	missing := ""
	for i, name := range s.Backings {
		if lo, hi, ok := s.HugeShareRange(i); ok {
			parts = append(parts, name+" "+units.ShareRange(lo, hi))
		} else if why := s.HugeShareMissing(i); why != "" {
			parts, missing = append(parts, name+" n/a"), cmp.Or(missing, why)
		}
	}
	if thp := s.THP(); thp != "" {
		head += " (THP " + thp + ")"
	}
	if len(parts) == 0 {
		return head
	}
	head += "; heap in huge pages after the load: " + strings.Join(parts, ", ")
	if missing != "" {
		head += " (" + missing + ")"
	}
	return head
}

// LoadAverage is the machine's load average over the last minute, 5 and 15 minutes,
// as /proc/loadavg gives it ("1.63, 1.15, 1.32"), or "" where the system has none.
// A command that has just run the lesson puts it on the page (AddLoadAverage) when
// the run or sweep did not record its own.
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

// AddLoadAverage puts the load average read as the run or sweep ended in the page's
// load row, where the run or sweep did not record its own.
func (p *Page) AddLoadAverage(avg string) {
	if avg == "" {
		return
	}
	for i := range p.Record {
		if p.Record[i][0] == "load" {
			if rest, ok := strings.CutPrefix(p.Record[i][1], loadNotRecorded); ok {
				p.Record[i][1] = "load average " + avg + " (1, 5, 15 min) as it ended" + rest
			}
		}
	}
}
