package check

import (
	"context"
	"fmt"
	"testing"

	"localitylab/workloads/workload"
)

// TestChainAndStrideAgree: at every value of the sprites' chain and at strides other
// than 1, all six backings fold the same lines frame by frame, the linked pointer
// array (read through its array, or followed as a list) among them.
func TestChainAndStrideAgree(t *testing.T) {
	six := []string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}
	for _, p := range []workload.Params{
		{"entities": 20000, "chain": 1, "moving_pct": 5},
		{"entities": 20000, "chain": 2, "moving_pct": 5},
		{"entities": 20000, "stride": 7, "moving_pct": 5},
		{"entities": 20000, "chain": 1, "stride": 16, "cold_bytes": 32},
	} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			rep, err := Run(context.Background(), Config{Workload: "sprites", Params: p, Backings: six, Frames: 40}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Mismatch != nil || rep.Frames != 40 {
				t.Fatalf("%d frames, mismatch %+v: want 40 agreeing frames", rep.Frames, rep.Mismatch)
			}
		})
	}
}
