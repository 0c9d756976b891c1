package workloadtest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"localitylab/workloads/workload"
)

// script is a store whose checksums and entity counts are given in advance: frame f
// returns sums[f] and then holds ents[f] entities (ents[len(sums)] … before frame 0).
type script struct {
	sums []uint64
	ents []int
	f    int
}

func (s *script) Frame() uint64 {
	s.f++
	return s.sums[s.f-1]
}

func (s *script) Entities() int {
	if s.f == 0 {
		return s.ents[len(s.sums)]
	}
	return s.ents[s.f-1]
}

// store makes a script a workload.Store; Lockstep calls only Frame and Entities.
type store struct{ *script }

func (store) Load(context.Context, func(float64)) error { return nil }
func (store) Scene(*workload.Scene)                     {}

// recorder is a testing.TB whose Fatalf records the message and stops the helper under
// test by panicking, so that a test can check that the helper fails, and how.
type recorder struct {
	testing.TB
	msg string
}

type stop struct{}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	panic(stop{})
}

// failure runs fn with a recorder and returns the message of its first Fatalf, "" if
// it did not fail.
func failure(t *testing.T, fn func(tb testing.TB)) (msg string) {
	r := &recorder{TB: t}
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(stop); !ok {
				panic(v)
			}
			msg = r.msg
		}
	}()
	fn(r)
	return ""
}

func TestLockstep(t *testing.T) {
	ref := []uint64{1, 2, 3, 4}
	refEnts := []int{5, 5, 6, 6, 5} // after each frame, then before frame 0
	tests := []struct {
		name string
		sums []uint64
		ents []int
		want string // part of the failure; "" for none
	}{
		{"agree", ref, refEnts, ""},
		{"checksum differs at frame 2", []uint64{1, 2, 9, 4}, refEnts, "frame 2: b checksum 0000000000000009, reference checksum 0000000000000003"},
		{"count differs after load", ref, []int{5, 5, 6, 6, 4}, "after load b holds 4 entities, reference holds 5 entities"},
		{"count differs at frame 3", ref, []int{5, 5, 6, 7, 5}, "frame 3: b holds 7 entities, reference holds 6 entities"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sums []uint64
			msg := failure(t, func(tb testing.TB) {
				model := &script{sums: ref, ents: refEnts}
				good := store{&script{sums: ref, ents: refEnts}}
				bad := store{&script{sums: tc.sums, ents: tc.ents}}
				sums = Lockstep(tb, model, []workload.Store{good, bad}, []string{"a", "b"}, len(ref))
			})
			switch {
			case tc.want == "" && msg != "":
				t.Fatalf("Lockstep failed: %s", msg)
			case tc.want == "" && fmt.Sprint(sums) != fmt.Sprint(ref):
				t.Fatalf("Lockstep returned %v, want the model's %v", sums, ref)
			case !strings.Contains(msg, tc.want):
				t.Fatalf("Lockstep failed with %q, want %q", msg, tc.want)
			}
		})
	}
}

// TestOddOneOut: the store at fault is named wherever it stands among the stores,
// against a model (Lockstep) or against the others (Majority); stores that all
// disagree with the model alike point at the model.
func TestOddOneOut(t *testing.T) {
	good, bad := []uint64{1, 2, 3, 4}, []uint64{1, 2, 9, 4}
	ents := []int{5, 5, 5, 5, 5}
	run := func(sums ...[]uint64) []workload.Store {
		out := make([]workload.Store, len(sums))
		for i, s := range sums {
			out[i] = store{&script{sums: s, ents: ents}}
		}
		return out
	}
	names := []string{"ptrarray", "map", "soa"}
	tests := []struct {
		name  string
		check func(tb testing.TB)
		want  string
	}{
		{"lockstep, the first at fault", func(tb testing.TB) {
			Lockstep(tb, &script{sums: good, ents: ents}, run(bad, good, good), names, 4)
		}, "frame 2: ptrarray checksum 0000000000000009, reference checksum 0000000000000003"},
		{"lockstep, two at fault", func(tb testing.TB) {
			Lockstep(tb, &script{sums: good, ents: ents}, run(good, bad, bad), names, 4)
		}, "frame 2: map checksum 0000000000000009, soa checksum 0000000000000009, reference checksum 0000000000000003"},
		{"lockstep, the model at fault", func(tb testing.TB) {
			Lockstep(tb, &script{sums: bad, ents: ents}, run(good, good, good), names, 4)
		}, "frame 2: every store agrees (ptrarray, map, soa checksum 0000000000000003), the reference does not"},
		{"majority, the first at fault", func(tb testing.TB) { Majority(tb, run(bad, good, good), names, 4) },
			"frame 2: ptrarray checksum 0000000000000009, against the other 2: map, soa checksum 0000000000000003"},
		{"majority, the last at fault", func(tb testing.TB) { Majority(tb, run(good, good, bad), names, 4) },
			"frame 2: soa checksum 0000000000000009, against the other 2: ptrarray, map checksum 0000000000000003"},
		{"majority, none", func(tb testing.TB) { Majority(tb, run(good, bad, []uint64{1, 2, 7, 4}), names, 4) },
			"frame 2: the stores disagree, with no majority: ptrarray checksum 0000000000000003; map checksum 0000000000000009; soa checksum 0000000000000007"},
		{"majority, entities", func(tb testing.TB) {
			stores := run(good, good, good)
			stores[1].(store).ents = []int{5, 5, 6, 5, 5}
			Majority(tb, stores, names, 4)
		}, "frame 2: map holds 6 entities, against the other 2: ptrarray, soa holds 5 entities"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if msg := failure(t, tc.check); !strings.Contains(msg, tc.want) {
				t.Errorf("failed with %q, want %q", msg, tc.want)
			}
		})
	}
	if msg := failure(t, func(tb testing.TB) { Majority(tb, run(good, good, good), names, 4) }); msg != "" {
		t.Errorf("stores that agree: %s", msg)
	}
}

func TestDistinct(t *testing.T) {
	tests := []struct {
		sums []uint64
		want int
	}{
		{nil, 0},
		{[]uint64{7, 7, 7}, 1},
		{[]uint64{1, 2, 1, 3}, 3},
	}
	for _, tc := range tests {
		if got := Distinct(tc.sums); got != tc.want {
			t.Errorf("Distinct(%v) = %d, want %d", tc.sums, got, tc.want)
		}
	}
}
