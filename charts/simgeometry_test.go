package charts

import (
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestSimGeometryNotes: where Valgrind could not simulate a cache as the system
// reported it, the record says what was reported and what was simulated; where a
// larger cache was set aside, which and why; where the caches were simulated as
// reported (and in older files), nothing.
func TestSimGeometryNotes(t *testing.T) {
	d1 := result.SimCache{Name: "L1d", Bytes: 48 << 10, Ways: 12, Line: 64}
	tests := []struct {
		name string
		sim  result.Simulated
		want []string
	}{
		{"as reported", result.Simulated{D1: d1, LL: result.SimCache{Name: "L3", Bytes: 32 << 20, Ways: 16, Line: 64}}, nil},
		{"an older file", result.Simulated{D1: result.SimCache{Bytes: 48 << 10, Ways: 12, Line: 64}, LL: result.SimCache{Bytes: 32 << 20, Ways: 16, Line: 64}}, nil},
		{"sets rounded, size kept", result.Simulated{D1: d1, LL: result.SimCache{Name: "L3", Bytes: 36 << 20, Ways: 18, Line: 64,
			Reported: &result.SimCache{Name: "L3", Bytes: 36 << 20, Ways: 12, Line: 64}}},
			[]string{"The L3 the system reports (36.0 MiB, 12-way, 64 B lines) has 49,152 sets, which Valgrind cannot simulate (it needs a power of two): " +
				"it was simulated with the sets rounded down to 32,768 and the ways raised to 18 to keep its size, as Cachegrind does."}},
		{"sets rounded, size shrunk", result.Simulated{D1: d1, LL: result.SimCache{Name: "L2", Bytes: 32 << 10, Ways: 8, Line: 64,
			Reported: &result.SimCache{Name: "L2", Bytes: 1000 * 64, Ways: 8, Line: 64}}},
			[]string{"The L2 the system reports (62.5 KiB, 8-way, 64 B lines) has 125 sets, which Valgrind cannot simulate (it needs a power of two): " +
				"it was simulated with the sets rounded down to 64, its 8 ways kept: 32.0 KiB instead of 62.5 KiB."}},
		{"set aside", result.Simulated{D1: d1, LL: result.SimCache{Name: "L2", Bytes: 2 << 20, Ways: 16, Line: 64},
			SetAside: []string{"L3 480 MiB reported by the system, not used: shared by 2 CPUs, …"}},
			[]string{"Not simulated: L3 480 MiB reported by the system, not used: shared by 2 CPUs, …; the last level simulated (LL) is the L2."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SimGeometryNotes(&tt.sim)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			// The run's record carries them too.
			r := &result.Run{Counters: result.Counters{Simulated: &tt.sim}}
			for _, w := range tt.want {
				if text := SimText(r); !strings.Contains(text, strings.TrimSuffix(w, ".")) {
					t.Errorf("SimText %q lacks %q", text, w)
				}
			}
		})
	}
}

// TestCachesText: a sweep's caches as its record lists them, a cache the lab did not
// use (and so drew no marker at) after the others with why, and where the caches came
// from when not from the machine.
func TestCachesText(t *testing.T) {
	l1 := result.Cache{Name: "L1d", Bytes: 48 << 10}
	l2 := result.Cache{Name: "L2", Bytes: 2 << 20}
	l3 := result.Cache{Name: "L3", Bytes: 480 << 20, NotUsed: "shared by 2 CPUs, it would hold 240 MiB per CPU"}
	tests := []struct {
		name string
		s    result.Sweep
		want string
	}{
		{"all used", result.Sweep{Caches: []result.Cache{l1, l2, {Name: "L3", Bytes: 32 << 20}}}, "caches L1d 48.0 KiB, L2 2.00 MiB, L3 32.0 MiB"},
		{"one set aside", result.Sweep{Caches: []result.Cache{l1, l2, l3}},
			"caches L1d 48.0 KiB, L2 2.00 MiB; L3 480 MiB reported by the system, not used: shared by 2 CPUs, it would hold 240 MiB per CPU"},
		{"all set aside", result.Sweep{Caches: []result.Cache{l3}}, "no cache used; L3 480 MiB reported by the system, not used: shared by 2 CPUs, it would hold 240 MiB per CPU"},
		{"from elsewhere", result.Sweep{Caches: []result.Cache{l1}, CachesNote: "caches read from x (LOCALITYLAB_CACHE_SYSFS), not from this machine"},
			"caches L1d 48.0 KiB (caches read from x (LOCALITYLAB_CACHE_SYSFS), not from this machine)"},
		{"none", result.Sweep{CachesNote: "not Linux"}, "cache sizes unknown (not Linux)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CachesText(&tt.s); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}
