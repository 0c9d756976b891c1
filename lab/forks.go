package lab

import (
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// JoinForks joins runs of the same setup, each measured as a run of one fork (a
// sweep measures a point in passes, one fork per pass, so that its points interleave
// in time), into one run of those forks, summarised: the frames laid end to end, the
// rounds moved to match, each backing's load the median fork's, and each fork's
// conditions (frame CPU, pages) kept as that fork's record. A run that kept no
// frame past its warm-up (stopped early) adds nothing. A backing whose worker failed
// in one fork keeps the frames it ran until then and its error, and nothing of the
// forks after, as in a run of several forks. The runs must share their workload,
// backings (in order) and parameters; the first one's record (host, counters, start)
// is the joined run's.
func JoinForks(runs []*result.Run) *result.Run {
	first := runs[0]
	r := &result.Run{Schema: result.Schema, Title: first.Title, Workload: first.Workload, Params: first.Params.Clone(),
		Cache: first.Cache, CacheNote: first.CacheNote, Counters: first.Counters, Host: first.Host,
		Started: first.Started, Backings: make([]result.Backing, len(first.Backings))}
	nb := len(first.Backings)
	loads, cpus, pages := make([][]result.Load, nb), make([][]result.FrameCPU, nb), make([][]result.Pages, nb)
	var pinned []string
	for i, b := range first.Backings {
		r.Backings[i] = result.Backing{Name: b.Name, Frames: result.Series{}}
	}
	for _, f := range runs {
		n := 0
		for _, rd := range f.Rounds {
			n += rd.Frames
		}
		if n <= f.Warmup || len(f.Backings) != len(r.Backings) {
			continue
		}
		at := r.Frames
		r.Forks = append(r.Forks, result.Fork{First: at, Frames: n, Warmup: f.Warmup})
		for _, rd := range f.Rounds {
			r.Rounds = append(r.Rounds, result.Round{First: at + rd.First, Frames: rd.Frames, Order: slices.Clone(rd.Order)})
		}
		r.Frames += n
		r.Warmup += f.Warmup
		pinned = append(pinned, f.Pinned)
		for i := range r.Backings {
			b, fb := &r.Backings[i], &f.Backings[i]
			loads[i] = append(loads[i], result.Load{})
			cpus[i], pages[i] = append(cpus[i], result.FrameCPU{}), append(pages[i], result.Pages{})
			if b.Error != "" {
				continue
			}
			loads[i][len(loads[i])-1] = fb.Load
			if c := fb.FrameCPUs(); len(c) == 1 {
				cpus[i][len(cpus[i])-1] = c[0]
			}
			if p := fb.PagesByFork(); len(p) == 1 {
				pages[i][len(pages[i])-1] = p[0]
			}
			if b.Frames.Len() == at { // every fork so far ran whole: the frames line up
				result.AppendSeries(&b.Frames, &fb.Frames)
			}
			b.Error = fb.Error
		}
	}
	for i := range r.Backings {
		r.Backings[i].Load, r.Backings[i].ForkLoadNS = forkLoads(loads[i])
		r.Backings[i].SetConditions(cpus[i], pages[i])
	}
	r.Pinned = pinnedText(pinned)
	if len(r.Forks) == 1 {
		r.Forks = nil
	}
	summary.Summarize(r)
	return r
}
