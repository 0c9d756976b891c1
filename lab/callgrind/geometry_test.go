package callgrind

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/lab/cpucache"
)

// fixtureLevels are the caches of one of cpucache's sysfs fixtures, judged as on this
// machine.
func fixtureLevels(t *testing.T, dir string) []cpucache.Level {
	t.Helper()
	t.Setenv(cpucache.SysfsEnv, filepath.Join("..", "cpucache", "testdata", dir))
	levels, err := cpucache.Levels()
	if err != nil {
		t.Fatal(err)
	}
	return levels
}

// The geometry simulated is the first-level data cache and the last level used, each
// in a shape Valgrind accepts, with what the system reported kept beside it.
func TestGeometry(t *testing.T) {
	c := func(name string, bytes int64, ways int) Cache {
		return Cache{Name: name, Bytes: bytes, Ways: ways, Line: 64}
	}
	rep := func(x Cache) *Cache { return &x }
	tests := []struct {
		dir      string
		d1, ll   Cache
		setAside string
	}{
		{dir: "epyc-vm", d1: c("L1d", 32<<10, 8), ll: c("L3", 32<<20, 16)},
		// 49,152 sets: 32,768 of 18 ways, the size kept.
		{dir: "desktop-36m", d1: c("L1d", 48<<10, 12), ll: Cache{Name: "L3", Bytes: 36 << 20, Ways: 18, Line: 64, Reported: rep(c("L3", 36<<20, 12))}},
		// The host's L3 is not the guest's: the last level simulated is the L2.
		{dir: "intel-vm", d1: c("L1d", 48<<10, 12), ll: c("L2", 2<<20, 16), setAside: "L3 480 MiB reported by the system, not used: shared by 2 CPUs"},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			g, err := geometryOf(fixtureLevels(t, tt.dir))
			if err != nil {
				t.Fatal(err)
			}
			if !sameCache(g.D1, tt.d1) || !sameCache(g.LL, tt.ll) {
				t.Errorf("D1 %+v (reported %+v), LL %+v (reported %+v); want %+v, %+v (reported %+v)", g.D1, g.D1.Reported, g.LL, g.LL.Reported, tt.d1, tt.ll, tt.ll.Reported)
			}
			aside := strings.Join(g.SetAside, "; ")
			if (tt.setAside == "") != (aside == "") || !strings.Contains(aside, tt.setAside) {
				t.Errorf("set aside %q, want %q", aside, tt.setAside)
			}
			for _, s := range []Cache{g.D1, g.LL} {
				if n := s.Sets(); n&(n-1) != 0 || s.Bytes%int64(s.Ways*s.Line) != 0 {
					t.Errorf("%s: %v has %d sets, which Valgrind refuses", s.Name, s, n)
				}
			}
		})
	}

	argv := Setup{Tool: Tool{Path: "valgrind"}, Geometry: Geometry{D1: c("L1d", 48<<10, 12), LL: c("L3", 32<<20, 16)},
		Function: "p.(*s[...]).Frame", Out: "/tmp/x"}.Argv("prog", "worker")
	joined := strings.Join(argv, " ")
	for _, want := range []string{"--D1=49152,12,64", "--LL=33554432,16,64", "--toggle-collect=p.(*s[*]).Frame", "--dump-after=p.(*s[*]).Frame", "--collect-atstart=no", "prog worker"} {
		if !strings.Contains(joined, want) {
			t.Errorf("argv %q lacks %q", joined, want)
		}
	}
	for _, bad := range [][]cpucache.Level{
		{{Level: 2, Type: "Unified", Bytes: 1 << 20, Ways: 16, LineBytes: 64}},                                             // no D1
		{{Level: 1, Type: "Data", Bytes: 48 << 10, Ways: 12, LineBytes: 64}},                                               // nothing beyond it
		{{Level: 1, Type: "Data", Bytes: 48 << 10, Ways: 12, LineBytes: 64}, {Level: 3, Type: "Unified", Bytes: 32 << 20}}, // no ways nor line
	} {
		if _, err := geometryOf(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func sameCache(a, b Cache) bool {
	if (a.Reported == nil) != (b.Reported == nil) || (a.Reported != nil && !sameCache(*a.Reported, *b.Reported)) {
		return false
	}
	a.Reported, b.Reported = nil, nil
	return a == b
}

// valgrindShape rounds the set count down to a power of two, keeping the size by
// raising the ways where the lines divide so (as Cachegrind does with a 12 MiB 16-way
// L3), and shrinking the size where they do not.
func TestValgrindShape(t *testing.T) {
	tests := []struct {
		name    string
		in, out Cache
		err     string
	}{
		{"already a power of two", Cache{Bytes: 48 << 10, Ways: 12, Line: 64}, Cache{Bytes: 48 << 10, Ways: 12, Line: 64}, ""},
		{"Cachegrind's own example", Cache{Bytes: 12 << 20, Ways: 16, Line: 64}, Cache{Bytes: 12 << 20, Ways: 24, Line: 64}, ""},
		{"a 36 MiB 12-way L3", Cache{Bytes: 36 << 20, Ways: 12, Line: 64}, Cache{Bytes: 36 << 20, Ways: 18, Line: 64}, ""},
		{"the Intel VM's L3", Cache{Bytes: 480 << 20, Ways: 16, Line: 64}, Cache{Bytes: 480 << 20, Ways: 30, Line: 64}, ""},
		{"a 1.25 MiB 10-way L2", Cache{Bytes: 1280 << 10, Ways: 10, Line: 64}, Cache{Bytes: 1280 << 10, Ways: 10, Line: 64}, ""},
		{"a 25 MiB 20-way L3", Cache{Bytes: 25 << 20, Ways: 20, Line: 64}, Cache{Bytes: 25 << 20, Ways: 25, Line: 64}, ""},
		{"lines that do not divide", Cache{Bytes: 1000 * 64, Ways: 8, Line: 64}, Cache{Bytes: 64 * 8 * 64, Ways: 8, Line: 64}, ""},
		{"a line of 48 bytes", Cache{Bytes: 48 << 10, Ways: 12, Line: 48}, Cache{}, "lines of a power of two"},
		{"2 GiB", Cache{Bytes: 2 << 30, Ways: 16, Line: 64}, Cache{}, "less than 2 GiB"},
		{"more ways than lines", Cache{Bytes: 1024, Ways: 32, Line: 64}, Cache{}, "as many as its ways"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := valgrindShape(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			rep := got.Reported
			got.Reported = nil
			if err != nil || got != tt.out {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.out)
			}
			if n := got.Sets(); n&(n-1) != 0 {
				t.Errorf("%d sets", n)
			}
			switch {
			case got == tt.in && rep != nil:
				t.Errorf("unchanged, yet reported as %+v", *rep)
			case got != tt.in && (rep == nil || *rep != tt.in):
				t.Errorf("changed, reported as %+v, want %+v", rep, tt.in)
			}
		})
	}
}

// Valgrind itself refuses the caches as the Intel VM and a 36 MiB desktop report
// them, and simulates them as valgrindShape shapes them: the pointer walk's D1 misses
// are what theory says (one line per object, one per 8 pointers), and its 12.8 MB fit
// the simulated last level, so nothing after the first call misses there.
func TestRoundedGeometriesRun(t *testing.T) {
	for _, dir := range []string{"intel-vm", "desktop-36m"} {
		t.Run(dir, func(t *testing.T) {
			levels := fixtureLevels(t, dir)
			l3 := levels[len(levels)-1]
			ll, err := simCache(l3)
			if err != nil || ll.Reported == nil {
				t.Fatalf("%s's %s: %+v, %v; want it reshaped", dir, l3.Name(), ll, err)
			}
			g := Geometry{D1: hostLike.D1, LL: ll}
			refused := Geometry{D1: hostLike.D1, LL: *ll.Reported}
			if out := valgrindRefuses(t, refused); !strings.Contains(out, "not a power of two") {
				t.Errorf("Valgrind with --LL=%s: %q, want it refused for its set count", refused.LL.arg(), out)
			}
			t.Logf("simulating %s's %s as --LL=%s (%d sets of %d ways)", dir, l3.Name(), ll.arg(), ll.Sets(), ll.Ways)
			counts := simulate(t, "walk", g)
			within(t, "D1 misses", counts, Counts.D1Misses, 1.125*0.98, 1.125*1.02)
			within(t, "LL misses", counts, Counts.LLMisses, 0, 0.001)
		})
	}
}

// valgrindRefuses runs Valgrind with caches g on a program that does nothing and
// returns what it said; the test fails if Valgrind ran it.
func valgrindRefuses(t *testing.T, g Geometry) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: runs Valgrind")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tool, err := Find(ctx)
	if err != nil {
		t.Skipf("no simulator here: %v", err)
	}
	out, err := exec.CommandContext(ctx, tool.Path, "--tool=callgrind", "--cache-sim=yes", "--D1="+g.D1.arg(), "--LL="+g.LL.arg(),
		"--callgrind-out-file=/dev/null", "/bin/true").CombinedOutput()
	if err == nil {
		t.Errorf("Valgrind ran with --D1=%s --LL=%s", g.D1.arg(), g.LL.arg())
	}
	return string(out)
}
