package check_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"localitylab/byo"
	"localitylab/check"
	"localitylab/check/checktest"
	"localitylab/workloads/workload"
)

// Three backings of one's own for the tests (package checktest): "plain" does the work
// right; "edge" draws, besides, a sprite whose corner lies exactly on the view's right
// edge; "nogen" keeps bullets in a pool whose handles are bare indexes, so a handle to
// a dead bullet reaches whichever bullet took its slot.
func TestMain(m *testing.M) {
	err := byo.Register(
		byo.Backing{Name: "plain", Sprites: &byo.Sprites{New: func(w *byo.SpriteWorld) byo.Store { return &checktest.Sprites{W: w} }}},
		byo.Backing{Name: "edge", Sprites: &byo.Sprites{New: func(w *byo.SpriteWorld) byo.Store { return &checktest.Sprites{W: w, Edge: true} }}},
		byo.Backing{Name: "nogen", Bullets: &byo.Bullets{New: func(w *byo.BulletWorld) byo.Store { return &checktest.Pool{W: w} }}},
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

func TestAgree(t *testing.T) {
	rep, err := check.Run(context.Background(), check.Config{Workload: "sprites", Params: workload.Params{"entities": 20000},
		Backings: []string{"soa", "plain", "ptrarray"}, Frames: 60}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatch != nil || rep.Frames != 60 || rep.Params["entities"] != 20000 || rep.Params["view_w"] != 1920 {
		t.Fatalf("report %+v, mismatch %+v: want 60 agreeing frames and the resolved parameters", rep, rep.Mismatch)
	}
}

// mismatch runs c, which must find a mismatch, and returns the report and the mismatch.
func mismatch(t *testing.T, c check.Config) (check.Report, *check.Mismatch) {
	t.Helper()
	rep, err := check.Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatch == nil {
		t.Fatalf("no mismatch found in %d frames", c.Frames)
	}
	return rep, rep.Mismatch
}

// TestFindsTheSprite: the edge store's first wrong frame is found, and the line that
// differs is a sprite drawn at the view's right edge, which soa's trace does not have
// at that place.
func TestFindsTheSprite(t *testing.T) {
	rep, m := mismatch(t, check.Config{Workload: "sprites", Params: workload.Params{"entities": 20000},
		Backings: []string{"soa", "edge"}, Frames: 200})
	if m.A != "soa" || m.B != "edge" || m.SumA == m.SumB || rep.Frames != m.Frame+1 {
		t.Fatalf("mismatch %+v after %d frames", m, rep.Frames)
	}
	if m.Line < 0 || !strings.HasPrefix(m.LineB.What, "drawn #") || m.LineA == m.LineB || m.LinesB <= m.LinesA {
		t.Fatalf("first difference %+v: want the edge store's extra drawn sprites", m)
	}
	if len(m.Before) != min(m.Line, check.ContextLines) || m.Line > 0 && m.Before[len(m.Before)-1].What != fmt.Sprintf("drawn #%d", m.Line-1) {
		t.Fatalf("lines before the difference %+v", m.Before)
	}
	// With a smaller world fewer sprites touch the edge: the first wrong frame comes
	// later, and the frames before it agree.
	p := workload.Params{"entities": 2000}
	_, m = mismatch(t, check.Config{Workload: "sprites", Params: p, Backings: []string{"soa", "edge"}, Frames: 500})
	if m.Frame == 0 {
		t.Fatalf("smaller world: %+v: want a mismatch after frame 0", m)
	}
	again, err := check.Run(context.Background(), check.Config{Workload: "sprites", Params: p, Backings: []string{"soa", "edge"}, Frames: m.Frame}, nil)
	if err != nil || again.Mismatch != nil {
		t.Fatalf("the %d frames before the mismatch: %v, %+v", m.Frame, err, again.Mismatch)
	}
}

// TestFindsTheHandle: a handle without a generation reaches the bullet that took its
// slot; the first difference is that emitter's handle line.
func TestFindsTheHandle(t *testing.T) {
	_, m := mismatch(t, check.Config{Workload: "bullets", Params: workload.Params{"entities": 3000, "lifetime": 30},
		Backings: []string{"slotmap", "nogen"}, Frames: 200})
	if m.Line < 0 || !strings.HasPrefix(m.LineA.What, "emitter ") || !strings.Contains(m.LineB.What+m.LineB.Value, "bullet") {
		t.Fatalf("first difference %+v: want an emitter's handle", m)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		c    check.Config
		want string
	}{
		{check.Config{Workload: "sprite", Backings: []string{"soa", "map"}, Frames: 1}, "workload"},
		{check.Config{Workload: "sprites", Backings: []string{"soa"}, Frames: 1}, "two or more"},
		{check.Config{Workload: "sprites", Backings: []string{"soa", "nogen"}, Frames: 1}, `"nogen" does not implement sprites`},
		{check.Config{Workload: "sprites", Backings: []string{"soa", "map"}, Frames: 0}, "frames"},
		{check.Config{Workload: "sprites", Params: workload.Params{"entities": 0}, Backings: []string{"soa", "map"}, Frames: 1}, "entities"},
	}
	for _, tc := range tests {
		if _, err := check.Run(context.Background(), tc.c, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error containing %q", tc.c, err, tc.want)
		}
	}
}
