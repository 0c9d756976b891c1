package explain

import (
	"math"
	"strings"
	"testing"

	"localitylab/internal/golden"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/workloads/workload"
)

// GiB is the fixture probe's unit of bandwidth.
const GiB = 1 << 30

// fixtureProbe is testdata/probe.json: figures chosen round, not measured (L1d
// 1.5 ns to 32 KiB, L2 4 ns to 1 MiB, L3 15 ns to 32 MiB, 90 ns at 128 MiB and
// 92 ns at 256 MiB; 24 GiB/s in L3, 16 GiB/s from memory), read and checked as a
// probe's file is.
func fixtureProbe(t *testing.T) *result.Probe {
	t.Helper()
	p, err := result.LoadProbeJSON("testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fixtureRun is a sprites run of a million sprites with the fixture probe: each
// backing's frames factors[i] times a base of about a microsecond.
func fixtureRun(t *testing.T, params workload.Params, names []string, factors []float64) *result.Run {
	t.Helper()
	r := runtest.Synthetic(names, factors, make([]int64, len(names)))
	r.Params = workload.Params{"entities": 1_000_000, "moving_pct": 0}
	for k, v := range params {
		r.Params[k] = v
	}
	r.Probe = fixtureProbe(t)
	return r
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Abs(want) }

func TestCeilingFigures(t *testing.T) {
	r := fixtureRun(t, nil, []string{"ptrarray", "slotmap", "soa"}, []float64{18_000, 1_500, 1_000})
	// ptrarray reads 8 bytes and a 64-byte line a sprite: 72 MB, past L3, so the
	// ladder's 90 ns at 128 MiB and memory's 16 GiB/s. soa streams 16 MB, inside L3:
	// 24 GiB/s. slotmap 24 MB, inside L3 too.
	ptr := 90 + 8/(16.0*GiB)*1e9
	soa := 16 / (24.0 * GiB) * 1e9
	slot := 24 / (24.0 * GiB) * 1e9
	tests := []struct {
		slower, faster string
		want           float64
	}{
		{"ptrarray", "soa", ptr / soa},
		{"ptrarray", "slotmap", ptr / slot},
		{"slotmap", "soa", slot / soa},
	}
	for _, tt := range tests {
		c := CeilingOf(r, tt.slower, tt.faster)
		if c.Missing != "" || !near(c.Ratio, tt.want) {
			t.Errorf("%s/%s: ceiling %v (missing %q), want %v", tt.slower, tt.faster, c.Ratio, c.Missing, tt.want)
		}
		if c.Measured <= 1 {
			t.Errorf("%s/%s: measured %v, want the run's ratio, above 1", tt.slower, tt.faster, c.Measured)
		}
	}
}

func TestAchievedFigures(t *testing.T) {
	r := fixtureRun(t, nil, []string{"ptrarray", "soa"}, []float64{18_000, 1_000})
	for _, tt := range []struct {
		backing string
		bytes   float64
		of      string
	}{
		{"soa", 16e6, "L3"},
		{"ptrarray", 72e6, "memory"},
	} {
		a := AchievedOf(r, tt.backing)
		frame := r.Backing(tt.backing).Summary.P50NS
		want := tt.bytes / frame * 1e9 / a.Of.BytesPerS
		if a.Missing != "" || a.Bytes != tt.bytes || a.Of.Level != tt.of || !near(a.Share, want) {
			t.Errorf("%s: %v bytes against %s, share %v (missing %q); want %v bytes against %s, share %v",
				tt.backing, a.Bytes, a.Of.Level, a.Share, a.Missing, tt.bytes, tt.of, want)
		}
	}
}

func TestChaseFigures(t *testing.T) {
	r := fixtureRun(t, nil, []string{"ptrarray", "soa"}, []float64{18_000, 1_000})
	frame := r.Backing("ptrarray").Summary.P50NS
	c := ChaseOf(r, "ptrarray")
	if !c.Applicable || c.Simulated || !near(c.PredictNS, 1e6*90) || !near(c.Overlap, 90e6/frame) {
		t.Errorf("estimate: %+v, want 1,000,000 misses at 90 ns, not simulated", c)
	}
	if s := ChaseOf(r, "soa"); s.Applicable || s.Sentence() != "" {
		t.Errorf("soa chases no pointer, yet: %+v", s)
	}
	// Simulated: 900,000 D1 misses, 800,000 of them past the LL. With the LL the
	// probe's last level (32 MiB, L3 at 15 ns), the rest are charged 15 ns and the LL
	// misses the ladder's 90 ns at ptrarray's 72 MB; with an LL the probe did not
	// find (128 MiB), every D1 miss is charged 90 ns.
	d1, ll := 900_000.0, 800_000.0
	s := &r.Backing("ptrarray").Summary
	s.SimD1MissesPerFrame, s.SimLLMissesPerFrame = &d1, &ll
	s.SimD1Range = []float64{d1, d1}
	for _, tt := range []struct {
		llBytes int64
		split   bool
		want    float64
	}{
		{32 << 20, true, ll*90 + (d1-ll)*15},
		{128 << 20, false, d1 * 90},
		{8 << 20, false, d1 * 90},
	} {
		r.Counters.Simulated = &result.Simulated{Tool: "callgrind", Frames: 4, Warmup: 2,
			D1: result.SimCache{Bytes: 32 << 10, Ways: 8, Line: 64}, LL: result.SimCache{Bytes: tt.llBytes, Ways: 16, Line: 64}}
		if !s.HasSim() {
			t.Fatal("the summary does not count these as simulated figures")
		}
		c = ChaseOf(r, "ptrarray")
		if !c.Simulated || c.SplitLL != tt.split || !near(c.PredictNS, tt.want) {
			t.Errorf("LL of %d bytes: %+v, want %v ns, split %v", tt.llBytes, c, tt.want, tt.split)
		}
	}
}

func TestLadderTexts(t *testing.T) {
	p := fixtureProbe(t)
	tests := []struct {
		name, got, want string
	}{
		{"latencies", Latencies(p), "L1d 1.50 ns · L2 4.00 ns · L3 15.0 ns · memory 91.0 ns"},
		{"bandwidths", Bandwidths(p), "L1d 64.0 GiB/s · L2 40.0 GiB/s · L3 24.0 GiB/s · memory 16.0 GiB/s"},
		{"no probe", Latencies(nil), "n/a (no probe in this file)"},
		{"no probe's bandwidth", Bandwidths(nil), "n/a (no probe in this file)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

// TestSentences writes every sentence the answers make of the fixture's runs, and
// the n/a ones with their reasons, into a golden file.
func TestSentences(t *testing.T) {
	three := []string{"ptrarray", "slotmap", "soa"}
	six := workload.Backings
	cases := []struct {
		name    string
		params  workload.Params
		names   []string
		factors []float64
		edit    func(*result.Run)
		pairs   [][2]string
	}{
		{name: "pointer-chasing", names: three, factors: []float64{18_000, 1_500, 1_000}, pairs: [][2]string{{"ptrarray", "soa"}, {"slotmap", "soa"}}},
		{name: "simulated misses, the LL not the machine's", names: three, factors: []float64{18_000, 1_500, 1_000}, edit: simulate(128 << 20), pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "simulated misses, the LL the machine's", names: three, factors: []float64{18_000, 1_500, 1_000}, edit: simulate(32 << 20), pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "a ratio above the ceiling", names: three, factors: []float64{300_000, 1_500, 1_000}, pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "a linked list", params: workload.Params{"chain": 2}, names: []string{"ptrarray", "soa"}, factors: []float64{60_000, 1_000}, pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "no probe in the file", names: three, factors: []float64{18_000, 1_500, 1_000}, edit: func(r *result.Run) { r.Probe = nil }, pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "backings whose reads are not counted", names: []string{"ptrarray", "spatialhash", "map"}, factors: []float64{18_000, 100, 5_000}, pairs: [][2]string{{"ptrarray", "spatialhash"}}},
		{name: "strided scans", params: workload.Params{"stride": 4}, names: []string{"ptrarray", "soa"}, factors: []float64{18_000, 1_000}, pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "a run none of whose backings is counted", names: []string{"map"}, factors: []float64{5}, edit: onBullets(nil)},
		{name: "bullets", names: six, factors: []float64{4_000, 6_000, 1_000, 2_500, 1_000, 2_000}, edit: onBullets(nil), pairs: [][2]string{{"ptrarray", "soa"}, {"rowvec", "slotmap"}}},
		{name: "bullets, despawned by marking with half the slots holes", names: []string{"ptrarray", "slotmap", "soa"}, factors: []float64{4_000, 1_500, 1_200},
			edit: onBullets(workload.Params{"despawn": 1, "dead_pct": 50}), pairs: [][2]string{{"ptrarray", "soa"}}},
		{name: "tiles", names: six, factors: []float64{40_000, 60_000, 30_000, 8_000, 20_000, 10_000}, edit: onTiles, pairs: [][2]string{{"soa", "rowvec"}, {"ptrarray", "rowvec"}}},
		{name: "tiles visited column by column", names: []string{"rowvec", "soa"}, factors: []float64{8_000, 20_000},
			edit: func(r *result.Run) { onTiles(r); r.Params["order"] = 1 }, pairs: [][2]string{{"soa", "rowvec"}}},
	}
	var b strings.Builder
	for _, c := range cases {
		r := fixtureRun(t, c.params, c.names, c.factors)
		if c.edit != nil {
			c.edit(r)
		}
		b.WriteString("== " + c.name + "\n")
		heading, lines := Run(r)
		b.WriteString(heading + "\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
		for _, p := range c.pairs {
			b.WriteString(p[0] + "/" + p[1] + ": " + CeilingOf(r, p[0], p[1]).Sentence() + "\n")
		}
	}
	golden.Text(t, "sentences.txt", []byte(b.String()))
}

// onBullets makes a fixture run a bullets run at the workload's defaults (250,000
// bullets) with params.
func onBullets(params workload.Params) func(*result.Run) {
	return func(r *result.Run) {
		r.Workload = "bullets"
		r.Params = workload.Params{}
		for k, v := range params {
			r.Params[k] = v
		}
	}
}

// onTiles makes a fixture run a tiles run at the workload's defaults (a million
// entities on 2048×2048 tiles, 5% moving).
func onTiles(r *result.Run) {
	r.Workload = "tiles"
	r.Params = workload.Params{}
}

// simulate gives ptrarray 1,100,000 simulated D1 misses a frame, 900,000 of them
// past a simulated LL of llBytes.
func simulate(llBytes int64) func(*result.Run) {
	return func(r *result.Run) {
		d1, ll := 1_100_000.0, 900_000.0
		s := &r.Backing("ptrarray").Summary
		s.SimD1MissesPerFrame, s.SimLLMissesPerFrame = &d1, &ll
		s.SimD1Range = []float64{d1, d1}
		r.Counters.Simulated = &result.Simulated{Tool: "callgrind", Frames: 4, Warmup: 2,
			D1: result.SimCache{Bytes: 32 << 10, Ways: 8, Line: 64}, LL: result.SimCache{Bytes: llBytes, Ways: 16, Line: 64}}
	}
}

// TestBriefs writes the lines the app shows under each backing's row for the
// fixture's runs into a golden file: none without a probe, or for a run none of
// whose backings is counted.
func TestBriefs(t *testing.T) {
	cases := []struct {
		name    string
		names   []string
		factors []float64
		edit    func(*result.Run)
	}{
		{name: "sprites", names: []string{"ptrarray", "spatialhash", "soa"}, factors: []float64{18_000, 100, 1_000}},
		{name: "simulated misses", names: []string{"ptrarray"}, factors: []float64{18_000}, edit: simulate(32 << 20)},
		{name: "bullets", names: workload.Backings, factors: []float64{4_000, 6_000, 1_000, 2_500, 1_000, 2_000}, edit: onBullets(nil)},
		{name: "tiles", names: []string{"ptrarray", "rowvec", "soa"}, factors: []float64{40_000, 8_000, 20_000}, edit: onTiles},
		{name: "no probe", names: []string{"ptrarray", "soa"}, factors: []float64{18_000, 1_000}, edit: func(r *result.Run) { r.Probe = nil }},
		{name: "none counted", names: []string{"map"}, factors: []float64{5}, edit: onBullets(nil)},
	}
	var b strings.Builder
	for _, c := range cases {
		r := fixtureRun(t, nil, c.names, c.factors)
		if c.edit != nil {
			c.edit(r)
		}
		b.WriteString("== " + c.name + "\n")
		for _, n := range c.names {
			for _, l := range Brief(r, n) {
				b.WriteString(l + "\n")
			}
		}
	}
	golden.Text(t, "briefs.txt", []byte(b.String()))
}
