package check

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"localitylab/byo"
	"localitylab/scenarios/bullets"
	"localitylab/scenarios/sprites"
	"localitylab/scenarios/workload"
)

// Three backings of one's own for the tests: "plain" does the work right; "edge"
// draws, besides, a sprite whose corner lies exactly on the view's right edge (a <=
// where the rule is <); "nogen" keeps bullets in a pool whose handles are bare
// indexes, so a handle to a dead bullet reaches whichever bullet took its slot.
func TestMain(m *testing.M) {
	err := byo.Register(
		byo.Backing{Name: "plain", Sprites: &byo.Sprites{New: func(w *sprites.World) byo.Store { return &spriteStore{w: w} }}},
		byo.Backing{Name: "edge", Sprites: &byo.Sprites{New: func(w *sprites.World) byo.Store { return &spriteStore{w: w, edge: true} }}},
		byo.Backing{Name: "nogen", Bullets: &byo.Bullets{New: func(w *bullets.World) byo.Store { return &poolStore{w: w} }}},
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

type spriteStore struct {
	w    *sprites.World
	all  []sprites.Sprite
	edge bool
}

func (s *spriteStore) Load(ctx context.Context, progress func(float64)) error {
	s.all = make([]sprites.Sprite, s.w.Entities())
	return workload.Fill(ctx, progress, len(s.all), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.all[i] = s.w.Sprite(i)
		}
	})
}

func (s *spriteStore) Frame() uint64 {
	moves, view := s.w.NextFrame()
	for _, mv := range moves {
		p := &s.all[mv.ID]
		p.X, p.Y = s.w.Wrap(p.X+mv.DX), s.w.Wrap(p.Y+mv.DY)
	}
	for i := range s.all {
		p := &s.all[i]
		if view.Overlaps(p.X, p.Y, p.W, p.H) || s.edge && p.X == view.X1 && p.Y < view.Y1 && p.Y+p.H > view.Y0 {
			s.w.Visible(p.ID, p.Depth, p.X, p.Y)
		}
	}
	return s.w.Draw()
}

func (s *spriteStore) Entities() int { return len(s.all) }

type poolStore struct {
	w       *bullets.World
	pool    []bullets.Bullet
	alive   []bool
	free    []int
	live    int
	handles []int
}

func (s *poolStore) Load(ctx context.Context, progress func(float64)) error {
	s.handles = make([]int, s.w.Emitters()*s.w.Handles())
	for i := range s.w.Initial() {
		s.spawn(s.w.Bullet(i))
	}
	return nil
}

func (s *poolStore) spawn(b bullets.Bullet) int {
	s.live++
	if n := len(s.free); n > 0 {
		i := s.free[n-1]
		s.free = s.free[:n-1]
		s.pool[i], s.alive[i] = b, true
		return i
	}
	s.pool, s.alive = append(s.pool, b), append(s.alive, true)
	return len(s.pool) - 1
}

func (s *poolStore) Frame() uint64 {
	for range s.w.BeginFrame(s.live) {
		b, ring := s.w.Fire()
		if i := s.spawn(b); ring >= 0 {
			s.handles[ring] = i
		}
	}
	for i := range s.pool {
		b := &s.pool[i]
		if !s.alive[i] {
			continue
		}
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if s.w.Quiet(b.X, b.Y, b.Born) {
			continue
		}
		if k := s.w.Fate(b.X, b.Y, b.Born); k != bullets.Alive {
			s.w.Died(k, b.ID)
			s.alive[i] = false
			s.free = append(s.free, i)
			s.live--
		}
	}
	for e := range s.w.Emitters() {
		for _, i := range s.handles[e*s.w.Handles():][:s.w.RingLen(e)] {
			if s.alive[i] { // the bug: the slot may hold another bullet by now
				s.w.SeeLive(s.pool[i].ID, s.pool[i].X, s.pool[i].Y)
			} else {
				s.w.SeeStale()
			}
		}
		s.w.EmitterDone()
	}
	return s.w.EndFrame()
}

func (s *poolStore) Entities() int { return s.live }

func TestAgree(t *testing.T) {
	rep, err := Run(context.Background(), Config{Workload: "sprites", Params: workload.Params{"entities": 20000},
		Backings: []string{"soa", "plain", "ptrarray"}, Frames: 60}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatch != nil || rep.Frames != 60 || rep.Params["entities"] != 20000 || rep.Params["view_w"] != 1920 {
		t.Fatalf("report %+v, mismatch %+v: want 60 agreeing frames and the resolved parameters", rep, rep.Mismatch)
	}
}

// TestFindsTheSprite: the edge store's first wrong frame is found, and the line that
// differs is a sprite drawn at the view's right edge, which soa's trace does not have
// at that place.
func TestFindsTheSprite(t *testing.T) {
	rep, err := Run(context.Background(), Config{Workload: "sprites", Params: workload.Params{"entities": 20000},
		Backings: []string{"soa", "edge"}, Frames: 200}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Mismatch
	if m == nil {
		t.Fatal("no mismatch found in 200 frames")
	}
	if m.A != "soa" || m.B != "edge" || m.SumA == m.SumB || rep.Frames != m.Frame+1 {
		t.Fatalf("mismatch %+v after %d frames", m, rep.Frames)
	}
	if m.Line < 0 || !strings.HasPrefix(m.LineB.What, "drawn #") || m.LineA == m.LineB || m.LinesB <= m.LinesA {
		t.Fatalf("first difference %+v: want the edge store's extra drawn sprites", m)
	}
	if len(m.Before) != min(m.Line, contextLines) || m.Line > 0 && m.Before[len(m.Before)-1].What != fmt.Sprintf("drawn #%d", m.Line-1) {
		t.Fatalf("lines before the difference %+v", m.Before)
	}
	// With a smaller world fewer sprites touch the edge: the first wrong frame comes
	// later, and the frames before it agree.
	p := workload.Params{"entities": 2000}
	rep, err = Run(context.Background(), Config{Workload: "sprites", Params: p, Backings: []string{"soa", "edge"}, Frames: 500}, nil)
	if err != nil || rep.Mismatch == nil || rep.Mismatch.Frame == 0 {
		t.Fatalf("smaller world: %v, %+v: want a mismatch after frame 0", err, rep.Mismatch)
	}
	again, err := Run(context.Background(), Config{Workload: "sprites", Params: p, Backings: []string{"soa", "edge"}, Frames: rep.Mismatch.Frame}, nil)
	if err != nil || again.Mismatch != nil {
		t.Fatalf("the %d frames before the mismatch: %v, %+v", rep.Mismatch.Frame, err, again.Mismatch)
	}
}

// TestFindsTheHandle: a handle without a generation reaches the bullet that took its
// slot; the first difference is that emitter's handle line.
func TestFindsTheHandle(t *testing.T) {
	rep, err := Run(context.Background(), Config{Workload: "bullets", Params: workload.Params{"entities": 3000, "lifetime": 30},
		Backings: []string{"slotmap", "nogen"}, Frames: 200}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Mismatch
	if m == nil {
		t.Fatal("no mismatch found in 200 frames")
	}
	if m.Line < 0 || !strings.HasPrefix(m.LineA.What, "emitter ") || !strings.Contains(m.LineB.What+m.LineB.Value, "bullet") {
		t.Fatalf("first difference %+v: want an emitter's handle", m)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		c    Config
		want string
	}{
		{Config{Workload: "sprite", Backings: []string{"soa", "map"}, Frames: 1}, "workload"},
		{Config{Workload: "sprites", Backings: []string{"soa"}, Frames: 1}, "two or more"},
		{Config{Workload: "sprites", Backings: []string{"soa", "nogen"}, Frames: 1}, `"nogen" does not implement sprites`},
		{Config{Workload: "sprites", Backings: []string{"soa", "map"}, Frames: 0}, "frames"},
		{Config{Workload: "sprites", Params: workload.Params{"entities": 0}, Backings: []string{"soa", "map"}, Frames: 1}, "entities"},
	}
	for _, tc := range tests {
		if _, err := Run(context.Background(), tc.c, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error containing %q", tc.c, err, tc.want)
		}
	}
}
