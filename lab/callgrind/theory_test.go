package callgrind

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"
)

// The tests below check the simulator, as this package drives and reads it, against
// misses that can be worked out on paper. The test binary runs itself under
// Callgrind, with helperEnv naming the layout to scan, and the test reads the
// per-call files.
const helperEnv = "LOCALITYLAB_CALLGRIND_HELPER"

// calls is how many times the helper runs its scan; the first warms the simulated
// caches (the load, uncollected, never touched them) and is not counted.
const calls = 4

const objects = 200_000

type object struct {
	v int64
	_ [56]byte // one 64-byte line per object
}

var (
	xs, ys []int32
	chase  []*object
	sink   int64
)

// scanColumns reads two int32 columns: 8 bytes per entity, so a new 64-byte line
// every 8 entities in all, 0.125 first-level misses per entity.
//
//go:noinline
func scanColumns() {
	var s int64
	for i := range xs {
		s += int64(xs[i]) + int64(ys[i])
	}
	sink += s
}

// walkPointers reads one field of each object through a shuffled array of pointers:
// every object is a line of its own, met in random order, so beyond the last-level
// cache each costs a miss, plus one per 8 pointers of the array itself.
//
//go:noinline
func walkPointers() {
	var s int64
	for _, p := range chase {
		s += p.v
	}
	sink += s
}

var helpers = map[string]func(){"scan": scanColumns, "walk": walkPointers}

func TestMain(m *testing.M) {
	if name := os.Getenv(helperEnv); name != "" {
		xs, ys = make([]int32, objects), make([]int32, objects)
		objs := make([]object, objects)
		chase = make([]*object, objects)
		for i := range chase {
			chase[i] = &objs[i]
		}
		rand.New(rand.NewPCG(1, 2)).Shuffle(objects, func(i, j int) { chase[i], chase[j] = chase[j], chase[i] })
		for range calls {
			helpers[name]()
		}
		os.Exit(0)
	}
	code := m.Run()
	if builtHelper != "" {
		os.RemoveAll(filepath.Dir(builtHelper))
	}
	os.Exit(code)
}

// simulate runs helper name under Callgrind with caches g and returns the counts of
// each call after the first.
func simulate(t *testing.T, name string, g Geometry) []Counts {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: Callgrind runs the scan some 50 times slower")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tool, err := Find(ctx)
	if err != nil {
		t.Skipf("no simulator here: %v", err)
	}
	self := helperBinary(t)
	s := Setup{Tool: tool, Geometry: g, Out: filepath.Join(t.TempDir(), "callgrind.out"),
		Function: runtime.FuncForPC(reflect.ValueOf(helpers[name]).Pointer()).Name()}
	argv := s.Argv(self)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(append(os.Environ(), Env()...), helperEnv+"="+name)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v\n%s", argv, err, out)
	}
	dumps, err := Dumps(s.Out)
	if err != nil {
		t.Fatal(err)
	}
	if len(dumps) != calls {
		t.Fatalf("%d files for %d calls of %s: %q\n%s", len(dumps), calls, s.Function, dumps, out)
	}
	var counts []Counts
	for _, d := range dumps[1:] {
		c, err := ParseFile(d)
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, c)
	}
	return counts
}

var (
	buildOnce   sync.Once
	builtHelper string
	buildErr    error
)

// helperBinary is this package's test binary built with its symbol table: the one
// go test runs is stripped, and Callgrind finds functions by their symbols.
func helperBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "callgrind-helper")
		if err != nil {
			buildErr = err
			return
		}
		builtHelper = filepath.Join(dir, "helper.test")
		out, err := exec.Command("go", "test", "-c", "-o", builtHelper, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("building the helper: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	if err := CheckSymbols(builtHelper); err != nil {
		t.Fatal(err)
	}
	return builtHelper
}

// within checks that every call's got per object lies within [lo, hi].
func within(t *testing.T, what string, counts []Counts, per func(Counts) uint64, lo, hi float64) {
	t.Helper()
	for i, c := range counts {
		v := float64(per(c)) / objects
		t.Logf("call %d: %s %.4f per object (%d)", i+2, what, v, per(c))
		if v < lo || v > hi {
			t.Errorf("call %d: %s %.4f per object, want %.3f to %.3f", i+2, what, v, lo, hi)
		}
	}
}

var hostLike = Geometry{D1: Cache{Name: "L1d", Bytes: 48 << 10, Ways: 12, Line: 64}, LL: Cache{Name: "L3", Bytes: 32 << 20, Ways: 16, Line: 64}}

// TestColumnScanTheory: two int32 columns of 200,000 entities stream 8 bytes per
// entity, 1/8 of a line: 0.125 first-level misses per entity, give or take a few
// lines at the ends; and the 1.6 MB fit the last level, so after the first call
// nothing goes to memory.
func TestColumnScanTheory(t *testing.T) {
	counts := simulate(t, "scan", hostLike)
	within(t, "D1 misses", counts, Counts.D1Misses, 0.125*0.98, 0.125*1.05)
	within(t, "LL misses", counts, Counts.LLMisses, 0, 0.001)
}

// TestPointerWalkTheory: 200,000 shuffled 64-byte objects (12.8 MB) against a
// simulated 1 MiB last level: one last-level miss per object, plus the array's own
// 8 bytes per object streamed (0.125). The cache holds none of the objects from one
// call to the next: each call visits them in the same order, and a least-recently-used
// cache smaller than such a cycle has evicted every line before it comes round again.
func TestPointerWalkTheory(t *testing.T) {
	small := Geometry{D1: hostLike.D1, LL: Cache{Name: "L2", Bytes: 1 << 20, Ways: 16, Line: 64}}
	counts := simulate(t, "walk", small)
	within(t, "LL misses", counts, Counts.LLMisses, 1.125*0.98, 1.125*1.02)
	within(t, "D1 misses", counts, Counts.D1Misses, 1.125*0.98, 1.125*1.02)
}
