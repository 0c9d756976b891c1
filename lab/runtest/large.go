package runtest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"time"

	"localitylab/internal/params"
	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// The six sprites backings, in the order the all-six lesson lists them.
var sixBackings = []string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}

// Large is a run shaped as the lab writes its longest: frames frames of the six
// sprites backings in three forks, warm mode, rounds of 4 to 12 frames in an order
// shuffled round by round, every column a Linux machine without hardware counters
// fills (frame CPU time beside wall time and switches, the collector's work), each
// fork's frame CPU and pages recorded with the lab's own words, summarised as the lab
// summarises a run. The figures are synthetic but vary from frame to frame as
// measured ones do (from seed), so that the file weighs what a real one does: at
// MaxFrames frames, about 44 MB. Title is the run's title (a lesson's, or "").
func Large(frames int, title string, seed uint64) *result.Run {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	const forks = 3
	warmup := min(frames/10, 20*forks)
	plan, err := result.PlanForks(frames, warmup, forks)
	if err != nil {
		panic(err)
	}
	r := &result.Run{Schema: result.Schema, Title: title, Workload: "sprites", Frames: frames, Warmup: warmup,
		Cache: result.Warm, Forks: plan, Pinned: "CPU 1",
		Params: params.Map{"entities": 1000000, "moving_pct": 1, "on_screen": 2000, "seed": 1},
		Counters: result.Counters{Note: "hardware counters n/a: open instructions counter: ENOENT (no such file or directory); " +
			"this is a virtual machine whose hypervisor does not pass the PMU through"},
		Host: result.Host{Go: "go1.26.8", OS: "linux", Arch: "amd64", CPU: "AMD EPYC 7B13 64-Core Processor", Cores: 2, GOGC: "100",
			Caches: []result.CacheLevel{{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64},
				{Level: 2, Type: "Unified", Bytes: 512 << 10, LineBytes: 64}, {Level: 3, Type: "Unified", Bytes: 32 << 20, LineBytes: 64}}},
		Started:     time.Date(2026, 11, 26, 20, 56, 39, 0, time.UTC),
		LoadAverage: &result.LoadAverage{Start: 1.5, End: ptrTo(2.2)},
	}
	order := make([]int, len(sixBackings))
	for _, fk := range plan {
		for f := fk.First; f < fk.First+fk.Frames; {
			n := min(4+rng.IntN(9), fk.First+fk.Frames-f)
			for i := range order {
				order[i] = i
			}
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			r.Rounds = append(r.Rounds, result.Round{First: f, Frames: n, Order: append([]int(nil), order...)})
			f += n
		}
	}
	for i, name := range sixBackings {
		base := 900_000 * float64(1+2*i%5) // ns: the backings a few times apart
		samples := make([]result.Sample, frames)
		heap, rss, cycles := uint64(34_000_000+i*1_000_000), uint64(127_000_000+i*3_000_000), uint64(0)
		for f := range samples {
			ns := int64(base * (0.9 + 0.2*rng.Float64()))
			switches := uint64(0)
			wall := ns + int64(rng.IntN(3000))
			if rng.IntN(4) == 0 {
				switches = uint64(1 + rng.IntN(40))
				wall += int64(rng.IntN(20_000_000))
			}
			var pause, wait, gcCPU uint64
			if rng.IntN(200) == 0 {
				cycles++
				pause, wait, gcCPU = uint64(20_000+rng.IntN(80_000)), uint64(1_000_000+rng.IntN(4_000_000)), uint64(2_000_000+rng.IntN(9_000_000))
			} else {
				wait = uint64(1000 + rng.IntN(3000))
			}
			heap += uint64(rng.IntN(2)) * 8192
			rss += uint64(rng.IntN(2)) * 4096
			samples[f] = result.Sample{Backing: i, Frame: f, NS: ns, Allocs: uint64(i % 2), AllocBytes: uint64(i%2) * 48,
				HeapBytes: heap, RSSBytes: rss, GCCycles: cycles, GCPauseNS: pause, GCWaitNS: wait, GCCPUNS: gcCPU,
				Checksum: rng.Uint64(), HasCPU: true, WallNS: wall, Switches: switches}
		}
		b := result.Backing{Name: name, Frames: result.NewSeries(samples), ForkLoadNS: make([]int64, forks),
			Load: result.Load{NS: 165_400_640, SetupNS: 195_161_963, Entities: 1_000_000, HeapBytes: 33_364_168, RSSBytes: 128_700_416,
				BytesPerEntity: 32.096544, Phases: []result.Phase{{Name: "load", Kind: "building", NS: 165_400_640, HeapBytes: 92_880}},
				MinorFaults: result.Measured[int64](5864), UserNS: result.Measured[int64](84_919_000), SysNS: result.Measured[int64](14_114_000), PageBytes: 4096, AllocBytes: 8_069_120, FreedLateBytes: 7_976_240}}
		cpus, pages := make([]result.FrameCPU, forks), make([]result.Pages, forks)
		for k := range forks {
			b.ForkLoadNS[k] = int64(100_000_000 + rng.IntN(100_000_000))
			cpus[k] = result.FrameCPU{CPU: 1, Why: fmt.Sprintf("the last CPU, none being clearly less busy over 100ms before the frames: CPU 0 %d%%, CPU 1 %d%% busy",
				rng.IntN(100), rng.IntN(100))}
			pages[k] = result.Pages{Mode: result.PagesHuge, THP: "madvise", HugeShare: result.Measured(0.9 + 0.1*rng.Float64()), HeapBytes: 96_706_560}
		}
		b.SetConditions(cpus, pages)
		r.Backings = append(r.Backings, b)
	}
	summary.Summarize(r)
	return r
}

func ptrTo(x float64) *float64 { return &x }

// LargeOfSize is Large with as many frames (at most result.MaxFrames) as make its
// JSON file weigh about size bytes, worked out from the weight of a short run's frames.
func LargeOfSize(size int, title string, seed uint64) *result.Run {
	weigh := func(frames int) int {
		var buf bytes.Buffer
		if err := result.WriteJSON(&buf, Large(frames, title, seed)); err != nil {
			panic(err)
		}
		return buf.Len()
	}
	a, b := weigh(1000), weigh(2000)
	perFrame := float64(b-a) / 1000
	frames := int(float64(size-a)/perFrame) + 1000
	return Large(max(100, min(frames, result.MaxFrames)), title, seed)
}
