package sweep

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"localitylab/lab/callgrind"
	"localitylab/lab/result"
)

func simSweep() *result.Sweep {
	pt := func(v int64) result.Point {
		return result.Point{Value: v, Entities: int(v), Backings: []result.PointBacking{{Name: "soa"}, {Name: "ptrarray"}}}
	}
	return &result.Sweep{Param: "entities", Backings: []string{"soa", "ptrarray"},
		Points: []result.Point{pt(2000), {Value: 5000, Skipped: "no room"}, pt(20000)}}
}

// TestSimulateWithoutValgrind: no Valgrind, no figures, and the sweep says why once.
func TestSimulateWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("VALGRIND", "")
	s := simSweep()
	Simulate(context.Background(), testConfig(t, "entities", []int64{2000, 5000, 20000}, "soa", "ptrarray"), s, nil)
	if n := s.Counters.Simulated; n == nil || !strings.Contains(n.Note, "valgrind is not installed") {
		t.Fatalf("simulated record %+v", n)
	}
	for _, p := range s.Points {
		for _, b := range p.Backings {
			if b.HasSim() {
				t.Errorf("%d %s has simulated figures", p.Value, b.Name)
			}
		}
	}
}

// TestSimulatePoints: each measured point gets each backing's simulated misses for
// its own world, per entity of that world; a skipped point none.
func TestSimulatePoints(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the simulator loads every point's world again")
	}
	if _, err := callgrind.Find(context.Background()); err != nil {
		t.Skipf("skipped: %v", err)
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "sweep.test")
	if out, err := exec.Command("go", "test", "-c", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("building a worker with its symbol table: %v\n%s", err, out)
	}
	c := testConfig(t, "entities", []int64{2000, 5000, 20000}, "soa", "ptrarray")
	c.Run.Worker = []string{exe}
	c.Run.Params["moving_pct"] = 0
	s := simSweep()
	var seen []int64
	Simulate(context.Background(), c, s, func(st SimStatus) {
		if len(seen) == 0 || seen[len(seen)-1] != st.Value {
			seen = append(seen, st.Value)
		}
	})
	if n := s.Counters.Simulated; n == nil || n.Note != "" || n.Tool == "" {
		t.Fatalf("simulated record %+v", n)
	}
	if len(seen) != 2 || seen[0] != 2000 || seen[1] != 20000 {
		t.Errorf("progress went through points %v, want 2000 and 20000", seen)
	}
	for _, i := range []int{0, 2} {
		p := s.Points[i]
		soa, ptr := p.Backings[0], p.Backings[1]
		if !soa.HasSim() || !ptr.HasSim() {
			t.Fatalf("point %d: no figures: %q %q", p.Value, soa.SimNote, ptr.SimNote)
		}
		t.Logf("%d: soa %.3f, ptrarray %.3f D1 misses/entity", p.Value, *soa.SimD1MissesPerEntity, *ptr.SimD1MissesPerEntity)
		if *soa.SimD1MissesPerEntity <= 0 || *ptr.SimD1MissesPerEntity < 2**soa.SimD1MissesPerEntity {
			t.Errorf("point %d: soa %.3f, ptrarray %.3f D1 misses/entity: want the pointers' well above the columns'", p.Value,
				*soa.SimD1MissesPerEntity, *ptr.SimD1MissesPerEntity)
		}
	}
	if s.Points[1].Backings != nil {
		t.Error("the skipped point got backings")
	}
	os.RemoveAll(dir)
}
