package presets

import (
	"testing"

	"localitylab/lab/result"
)

// TestHotColdPointerLesson: the lesson sweeps where the cold bytes live, at 256 of
// them, with soa as the control; its claim holds when the slot map's records cost
// more with the bytes inside than behind the pointer, beyond soa's change, and says
// there is no clear change when the two layouts cost the same.
func TestHotColdPointerLesson(t *testing.T) {
	p, err := Lookup("hot-cold-pointer")
	if err != nil {
		t.Fatal(err)
	}
	if p.Sweep == nil || p.Sweep.Param != "cold_inline" || len(p.Sweep.Values) != 2 || p.Params["cold_bytes"] != 256 {
		t.Fatalf("sweep %+v, params %v: want cold_inline 0 and 1 at 256 cold bytes", p.Sweep, p.Params)
	}
	c := lessonClaim(t, "hot-cold-pointer", "slotmap")
	if c.Metric != "growth" || c.Control != "soa" {
		t.Fatalf("claim %+v: want slotmap's growth against soa", c)
	}
	sweep := func(slotmap0, slotmap1 float64) *result.Sweep {
		return sweepOf("cold_inline", "", []int64{0, 1}, []string{"ptrarray", "slotmap", "soa"},
			[][]float64{{17.6, 20.4}, {slotmap0, slotmap1}, {0.94, 0.95}}, []float64{296, 300, 280})
	}
	checkAnswer(t, c.AnswerSweep(sweep(1.24, 5.49)), []string{"slotmap cost 1.24 ns per entity at cold_inline = 0 and 5.49 ns at cold_inline = 1"},
		[]string{"Against the control: The cost per entity rises, as the claim says."})
	checkAnswer(t, c.AnswerSweep(sweep(1.3, 1.3)), nil, []string{"Against the control: No clear change"})
}

// TestSpatialHashOverlapLesson: the lesson sweeps moving sprites with source 004's
// hash, and its claim is the crossing of the hash and soa.
func TestSpatialHashOverlapLesson(t *testing.T) {
	p, err := Lookup("spatialhash-overlap")
	if err != nil {
		t.Fatal(err)
	}
	if p.Params["hash_cells"] != 1 || p.Sweep == nil || p.Sweep.Param != "moving_pct" {
		t.Fatalf("params %v, sweep %+v: want source 004's hash swept over moving_pct", p.Params, p.Sweep)
	}
	c := lessonClaim(t, "spatialhash-overlap", "spatialhash")
	if c.Metric != "crossing" || c.Faster != "spatialhash" || c.Slower != "soa" || c.Conditions["hash_cells"] != 1 {
		t.Fatalf("claim %+v: want the hash faster, then soa, under hash_cells 1", c)
	}
}
