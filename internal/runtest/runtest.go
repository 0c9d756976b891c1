// Package runtest makes small runs with known figures for the tests of the code
// that puts runs into words (a lesson's verdict, a backing's note): a ratio that is
// exactly 4 reads "4.00×", which a measured run cannot promise.
package runtest

import (
	"localitylab/lab"
	"localitylab/lab/result"
)

// Frames and Warmup are the length of a Synthetic run.
const (
	Frames = 40
	Warmup = 4
)

// Synthetic is a sprites run of Frames frames (Warmup of them warm-up) in which
// backing i's frames take factors[i] times a base time that varies from frame to
// frame, allocate i times, and whose loads took loads[i] ns at 24+8i bytes per
// entity; it is summarised as the lab summarises a run.
func Synthetic(names []string, factors []float64, loads []int64) *result.Run {
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: Frames, Warmup: Warmup}
	for i, name := range names {
		samples := make([]result.Sample, Frames)
		for k := range samples {
			samples[k] = result.Sample{Backing: i, Frame: k, NS: int64(base(k) * factors[i]), Allocs: uint64(i), Checksum: uint64(k)}
		}
		r.Backings = append(r.Backings, result.Backing{Name: name, Frames: result.NewSeries(samples),
			Load: result.Load{NS: loads[i], Entities: 1000, BytesPerEntity: 24 + 8*float64(i)}})
	}
	lab.Summarize(r)
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
