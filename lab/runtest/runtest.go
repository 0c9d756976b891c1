// Package runtest makes small runs with known figures for the tests of the code
// that puts runs into words (a lesson's verdict, a backing's note): a ratio that is
// exactly 4 reads "4.00×", which a measured run cannot promise.
package runtest

import (
	"math"

	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// Frames and Warmup are the length of a Synthetic run.
const (
	Frames = 40
	Warmup = 4
)

// Synthetic is a sprites run of Frames frames (Warmup of them warm-up) in which
// backing i's frames take factors[i] times a base time that varies from frame to
// frame, allocate i times, and whose loads took loads[i] ns at 24+8i bytes per
// entity; it is summarised as the lab summarises a run (summary.Summarize).
func Synthetic(names []string, factors []float64, loads []int64) *result.Run {
	return SyntheticFrames(Frames, names, factors, loads)
}

// SyntheticFrames is Synthetic with frames frames (Warmup of them warm-up): a run
// long enough for a share of frames to have a narrow interval.
func SyntheticFrames(frames int, names []string, factors []float64, loads []int64) *result.Run {
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: frames, Warmup: Warmup}
	for i, name := range names {
		samples := make([]result.Sample, frames)
		for k := range samples {
			samples[k] = result.Sample{Backing: i, Frame: k, NS: int64(base(k) * factors[i]), Allocs: uint64(i), Checksum: uint64(k)}
		}
		r.Backings = append(r.Backings, result.Backing{Name: name, Frames: result.NewSeries(samples),
			Load: result.Load{NS: loads[i], Entities: 1000, BytesPerEntity: 24 + 8*float64(i)}})
	}
	summary.Summarize(r)
	return r
}

// WithLookups gives r's backings handle lookups, as a bullets run has: every frame
// resolves Lookups handles, and backing i's take factors[i] times a base time that
// varies from frame to frame as the frame times do.
func WithLookups(r *result.Run, factors []float64) *result.Run {
	for i := range r.Backings {
		s := &r.Backings[i].Frames
		s.Lookups, s.LookupNS = make([]uint64, s.Len()), make([]uint64, s.Len())
		for k := range s.LookupNS {
			s.Lookups[k], s.LookupNS[k] = Lookups, uint64(base(k)*factors[i]*10)
		}
	}
	return r
}

// Lookups is how many handles a frame of WithLookups resolves.
const Lookups = 4096

// base is the time of frame k before a backing's factor: 1000 to 1370 ns.
func base(k int) float64 { return float64(1000 + 37*(k%11)) }

// Forked is a sprites run of forks forks of rounds rounds of four frames each, in
// cold mode (every frame after its fork's one warm-up frame counts), in which backing
// i's frames in fork k take factor(k, i) times the base time, give or take up to 10%
// from frame to frame (so that the ratios between backings scatter too), and its load
// in fork k took load(k, i) ns; it is summarised as the lab summarises a run.
func Forked(forks, rounds int, names []string, factor func(k, i int) float64, load func(k, i int) int64) *result.Run {
	const burst = 4
	frames := forks * rounds * burst
	plan, err := result.PlanForks(frames, forks, forks)
	if err != nil {
		panic(err)
	}
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: frames, Warmup: forks, Cache: result.Cold, Forks: plan}
	for k := range frames / burst {
		r.Rounds = append(r.Rounds, result.Round{First: k * burst, Frames: burst, Order: []int{0}})
	}
	for i, name := range names {
		samples := make([]result.Sample, frames)
		for f := range samples {
			jitter := 1 + 0.05*float64((f*(7+3*i))%5-2)
			samples[f] = result.Sample{Backing: i, Frame: f, NS: int64(base(f) * jitter * factor(r.ForkOf(f), i)), Checksum: uint64(f)}
		}
		b := result.Backing{Name: name, Frames: result.NewSeries(samples), ForkLoadNS: make([]int64, forks)}
		for k := range forks {
			b.ForkLoadNS[k] = load(k, i)
		}
		b.Load = result.Load{NS: b.ForkLoadNS[forks/2], Entities: 1000, BytesPerEntity: 24}
		r.Backings = append(r.Backings, b)
	}
	summary.Summarize(r)
	return r
}

// Paired is a synthetic run of two backings, a and b, not summarised: forks × rounds
// rounds of burst frames in cold mode (every frame after a fork's warm-up counts; no
// warm-up here), in which a takes 1000 ns with some jitter and b ratio(fork, round,
// frame) times as long. Every frame runs one collector cycle; heap and resident
// memory grow by a byte a frame from 1000 and 2000.
func Paired(forks, rounds, burst int, ratio func(k, rd, f int) float64) *result.Run {
	frames := forks * rounds * burst
	plan, err := result.PlanForks(frames, 0, forks)
	if err != nil {
		panic(err)
	}
	r := &result.Run{Schema: result.Schema, Cache: result.Cold, Frames: frames, Forks: plan}
	if forks == 1 {
		r.Forks = nil
	}
	var a, b []result.Sample
	for k := range forks {
		for rd := range rounds {
			r.Rounds = append(r.Rounds, result.Round{First: len(a), Frames: burst, Order: []int{0, 1}})
			for f := range burst {
				t := int64(1000 + (k*31+rd*17+f*7)%50)
				a = append(a, sample(len(a), t))
				b = append(b, sample(len(b), int64(math.Round(float64(t)*ratio(k, rd, f)))))
			}
		}
	}
	r.Backings = []result.Backing{{Name: "a", Frames: result.NewSeries(a)}, {Name: "b", Frames: result.NewSeries(b)}}
	return r
}

// sample is frame f of a Paired backing, taking ns.
func sample(f int, ns int64) result.Sample {
	return result.Sample{Frame: f, NS: ns, GCCycles: 1, HeapBytes: uint64(1000 + f), RSSBytes: uint64(2000 + f), Checksum: uint64(f)}
}
