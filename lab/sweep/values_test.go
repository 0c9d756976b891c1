package sweep

import (
	"slices"
	"testing"

	"localitylab/internal/testcheck"
	"localitylab/workloads"
)

func TestSeries125(t *testing.T) {
	tests := []struct {
		lo, hi int64
		want   []int64
	}{
		{1000, 1_000_000, []int64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000}},
		{1000, 250_000, []int64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 250000}},
		{3, 40, []int64{3, 5, 10, 20, 40}},
		{1, 1, []int64{1}},
		{5, 1, nil},
	}
	for _, tc := range tests {
		if got := series125(tc.lo, tc.hi); !slices.Equal(got, tc.want) {
			t.Errorf("series125(%d, %d) = %v, want %v", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestDefaults(t *testing.T) {
	tests := []struct {
		workload, param string
		want            []int64
	}{
		{"sprites", "entities", []int64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000}},
		{"bullets", "entities", []int64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 250000}},
		{"sprites", "moving_pct", []int64{0, 1, 2, 5, 10, 20, 50}},
		{"sprites", "cold_bytes", []int64{0, 8, 16, 32, 64, 128, 256}},
		{"sprites", "pan_speed", []int64{1, 2, 5, 10, 20, 50, 100, 160}}, // around its default of 16
		{"sprites", "path_pct", []int64{0, 1, 2, 5, 10, 20, 50, 100}},    // a percentage
	}
	for _, tc := range tests {
		t.Run(tc.workload+"/"+tc.param, func(t *testing.T) {
			spec, err := workloads.Lookup(tc.workload)
			if err != nil {
				t.Fatal(err)
			}
			q, ok := spec.Param(tc.param)
			if !ok {
				t.Fatalf("no parameter %s", tc.param)
			}
			if got := Defaults(spec, q); !slices.Equal(got, tc.want) {
				t.Errorf("Defaults = %v, want %v", got, tc.want)
			}
		})
	}
	// Every parameter of every workload has at least two defaults within its range,
	// so that a sweep of any of them can start without -values.
	for _, spec := range workloads.All() {
		for _, q := range spec.Params {
			vs := Defaults(spec, q)
			if len(vs) < 2 || slices.ContainsFunc(vs, func(v int64) bool { return v < q.Min || v > q.Max }) || !slices.IsSorted(vs) {
				t.Errorf("%s %s: defaults %v (want two or more, increasing, within %d to %d)", spec.Name, q.Name, vs, q.Min, q.Max)
			}
		}
	}
}

func TestParseValues(t *testing.T) {
	got, err := ParseValues("1000, 10k,2.5M,0x10,1_000")
	if err != nil {
		t.Fatal(err)
	}
	if want := []int64{1000, 10000, 2500000, 16, 1000}; !slices.Equal(got, want) {
		t.Fatalf("ParseValues = %v, want %v", got, want)
	}
	testcheck.Rejects(t, "ParseValues", ParseValues, "1.5", "k", "1e3", "1.0001k", "", "ten")
	if got, _ := ParseValues(FormatValues([]int64{0, 8, 256})); !slices.Equal(got, []int64{0, 8, 256}) {
		t.Errorf("FormatValues does not read back: %v", got)
	}
}
