package workloadtest

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"localitylab/workloads/workload"
)

// NewCase is one call of Spec.New that CheckNew makes: the defaults overridden by Over,
// for Backing, must fail with an error naming Field, or succeed when Field is "".
type NewCase struct {
	Name    string
	Over    workload.Params
	Backing string
	Field   string
}

// CheckNew runs the cases, then checks what every Spec.New must do whatever the
// workload: a parameter just outside its range, on either side, or missing from
// parameters that skipped Resolve, gives an error that names it (and, when out of
// range, the range it wants).
func CheckNew(t *testing.T, spec *workload.Spec, cases []NewCase) {
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			_, err := spec.New(Resolve(t, spec, tc.Over), tc.Backing)
			switch {
			case tc.Field == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.Field != "" && err == nil:
				t.Fatalf("no error, want one naming %s", tc.Field)
			case tc.Field != "" && !strings.Contains(err.Error(), tc.Field):
				t.Fatalf("error %q does not name %s", err, tc.Field)
			}
		})
	}
	t.Run("out of range", func(t *testing.T) {
		for _, q := range spec.Params {
			for _, v := range []int64{q.Min - 1, q.Max + 1} {
				p := spec.Defaults()
				p[q.Name] = v
				_, err := spec.New(p, workload.SoA)
				var pe *workload.ParamError
				if !errors.As(err, &pe) || pe.Param != q.Name || pe.Value != v || !strings.Contains(err.Error(), "want") {
					t.Errorf("%s = %d: error %v, want a ParamError naming %s and its range", q.Name, v, err, q.Name)
				}
			}
		}
	})
	t.Run("values", func(t *testing.T) {
		for _, q := range spec.Params {
			if len(q.Values) == 0 {
				continue
			}
			if !slices.IsSorted(q.Values) || q.Values[0] != q.Min || q.Values[len(q.Values)-1] != q.Max || !slices.Contains(q.Values, q.Default) {
				t.Errorf("%s: values %v do not run from min %d to max %d in order, or lack the default %d", q.Name, q.Values, q.Min, q.Max, q.Default)
			}
			// Every allowed value makes every backing's store, and a value between two
			// allowed ones is refused with the list.
			for i, v := range q.Values {
				p := spec.Defaults()
				p[q.Name] = v
				for _, backing := range workload.Backings {
					if _, err := spec.New(p, backing); err != nil {
						t.Errorf("%s = %d, %s: %v", q.Name, v, backing, err)
					}
				}
				if i == 0 || q.Values[i-1]+1 == v {
					continue
				}
				p[q.Name] = v - 1
				want := q.Allowed(func(v int64) string { return strconv.FormatInt(v, 10) })
				if _, err := spec.New(p, workload.SoA); err == nil || !strings.Contains(err.Error(), q.Name) || !strings.Contains(err.Error(), want) {
					t.Errorf("%s = %d: error %v, want one naming %s and %s", q.Name, v-1, err, q.Name, want)
				}
			}
		}
	})
	t.Run("missing", func(t *testing.T) {
		for _, q := range spec.Params {
			p := spec.Defaults()
			delete(p, q.Name)
			if _, err := spec.New(p, workload.SoA); err == nil || !strings.Contains(err.Error(), q.Name) {
				t.Errorf("without %s: error %v, want one naming it", q.Name, err)
			}
		}
	})
	t.Run("every parameter documented", func(t *testing.T) {
		for _, q := range spec.Params {
			if q.Doc == "" || q.Default < q.Min || q.Default > q.Max {
				t.Errorf("%s: doc %q, default %d outside %d … %d", q.Name, q.Doc, q.Default, q.Min, q.Max)
			}
		}
	})
}

// LoadProgressAndCancel checks Load's contract on every backing for resolved p: the
// progress it reports rises within [0, 1] over several calls and ends at 1, and once
// the context is cancelled (from inside the second progress call) Load returns
// context.Canceled without reporting progress again. p must hold enough entities for
// at least three progress calls.
func LoadProgressAndCancel(t *testing.T, spec *workload.Spec, p workload.Params) {
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st, err := spec.New(p, backing)
			if err != nil {
				t.Fatal(err)
			}
			var seen []float64
			if err := st.Load(context.Background(), func(f float64) { seen = append(seen, f) }); err != nil {
				t.Fatal(err)
			}
			if len(seen) < 3 || seen[len(seen)-1] != 1 {
				t.Fatalf("progress %v: want several calls ending at 1", seen)
			}
			for i := 1; i < len(seen); i++ {
				if seen[i] < seen[i-1] || seen[i] > 1 || seen[0] < 0 {
					t.Fatalf("progress %v does not rise within [0, 1]", seen)
				}
			}

			st, _ = spec.New(p, backing)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			calls := 0
			err = st.Load(ctx, func(float64) {
				if calls++; calls == 2 {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Load after cancel returned %v, want context.Canceled", err)
			}
			if calls > 2 {
				t.Fatalf("%d progress calls after cancelling at the second", calls-2)
			}
		})
	}
}

// EstimateGrows checks every backing's Spec.EstimateBytes: for both small and big it
// covers at least perEntity bytes per entity (the entities parameter), and big, which
// must hold more entities, gets the larger estimate.
func EstimateGrows(t *testing.T, spec *workload.Spec, small, big workload.Params, perEntity int64) {
	t.Helper()
	if small["entities"] >= big["entities"] {
		t.Fatalf("EstimateGrows: small has %d entities, big %d", small["entities"], big["entities"])
	}
	for _, backing := range workload.Backings {
		s, b := spec.EstimateBytes(small, backing), spec.EstimateBytes(big, backing)
		if s < small["entities"]*perEntity || b < big["entities"]*perEntity || b <= s {
			t.Errorf("%s: estimate %d bytes for %d entities, %d for %d; want at least %d per entity, and more for more",
				backing, s, small["entities"], b, big["entities"], perEntity)
		}
	}
}

// BenchLoad times spec's Load of one backing for resolved p, building a new store each
// iteration after letting the previous one go, and returns the last store for the
// caller to check.
func BenchLoad(b *testing.B, spec *workload.Spec, p workload.Params, backing string) workload.Store {
	b.Helper()
	b.ReportAllocs()
	var st workload.Store
	for b.Loop() {
		st = nil // let the previous world go before building the next
		var err error
		if st, err = spec.New(p, backing); err != nil {
			b.Fatal(err)
		}
		if err := st.Load(context.Background(), func(float64) {}); err != nil {
			b.Fatal(err)
		}
	}
	return st
}
