package workload

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestCellsPerSquare(t *testing.T) {
	tests := []struct {
		side, cell int32
		want       int64
	}{
		{1, 1, 1},
		{2, 1, 4},    // two tiles each way
		{10, 1, 100}, // source 000's rectangles on cells of one tile
		{8, 16, 4},   // smaller than a cell, but a border can still cross it
		{16, 16, 4},  // a cell's size: one border inside unless aligned
		{17, 16, 4},
		{18, 16, 9},
		{64, 72, 4},
		{73, 72, 4},
		{145, 72, 9},
		{4096, 1, 4096 * 4096}, // needs 64 bits
	}
	for _, tc := range tests {
		if got := CellsPerSquare(tc.side, tc.cell); got != tc.want {
			t.Errorf("CellsPerSquare(%d, %d) = %d, want %d", tc.side, tc.cell, got, tc.want)
		}
	}
	// Brute force: the most cells a square of side s overlaps, over every placement
	// of its corner within one cell.
	for _, cell := range []int32{1, 3, 8} {
		for side := int32(1); side <= 20; side++ {
			most := int64(0)
			for x := range cell {
				k := int64((x+side-1)/cell + 1)
				most = max(most, k*k)
			}
			if got := CellsPerSquare(side, cell); got != most {
				t.Errorf("CellsPerSquare(%d, %d) = %d, brute force %d", side, cell, got, most)
			}
		}
	}
}

func TestCheckParams(t *testing.T) {
	params := []Param{Seed, {Name: "entities", Default: 10, Min: 1, Max: 100},
		{Name: "size", Default: 0, Min: 0, Max: 64, Values: []int64{0, 8, 64}}}
	tests := []struct {
		name string
		p    Params
		want []string // parts of the error; nil for none
	}{
		{"resolved", Params{"seed": 3, "entities": 100, "size": 8}, nil},
		{"missing", Params{"seed": 3, "size": 0}, []string{"demo:", "entities missing"}},
		{"below", Params{"seed": 3, "entities": 0, "size": 0}, []string{"entities: 0 is out of range for demo (want 1 to 100)"}},
		{"above", Params{"seed": 3, "entities": 101, "size": 0}, []string{"entities: 101 is out of range for demo (want 1 to 100)"}},
		{"between the values", Params{"seed": 3, "entities": 1, "size": 12}, []string{"size: 12 is not allowed for demo (want 0, 8 or 64)"}},
		{"beyond the values", Params{"seed": 3, "entities": 1, "size": 72}, []string{"size: 72 is not allowed for demo (want 0, 8 or 64)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckParams("demo", params, tc.p)
			if (err == nil) != (tc.want == nil) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// TestParamError: every refusal of a parameter, whether its value or its name, is a
// *ParamError that carries the field, so that callers name the flag or key by the
// field and never by editing the message.
func TestParamError(t *testing.T) {
	spec := &Spec{Name: "demo", Params: []Param{Seed, {Name: "entities", Default: 10, Min: 1, Max: 100},
		{Name: "size", Default: 0, Min: 0, Max: 64, Values: []int64{0, 8, 64}}}}
	tests := []struct {
		name  string
		p     Params
		want  ParamError
		words string
	}{
		{"below", Params{"entities": 0}, ParamError{Workload: "demo", Param: "entities", Value: 0, Min: 1, Max: 100},
			"entities: 0 is out of range for demo (want 1 to 100)"},
		{"above", Params{"entities": 101}, ParamError{Workload: "demo", Param: "entities", Value: 101, Min: 1, Max: 100},
			"entities: 101 is out of range for demo (want 1 to 100)"},
		{"not a value", Params{"size": 9}, ParamError{Workload: "demo", Param: "size", Value: 9, Min: 0, Max: 64, Values: []int64{0, 8, 64}},
			"size: 9 is not allowed for demo (want 0, 8 or 64)"},
		{"unknown", Params{"entitees": 5}, ParamError{Workload: "demo", Param: "entitees", Known: []string{"seed", "entities", "size"}},
			"entitees: the demo workload has no such parameter (its parameters: seed, entities, size)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := spec.Resolve(tc.p)
			var pe *ParamError
			if !errors.As(fmt.Errorf("wrapped: %w", err), &pe) {
				t.Fatalf("Resolve: %v, want a *ParamError", err)
			}
			if pe.Workload != tc.want.Workload || pe.Param != tc.want.Param || pe.Value != tc.want.Value || pe.Min != tc.want.Min ||
				pe.Max != tc.want.Max || !slices.Equal(pe.Values, tc.want.Values) || !slices.Equal(pe.Known, tc.want.Known) {
				t.Errorf("ParamError %+v, want %+v", *pe, tc.want)
			}
			if err.Error() != tc.words {
				t.Errorf("message %q, want %q", err, tc.words)
			}
		})
	}
	if _, err := spec.Resolve(Params{"entities": 100, "size": 64}); err != nil {
		t.Errorf("values at the ends of the range: %v", err)
	}
}

func TestProgress(t *testing.T) {
	var seen []float64
	report := func(f float64) { seen = append(seen, f) }
	ctx, cancel := context.WithCancel(context.Background())
	for _, done := range []int{0, 5, 10} {
		if err := Progress(ctx, report, done, 20); err != nil {
			t.Fatal(err)
		}
	}
	if err := Progress(ctx, report, 0, 0); err != nil {
		t.Fatal(err)
	}
	if want := []float64{0, 0.25, 0.5, 0}; !slices.Equal(seen, want) {
		t.Fatalf("progress %v, want %v", seen, want)
	}
	cancel()
	if err := Progress(ctx, report, 15, 20); !errors.Is(err, context.Canceled) || len(seen) != 4 {
		t.Fatalf("after cancel: %v and %d reports, want context.Canceled and no new report", err, len(seen))
	}
}

// TestFill: every entity index is handed to fill once, in order, in chunks of
// ProgressEvery; progress rises to 1; a cancel stops the load before the next chunk.
func TestFill(t *testing.T) {
	n := 3*ProgressEvery + 5
	var got []int
	var seen []float64
	calls := 0
	err := Fill(context.Background(), func(f float64) { seen = append(seen, f) }, n, func(lo, hi int) {
		calls++
		for i := lo; i < hi; i++ {
			got = append(got, i)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != n || calls != 4 {
		t.Fatalf("%d entities in %d calls, want %d in 4", len(got), calls, n)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("entity %d filled at position %d", v, i)
		}
	}
	if len(seen) != 5 || seen[len(seen)-1] != 1 || !slices.IsSorted(seen) {
		t.Fatalf("progress %v: want one call per chunk, rising, then 1", seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	filled := 0
	err = Fill(ctx, func(float64) {}, n, func(lo, hi int) { filled += hi - lo; cancel() })
	if !errors.Is(err, context.Canceled) || filled != ProgressEvery {
		t.Fatalf("cancelled fill: %v after %d entities, want context.Canceled after one chunk", err, filled)
	}
	if err := Fill(context.Background(), func(float64) {}, 0, func(int, int) { t.Error("fill called for no entity") }); err != nil {
		t.Fatal(err)
	}
}

// TestPhase: Phase reaches the recorder in the context, and does nothing without one.
func TestPhase(t *testing.T) {
	var got []string
	ctx := WithPhases(context.Background(), func(name string, kind PhaseKind) { got = append(got, name+"/"+kind.String()) })
	Phase(ctx, "tile table", Fixed)
	Phase(ctx, DefaultPhase, Building)
	Phase(context.Background(), "nobody listens", Setup)
	if want := []string{"tile table/fixed", "load/building"}; !slices.Equal(got, want) {
		t.Errorf("phases %v, want %v", got, want)
	}
}
