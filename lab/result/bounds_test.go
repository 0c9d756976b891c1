package result

import (
	"maps"
	"slices"
	"testing"
)

// TestBoundsNameFields: every bound of bounds.go is on a field of a run's or a
// sweep's file, of the kind it bounds (a text's on a text, a list's on a list or a
// map), so that none is left behind when a field is renamed.
func TestBoundsNameFields(t *testing.T) {
	run, sweep := shapes()
	kinds := map[string][]shapeKind{} // a path's kinds in a run and a sweep ("forks": a list, a count)
	seen := map[*shape]bool{}
	var visit func(s *shape)
	visit = func(s *shape) {
		if seen[s] {
			return // a struct that holds itself
		}
		seen[s] = true
		if s.path != "" {
			kinds[s.path] = append(kinds[s.path], s.kind)
		}
		for _, f := range s.fields {
			visit(f)
		}
		if s.elem != nil {
			visit(s.elem)
		}
	}
	visit(run)
	visit(sweep)
	is := func(p string, k shapeKind) bool { return slices.Contains(kinds[p], k) }
	for _, p := range slices.Sorted(maps.Keys(textRules)) {
		if !is(p, shapeText) {
			t.Errorf("textRules[%q]: not a text of a run or a sweep", p)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(keyRules)) {
		if !is(p, shapeMap) {
			t.Errorf("keyRules[%q]: not a map of a run or a sweep", p)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(countRules)) {
		if !is(p, shapeList) && !is(p, shapeMap) && p != "backings[].frames.*" {
			t.Errorf("countRules[%q]: not a list or a map of a run or a sweep", p)
		}
	}
	if !is("backings[].frames", shapeSeries) {
		t.Error("a backing's frames are not read as its columns")
	}
}
