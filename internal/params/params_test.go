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

func TestList(t *testing.T) {
	tests := []struct {
		p    Map
		want string
	}{
		{nil, ""},
		{Map{"seed": 1}, "seed 1"},
		{Map{"seed": 1, "entities": 20000, "cold_bytes": -8}, "cold_bytes -8, entities 20000, seed 1"},
	}
	for _, tt := range tests {
		if got := tt.p.List(); got != tt.want {
			t.Errorf("%v.List() = %q, want %q", tt.p, got, tt.want)
		}
	}
}
