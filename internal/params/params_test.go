package params

import (
	"slices"
	"testing"
)

func TestCloneAndKeys(t *testing.T) {
	p := Map{"seed": 1, "entities": 5, "band": 64}
	q := p.Clone()
	q["seed"] = 2
	if p["seed"] != 1 {
		t.Error("Clone shares its map with the original")
	}
	if got := p.Keys(); !slices.Equal(got, []string{"band", "entities", "seed"}) {
		t.Errorf("Keys = %v, want sorted names", got)
	}
	if got := Map(nil).Clone(); got == nil || len(got) != 0 {
		t.Errorf("Clone of nil = %v, want an empty map", got)
	}
}
