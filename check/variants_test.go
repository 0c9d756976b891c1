package check

import (
	"context"
	"fmt"
	"testing"

	"localitylab/workloads/workload"
)

// TestVariantsAgree: the sprites workload's layout parameters change how the backings
// hold the sprites, never what a frame draws: with the cold bytes behind pointers
// (cold_inline 0) and with source 004's spatial hash (hash_cells 1), all six backings
// fold the same lines frame by frame, sprites moving.
func TestVariantsAgree(t *testing.T) {
	for _, p := range []workload.Params{
		{"entities": 5000, "moving_pct": 20, "cold_bytes": 64, "cold_inline": 0},
		{"entities": 5000, "moving_pct": 20, "hash_cells": 1},
		{"entities": 5000, "moving_pct": 50, "step": 200, "hash_cells": 1, "cold_bytes": 16, "cold_inline": 0},
	} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			rep, err := Run(context.Background(), Config{Workload: "sprites", Params: p, Backings: workload.Backings, Frames: 60}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Mismatch != nil || rep.Frames != 60 {
				t.Fatalf("%d frames, mismatch %+v: want 60 agreeing frames", rep.Frames, rep.Mismatch)
			}
			for k, v := range p {
				if rep.Params[k] != v {
					t.Fatalf("resolved %s = %d, want %d", k, rep.Params[k], v)
				}
			}
		})
	}
}
