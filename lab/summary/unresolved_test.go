package summary

import (
	"errors"
	"math/rand/v2"
	"testing"

	"localitylab/lab/result"
)

// tickRun is a run of map (80 µs frames) and slotmap (384 µs) as a clock that
// moves once every tick ns reads them: each frame starts at a random point between
// two ticks and reads as the ticks it crossed. On a 1 ms tick most frames of both
// read 0 ns, and a few read a whole tick.
func tickRun(tick float64) *result.Run {
	rng := rand.New(rand.NewPCG(1, 2))
	const frames = 120
	read := func(ns float64) int64 {
		start := rng.Float64() * tick
		return int64((int64((start+ns)/tick) - int64(start/tick))) * int64(tick)
	}
	var rounds []result.Round
	for f := 0; f < frames; f += 8 {
		rounds = append(rounds, result.Round{First: f, Frames: 8, Order: []int{0, 1}})
	}
	r := &result.Run{Schema: result.Schema, Cache: result.Cold, Frames: frames, Warmup: 8, Rounds: rounds,
		Timer: &result.FrameTimer{Clock: result.ClockWall,
			Wall: result.ClockReading{Source: "tick", ResolutionNS: tick, StepNS: tick, Reads: 5000, Repeats: 4000}}}
	for _, b := range []struct {
		name string
		ns   float64
	}{{"map", 80e3}, {"slotmap", 384e3}} {
		samples := make([]result.Sample, frames)
		for f := range samples {
			samples[f] = result.Sample{Frame: f, NS: read(b.ns), Checksum: uint64(f)}
			samples[f].WallNS = samples[f].NS
		}
		r.Backings = append(r.Backings, result.Backing{Name: b.name, Frames: result.NewSeries(samples)})
	}
	Summarize(r)
	return r
}

// TestUnresolvedNotRanked: frames a clock cannot resolve are not ranked: no ratio,
// no fastest, and Ratio says why (ErrUnresolved), where on a clock that resolves
// them the same frames rank as they ran.
func TestUnresolvedNotRanked(t *testing.T) {
	coarse := tickRun(1e6) // Windows's time.Now under Wine
	if p := coarse.Backing("map").Summary.P50NS; p != 0 {
		t.Fatalf("map's median on a 1 ms tick: %v ns, want 0 (the test's premise)", p)
	}
	if coarse.Ratios != nil {
		t.Errorf("ratios %+v: want none, the frames shorter than the clock resolves", coarse.Ratios)
	}
	if _, err := Ratio(coarse, "slotmap", "map"); !errors.Is(err, ErrUnresolved) {
		t.Errorf("Ratio: %v, want ErrUnresolved", err)
	}

	fine := tickRun(100) // the performance counter
	q, err := Ratio(fine, "slotmap", "map")
	if err != nil || q.Median < 4.7 || q.Median > 4.8 {
		t.Errorf("on a 100 ns clock: %v, %v; want slotmap 4.8× slower", q.Median, err)
	}
	if len(fine.Ratios) != 2 || fine.Ratios[0].Backing != "map" {
		t.Errorf("on a 100 ns clock, ratios %+v: want map the fastest", fine.Ratios)
	}
}
