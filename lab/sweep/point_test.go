package sweep

import (
	"testing"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// runOf makes a warm run of one backing whose rounds ran bursts of the given lengths
// at the given frame times (every frame of a burst alike), summarised as the lab
// summarises runs.
func runOf(bursts []int, ns []int64) *result.Run {
	r := &result.Run{Cache: result.Warm, Backings: []result.Backing{{Name: "soa", Load: result.Load{Entities: 1000}}}}
	var samples []result.Sample
	for k, n := range bursts {
		r.Rounds = append(r.Rounds, result.Round{First: r.Frames, Frames: n, Order: []int{0}})
		for range n {
			samples = append(samples, result.Sample{Frame: r.Frames, NS: ns[k]})
			r.Frames++
		}
	}
	r.Backings[0].Frames = result.NewSeries(samples)
	summary.Summarize(r)
	return r
}

// TestMedianInterval: the interval holds the median the table shows, even when long
// fast bursts and short slow ones pull the median of all frames away from the
// rounds' typical median; it is the same for the same run; and below six rounds it is
// the range of the rounds and the median.
func TestMedianInterval(t *testing.T) {
	var bursts []int
	var ns []int64
	for k := range 30 {
		if k%3 == 0 {
			bursts, ns = append(bursts, 16), append(ns, 1000+int64(k)) // fast rounds, long bursts
		} else {
			bursts, ns = append(bursts, 4), append(ns, 3000+int64(k)) // slow rounds, short bursts
		}
	}
	r := runOf(bursts, ns)
	p50 := r.Backings[0].Summary.P50NS
	lo, hi := medianInterval(keptByRound(r, 0, -1), p50, 7, 0)
	if !(lo <= p50 && p50 <= hi) || lo >= hi {
		t.Errorf("interval %v–%v does not hold the median %v", lo, hi, p50)
	}
	if lo2, hi2 := medianInterval(keptByRound(r, 0, -1), p50, 7, 0); lo2 != lo || hi2 != hi {
		t.Error("the same run gave another interval")
	}
	few := runOf([]int{4, 4, 4}, []int64{100, 300, 200})
	if lo, hi := medianInterval(keptByRound(few, 0, -1), few.Backings[0].Summary.P50NS, 1, 0); lo != 100 || hi != 300 {
		t.Errorf("three rounds: %v–%v, want their range 100–300", lo, hi)
	}
}

// TestPointGC: a point carries the collector's bill of every frame its backing ran,
// over its forks joined, and each fork's CPU per frame, so that a verdict can judge
// the collector pass by pass: here fork 0 collects once (4 µs of CPU, a 1 µs pause)
// in its 8 frames, fork 1 twice (12 µs, 2 µs of pauses) in its 8.
func TestPointGC(t *testing.T) {
	fork := func(cycles, cpu, pause []uint64) *result.Run {
		r := runOf([]int{4, 4}, []int64{1000, 1000})
		s := &r.Backings[0].Frames
		for f := range 8 {
			s.GCCycles[f], s.GCCPUNS[f], s.GCPauseNS[f] = cycles[f], cpu[f], pause[f]
		}
		summary.Summarize(r)
		return r
	}
	a := fork([]uint64{0, 0, 1, 0, 0, 0, 0, 0}, []uint64{0, 0, 4000, 0, 0, 0, 0, 0}, []uint64{0, 0, 1000, 0, 0, 0, 0, 0})
	b := fork([]uint64{1, 0, 0, 0, 0, 1, 0, 0}, []uint64{6000, 0, 0, 0, 0, 6000, 0, 0}, []uint64{1000, 0, 0, 0, 0, 1000, 0, 0})
	p := pointOf(lab.JoinForks([]*result.Run{a, b}), 1000)
	pb := p.Backings[0]
	if pb.GCCycles != 3 || pb.GCCPUNSPerFrame != 16000.0/16 || pb.GCPauseNSPerFrame != 3000.0/16 || pb.GCCyclesPer1000 != 3000.0/16 {
		t.Errorf("collector at the point: %d cycles, %v ns CPU a frame, %v ns pause a frame, %v per 1,000 frames; want 3, 1000, 187.5, 187.5",
			pb.GCCycles, pb.GCCPUNSPerFrame, pb.GCPauseNSPerFrame, pb.GCCyclesPer1000)
	}
	if len(pb.ForkGCCPUNSPerFrame) != 2 || pb.ForkGCCPUNSPerFrame[0] != 500 || pb.ForkGCCPUNSPerFrame[1] != 1500 {
		t.Errorf("per fork %v, want [500 1500]", pb.ForkGCCPUNSPerFrame)
	}
	if one := pointOf(a, 1000).Backings[0]; one.ForkGCCPUNSPerFrame != nil || one.GCCycles != 1 {
		t.Errorf("a point of one fork: per fork %v, %d cycles; want none and 1", one.ForkGCCPUNSPerFrame, one.GCCycles)
	}
}
