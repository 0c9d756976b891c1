// Package compare puts two saved runs side by side, a base and a new one, backing by
// backing. For each it gives the median and 99th percentile frame time, and how much
// the new run's typical frame changed, with a 95% interval and a significance test
// suited to two independent runs (see mannwhitney.go). It also gives the allocations
// per frame and bytes per entity before and after. It is what `localitylab compare`
// prints and exports and what the app's "Compare with a saved run…" shows.
//
// Two runs are compared only when they measured the same thing: the same workload,
// parameters, cache mode, page mode, frame clock and length, on the same machine.
// Any other difference is refused, naming it, unless the caller accepts that kind of
// difference (two machines on one workload, say). Accepted differences are listed in
// the report so that its title can say so. The package imports only lab/result and
// reads the summaries the runs were saved with, so that the charts can draw a
// comparison without linking the lab.
package compare

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"localitylab/lab/result"
)

// Schema names the version of the JSON file a comparison is written to.
const Schema = "localitylab/compare/v1"

// The kinds of difference between two runs that a caller may accept.
const (
	Params = "params" // a workload parameter, the seed included
	Cache  = "cache"  // the cache mode
	Pages  = "pages"  // the page mode the heaps had (see result.Pages)
	Clock  = "clock"  // the clock that timed the frames: the frame thread's CPU time, or the wall clock
	Frames = "frames" // the run's length or warm-up
	Host   = "host"   // the machine or the runtime: CPU, cores, OS, Go, GOGC
)

// Kinds lists them, in the order differences are reported.
var Kinds = []string{Params, Cache, Pages, Clock, Frames, Host}

// Method says how the change and its significance are computed, for every report.
const Method = "forks as the unit when both runs have two or more: the change in the forks' median frame times " +
	"(the ratio of their geometric means) with Student's 95% interval over the forks, widened on each side by the " +
	"noise floor between forks (the wider range of either run's fork medians), p the t test's for a change beyond " +
	"that floor; with one fork, Mann–Whitney U over rounds (each round's median frame time), two-sided, and the " +
	"Hodges–Lehmann change with its 95% interval; significant when the interval excludes no change"

// Report is a comparison of two runs.
type Report struct {
	Schema   string       `json:"schema"`
	Workload string       `json:"workload"`
	Base     Side         `json:"base"`
	New      Side         `json:"new"`
	Accepted []Difference `json:"accepted,omitempty"` // differences the caller accepted
	Method   string       `json:"method"`
	Backings []Change     `json:"backings"`            // in both runs, in the new run's order
	OnlyBase []string     `json:"only_base,omitempty"` // backings the new run lacks
	OnlyNew  []string     `json:"only_new,omitempty"`  // backings the base run lacks
}

// Side is what the report says about one of the runs.
type Side struct {
	File    string    `json:"file"` // as the caller named it
	Title   string    `json:"title,omitempty"`
	Started time.Time `json:"started"`
	Host    string    `json:"host"`
	Cache   string    `json:"cache"`
	Rounds  int       `json:"rounds"`
	Forks   int       `json:"forks,omitempty"` // sets of fresh workers; absent for one
}

// Difference is one way the two runs differ: its kind and what differs.
type Difference struct {
	Kind string `json:"kind"`
	Text string `json:"text"` // "entities 100,000 (base) vs 200,000 (new)"
}

// Change is one backing measured in both runs.
type Change struct {
	Backing string  `json:"backing"`
	Base    Figures `json:"base"`
	New     Figures `json:"new"`
	// Ratio is the new typical frame time over the base's (0.8: 20% faster) and Lo–Hi
	// its 95% interval.
	//
	// With two forks or more in each run (ByForks), the forks are the units. The ratio
	// is that of their medians' geometric means. Its interval is Student's t over
	// their log medians (pooled), widened on each side by Floor. P is the t test's
	// two-sided p for a change beyond the floor.
	//
	// Otherwise the rounds are the units: the Hodges–Lehmann estimate and its
	// interval, P the Mann–Whitney test's. Interval is then false when too few rounds
	// allow one at 95%, and Lo–Hi span every pair of rounds.
	//
	// Significant means an interval that excludes 1 (and P below 0.05). All are zero,
	// and Note says why, when a run has no kept round for the backing (its worker
	// failed early).
	Ratio       float64 `json:"ratio"`
	Lo          float64 `json:"lo"`
	Hi          float64 `json:"hi"`
	Interval    bool    `json:"interval"`
	P           float64 `json:"p"`
	Significant bool    `json:"significant"`
	Note        string  `json:"note,omitempty"`
	ByForks     bool    `json:"by_forks,omitempty"`
	// Floor is the noise floor between processes, as a share (0.05: 5%): how far
	// apart the medians of one run's forks lay (the highest over the lowest, the wider
	// of the two runs). Two runs of the same code differ by that much for no reason
	// but the processes they ran in and the moments they ran at, so a change within
	// it is not told from a rerun. Absent when neither run had two forks that measured
	// frames: nothing then measured that floor, and a rerun may differ by more than
	// the rounds show.
	Floor float64 `json:"floor,omitempty"`
}

// Figures are one backing's figures in one run, from its saved summary.
type Figures struct {
	P50NS          float64 `json:"p50_ns"`
	P99NS          float64 `json:"p99_ns"`
	AllocsPerFrame float64 `json:"allocs_per_frame"`
	BytesPerEntity float64 `json:"bytes_per_entity"`
	Rounds         int     `json:"rounds"` // samples of the test: rounds with kept frames
	Error          string  `json:"error,omitempty"`
}

// DifferError refuses two runs that differ in ways the caller did not accept.
type DifferError struct{ Diffs []Difference }

func (e *DifferError) Error() string {
	var b strings.Builder
	b.WriteString("the runs measured different things: ")
	var kinds []string
	for i, d := range e.Diffs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(d.Kind + ": " + d.Text)
		if !slices.Contains(kinds, d.Kind) {
			kinds = append(kinds, d.Kind)
		}
	}
	if slices.Contains(kinds, "workload") {
		b.WriteString(" (runs of different workloads cannot be compared)")
	} else {
		fmt.Fprintf(&b, " (to compare them anyway, accept the difference: -accept %s)", strings.Join(kinds, ","))
	}
	return b.String()
}

// Compare compares new with base; baseFile and newFile name them in the report. It
// refuses runs that differ in more than accept allows (see Kinds) with a
// *DifferError, and runs of different workloads always.
func Compare(base, new *result.Run, baseFile, newFile string, accept []string) (*Report, error) {
	diffs := Differences(base, new)
	var refused, accepted []Difference
	for _, d := range diffs {
		if d.Kind != "workload" && slices.Contains(accept, d.Kind) {
			accepted = append(accepted, d)
		} else {
			refused = append(refused, d)
		}
	}
	if len(refused) > 0 {
		return nil, &DifferError{Diffs: refused}
	}
	rep := &Report{Schema: Schema, Workload: new.Workload, Accepted: accepted, Method: Method,
		Base: side(base, baseFile), New: side(new, newFile)}
	for i := range new.Backings {
		nb := &new.Backings[i]
		j := slices.IndexFunc(base.Backings, func(b result.Backing) bool { return b.Name == nb.Name })
		if j < 0 {
			rep.OnlyNew = append(rep.OnlyNew, nb.Name)
			continue
		}
		rep.Backings = append(rep.Backings, change(base, &base.Backings[j], new, nb))
	}
	for _, b := range base.Backings {
		if !slices.ContainsFunc(new.Backings, func(n result.Backing) bool { return n.Name == b.Name }) {
			rep.OnlyBase = append(rep.OnlyBase, b.Name)
		}
	}
	return rep, nil
}

// CheckAccept returns an error naming a kind of difference that Kinds does not hold.
func CheckAccept(accept []string) error {
	for _, k := range accept {
		if !slices.Contains(Kinds, k) {
			return fmt.Errorf("%q is no kind of difference (want some of %s)", k, strings.Join(Kinds, ", "))
		}
	}
	return nil
}

func side(r *result.Run, file string) Side {
	sd := Side{File: file, Title: r.Title, Started: r.Started, Host: HostText(r.Host), Cache: r.Cache, Rounds: len(r.Rounds)}
	if n := r.NumForks(); n > 1 {
		sd.Forks = n
	}
	return sd
}

// HostText names the machine and runtime of a run, as the comparison tells them apart.
func HostText(h result.Host) string {
	return fmt.Sprintf("%s, %d cores, %s/%s, %s, GOGC %s", h.CPU, h.Cores, h.OS, h.Arch, h.Go, h.GOGC)
}

// change compares one backing's two series.
func change(base *result.Run, bb *result.Backing, new *result.Run, nb *result.Backing) Change {
	c := Change{Backing: nb.Name, Base: figures(base, bb), New: figures(new, nb)}
	x, y := Blocks(base, bb), Blocks(new, nb)
	c.Base.Rounds, c.New.Rounds = len(x), len(y)
	if len(x) == 0 || len(y) == 0 {
		c.Note = "no measured round in one of the runs"
		return c
	}
	floor := max(forkRange(bb), forkRange(nb))
	c.Floor = exp(floor) - 1
	if f, ok := forkShift(bb, nb, floor); ok {
		c.Ratio, c.Lo, c.Hi, c.Interval, c.P, c.ByForks = exp(f.d), exp(f.lo), exp(f.hi), true, f.p, true
		c.Significant = f.lo > 0 || f.hi < 0
		return c
	}
	s := mannWhitney(logs(x), logs(y))
	lo, hi := s.lo-floor, s.hi+floor
	c.Ratio, c.Lo, c.Hi, c.Interval = exp(s.est), exp(lo), exp(hi), s.interval
	c.P, c.Significant = s.p, s.p < alpha && (lo > 0 || hi < 0)
	return c
}

func figures(r *result.Run, b *result.Backing) Figures {
	s := &b.Summary
	return Figures{P50NS: s.P50NS, P99NS: s.P99NS, AllocsPerFrame: s.AllocsPerFrame,
		BytesPerEntity: b.Load.BytesPerEntity, Error: b.Error}
}

// Blocks returns a backing's samples for the test: for each round of r, the median of
// the backing's frame times in it that the summary keeps (result.Run.Excluded); rounds
// with none give nothing. A version 1 run, which has no rounds, gives each kept frame
// as a sample of its own, as it was measured.
func Blocks(r *result.Run, b *result.Backing) []float64 {
	return blocks(r, b, 0, len(b.Frames.NS))
}

// blocks is Blocks over the rounds that start within frames lo … hi−1 (a fork's).
func blocks(r *result.Run, b *result.Backing, lo, hi int) []float64 {
	ns := b.Frames.NS
	var out []float64
	if len(r.Rounds) == 0 {
		for f := range ns {
			if r.Excluded(f) == result.Kept {
				out = append(out, float64(ns[f]))
			}
		}
		return out
	}
	var block []float64
	for _, rd := range r.Rounds {
		if rd.First < lo || rd.First >= hi {
			continue
		}
		block = block[:0]
		for f := rd.First; f < rd.First+rd.Frames && f < len(ns); f++ {
			if r.Excluded(f) == result.Kept {
				block = append(block, float64(ns[f]))
			}
		}
		if len(block) > 0 {
			slices.Sort(block)
			out = append(out, median(block))
		}
	}
	return out
}

// logs returns the logarithms of xs: the test compares ratios, which are shifts of
// logarithms, so that a change reads the same for a slow backing and a fast one.
func logs(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Log(max(x, 1))
	}
	return out
}

func exp(x float64) float64 { return math.Exp(x) }

// WriteJSON writes the report as an indented JSON file of schema Schema.
func WriteJSON(w io.Writer, rep *Report) error {
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
