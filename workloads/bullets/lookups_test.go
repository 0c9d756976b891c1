package bullets

import (
	"testing"

	"localitylab/workloads/workload"
)

// TestLookupsChangeNothing: a store whose lookups are repeated after every frame gives
// the same checksums and stale counts as one left alone, frame by frame, and each
// repeat resolves every handle the emitters keep, without allocating.
func TestLookupsChangeNothing(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 3000, pArena: 700, pLifetime: 30})
	c := testConfig(t, p)
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			probed, plain := load(t, p, backing), load(t, p, backing)
			lk, ok := probed.(workload.Lookups)
			if !ok {
				t.Fatalf("the %s store has no Lookups", backing)
			}
			for f := range 120 {
				a, b := probed.Frame(), plain.Frame()
				n := lk.Lookups()
				if a != b {
					t.Fatalf("frame %d: checksum %016x with lookups repeated, %016x without", f, a, b)
				}
				if got, want := probed.driver().staleTotal, plain.driver().staleTotal; got != want {
					t.Fatalf("frame %d: %d stale handles seen with lookups repeated, %d without", f, got, want)
				}
				want := 0
				for e := range c.emitters {
					want += probed.driver().ringLen(e)
				}
				if n != want {
					t.Fatalf("frame %d: Lookups resolved %d handles, the rings hold %d", f, n, want)
				}
			}
			if n := lk.Lookups(); n != c.emitters*c.handles {
				t.Errorf("after 120 frames Lookups resolved %d handles, want every ring full: %d", n, c.emitters*c.handles)
			}
			if allocs := testing.AllocsPerRun(10, func() { lk.Lookups() }); allocs != 0 {
				t.Errorf("Lookups allocates %.1f times", allocs)
			}
		})
	}
}

// BenchmarkLookups times one frame's handle lookups alone (Lookups, as the lab times
// them after each frame) on every backing at the default sizes, after the rings have
// filled: ns/lookup is the time per handle.
//
//	go test -run '^$' -bench 'Lookups' -count 3 ./workloads/bullets/
func BenchmarkLookups(b *testing.B) {
	p := resolve(b, nil)
	for _, backing := range workload.Backings {
		b.Run("bullets/"+backing, func(b *testing.B) {
			st := load(b, p, backing)
			for range 4 * benchWarmup { // 80 frames: every ring holds its 64 handles
				st.Frame()
			}
			lk := st.(workload.Lookups)
			n := 0
			b.ReportAllocs()
			for b.Loop() {
				n += lk.Lookups()
			}
			if c := st.driver().cfg; n != b.N*c.emitters*c.handles {
				b.Fatalf("%d lookups in %d runs, want %d each", n, b.N, c.emitters*c.handles)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/lookup")
		})
	}
}
