package byo

import (
	"context"
	"strings"
	"testing"

	"localitylab/internal/owned"
	"localitylab/workloads"
	"localitylab/workloads/tiles"
	"localitylab/workloads/workload"
)

// still is the smallest correct sprites store: sprites that never move (the test's
// worlds have moving_pct 0), all drawn by the World's rules.
type still struct {
	w   *SpriteWorld
	all []Sprite
}

func (s *still) Load(ctx context.Context, progress func(float64)) error {
	for i := range s.w.Entities() {
		s.all = append(s.all, s.w.Sprite(i))
	}
	return nil
}

func (s *still) Frame() uint64 {
	_, view := s.w.NextFrame()
	for _, p := range s.all {
		if view.Overlaps(p.X, p.Y, p.W, p.H) {
			s.w.Visible(p.ID, p.Depth, p.X, p.Y)
		}
	}
	return s.w.Draw()
}

func (s *still) Entities() int { return len(s.all) }

func newStill(w *SpriteWorld) Store { return &still{w: w} }

// TestRegister: a backing is refused, with the reason, for a name taken or malformed
// or for having no store; one that is accepted is offered for the workloads it
// implements only, makes stores through the registry, and estimates its memory.
func TestRegister(t *testing.T) {
	refused := []struct {
		b    Backing
		want string
	}{
		{Backing{Name: "soa", Sprites: &Sprites{New: newStill}}, `"soa": that name is taken by a built-in backing`},
		{Backing{Name: "Still", Sprites: &Sprites{New: newStill}}, "lower-case"},
		{Backing{Name: "nothing"}, `"nothing" implements no workload`},
		{Backing{Name: "nonew", Tiles: &Tiles{Note: "no New"}}, `"nonew": its tiles store has no New`},
	}
	for _, tc := range refused {
		if err := Register(tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Register(%s): %v, want an error containing %q", tc.b.Name, err, tc.want)
		}
	}
	if err := Register(Backing{Name: "still", Sprites: &Sprites{New: newStill, Note: "note",
		Bytes: func(w *SpriteWorld) int64 { return int64(w.Entities()) * 24 }}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { owned.Unregister("still") })
	if err := Register(Backing{Name: "still", Sprites: &Sprites{New: newStill}}); err == nil || !strings.Contains(err.Error(), "registered twice") {
		t.Errorf("a second still: %v", err)
	}
	sp, _ := workloads.Lookup("sprites")
	if bs := sp.Backings(); bs[len(bs)-1] != "still" || sp.Note("still") != "note" {
		t.Errorf("sprites offers %v (note %q)", bs, sp.Note("still"))
	}
	p, err := sp.Resolve(workload.Params{"entities": 4000, "moving_pct": 0})
	if err != nil {
		t.Fatal(err)
	}
	if got := sp.Estimate(p, "still"); got != 4000*24 {
		t.Errorf("estimate %d, want the backing's own 96000", got)
	}
	if err := tiles.Spec.CheckBacking("still"); err == nil || !strings.Contains(err.Error(), `"still" does not implement tiles (it implements sprites)`) {
		t.Errorf("tiles: %v", err)
	}
	mine, err := sp.NewStore(p, "still")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := sp.NewStore(p, workload.SoA)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []workload.Store{mine, ref} {
		if err := st.Load(context.Background(), func(float64) {}); err != nil {
			t.Fatal(err)
		}
	}
	for f := range 30 {
		if a, b := ref.Frame(), mine.Frame(); a != b {
			t.Fatalf("frame %d: soa %016x, still %016x", f, a, b)
		}
	}
	var sc workload.Scene
	mine.Scene(&sc) // no Scene of its own: the World's record of what was drawn
	if len(sc.Boxes) == 0 || sc.Total != len(sc.Boxes) || sc.Boxes[0].W == 0 {
		t.Errorf("the preview of a store without Scene: %d boxes of %d", len(sc.Boxes), sc.Total)
	}
}
