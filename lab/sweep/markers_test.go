package sweep

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

func TestReaches(t *testing.T) {
	tests := []struct {
		name   string
		xs, ws []float64
		size   float64
		logX   bool
		at     float64
		ok     bool
	}{
		{"linear, half way", []float64{0, 10}, []float64{100, 300}, 200, false, 5, true},
		{"log: working set in proportion to x", []float64{1000, 100000}, []float64{32e3, 3.2e6}, 1 << 20, true, 1000 * float64(1<<20) / 32e3, true},
		{"exactly at a point", []float64{1, 2, 3}, []float64{10, 20, 30}, 20, false, 2, true},
		{"already past at the first point", []float64{1, 2}, []float64{50, 60}, 40, false, 0, false},
		{"never reached", []float64{1, 2}, []float64{5, 6}, 40, false, 0, false},
		{"first time only", []float64{1, 2, 3, 4}, []float64{5, 50, 5, 50}, 40, false, 1 + 35.0/45, true},
		{"no points", nil, nil, 1, false, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			at, ok := reaches(tc.xs, tc.ws, tc.size, tc.logX)
			if ok != tc.ok || ok && math.Abs(at-tc.at) > 1e-6*max(1, tc.at) {
				t.Errorf("reaches = %v, %v; want %v, %v", at, ok, tc.at, tc.ok)
			}
		})
	}
}

// TestFindMarkers: a marker per backing and cache its working set grows past within
// the sweep, none for a cache it filled from the first point or never reached, and
// none from a point that was skipped or a backing whose load measured nothing.
func TestFindMarkers(t *testing.T) {
	s := &result.Sweep{Param: "entities", LogX: true, Backings: []string{"ptrarray", "soa"},
		Caches: []result.Cache{{Name: "L1d", Bytes: 32 << 10}, {Name: "L2", Bytes: 1 << 20}, {Name: "L3", Bytes: 32 << 20}}}
	for _, n := range []int64{1000, 10000, 100000, 1000000} {
		s.Points = append(s.Points, result.Point{Value: n, Backings: []result.PointBacking{
			{Name: "ptrarray", WorkingSetBytes: 64 * float64(n)}, {Name: "soa", WorkingSetBytes: 24 * float64(n)}}})
	}
	s.Points = append(s.Points, result.Point{Value: 10_000_000, Skipped: "too big"})
	got := FindMarkers(s)
	want := []struct {
		backing, cache string
		at             float64
	}{
		{"ptrarray", "L2", float64(1<<20) / 64}, {"ptrarray", "L3", float64(32<<20) / 64},
		{"soa", "L1d", float64(32<<10) / 24}, {"soa", "L2", float64(1<<20) / 24},
	}
	if len(got) != len(want) {
		t.Fatalf("markers = %+v, want %d", got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Backing != w.backing || g.Cache != w.cache || math.Abs(g.At-w.at) > 1e-6*w.at {
			t.Errorf("marker %d = %+v, want %s reaching %s at %.0f", i, g, w.backing, w.cache, w.at)
		}
	}
}

// TestSetAsideCacheMarkers: on the Intel VM, whose sysfs shows its guest the host's
// 480 MiB L3 shared by two vCPUs, the sweep records the L3 as reported with why it
// is not used, and puts no marker at it, even where a working set grows past 480 MiB;
// the L1d and L2 keep theirs.
func TestSetAsideCacheMarkers(t *testing.T) {
	t.Setenv(cpucache.SysfsEnv, filepath.Join("..", "cpucache", "testdata", "intel-vm"))
	caches, note := Caches()
	if len(caches) != 3 || caches[2].Name != "L3" || caches[2].Bytes != 480<<20 || caches[2].Used() ||
		!strings.Contains(caches[2].NotUsed, "240 MiB per CPU") || !caches[0].Used() || !caches[1].Used() {
		t.Fatalf("caches %+v, want L1d and L2 used, the 480 MiB L3 recorded and not used", caches)
	}
	if !strings.Contains(note, "intel-vm") {
		t.Errorf("note %q does not say where the caches came from", note)
	}
	s := &result.Sweep{Param: "entities", LogX: true, Backings: []string{"ptrarray"}, Caches: caches}
	for _, n := range []int64{100, 1000, 100_000, 10_000_000} {
		s.Points = append(s.Points, result.Point{Value: n, Backings: []result.PointBacking{{Name: "ptrarray", WorkingSetBytes: 64 * float64(n)}}})
	}
	var got []string
	for _, m := range FindMarkers(s) {
		got = append(got, m.Cache)
	}
	if strings.Join(got, " ") != "L1d L2" {
		t.Errorf("markers at %q, want L1d and L2 only (64 B × 10M passes 480 MiB)", got)
	}
}

// TestMarkersBySpan: a backing with a span at every point is placed by the larger of
// its span and its bytes kept (ptrarray's span, 130 bytes a sprite against the 32 it
// keeps, puts L3 about four times earlier; soa's span of one column, smaller than its
// bytes, leaves it where its bytes put it); a backing that lacks the span at one point
// is placed by its bytes at every point.
func TestMarkersBySpan(t *testing.T) {
	s := &result.Sweep{Param: "entities", LogX: true, Backings: []string{"ptrarray", "soa", "map"},
		Caches: []result.Cache{{Name: "L3", Bytes: 32 << 20}}}
	for k, n := range []int64{10000, 100000, 1000000, 10000000} {
		f := float64(n)
		mapSpan := 0.0
		if k > 0 {
			mapSpan = 1 // a span at some points only
		}
		s.Points = append(s.Points, result.Point{Value: n, Backings: []result.PointBacking{
			{Name: "ptrarray", WorkingSetBytes: 32 * f, SpanBytes: 130 * f},
			{Name: "soa", WorkingSetBytes: 24 * f, SpanBytes: 4 * f},
			{Name: "map", WorkingSetBytes: 64 * f, SpanBytes: mapSpan}}})
	}
	got := FindMarkers(s)
	want := []result.Marker{
		{Backing: "ptrarray", Cache: "L3", Bytes: 32 << 20, At: float64(32<<20) / 130, By: result.MarkerBySpan},
		{Backing: "soa", Cache: "L3", Bytes: 32 << 20, At: float64(32<<20) / 24, By: result.MarkerBySpan},
		{Backing: "map", Cache: "L3", Bytes: 32 << 20, At: float64(32<<20) / 64, By: result.MarkerByBytes},
	}
	if len(got) != len(want) {
		t.Fatalf("markers = %+v, want %+v", got, want)
	}
	for i, w := range want {
		g := got[i]
		if g.Backing != w.Backing || g.By != w.By || math.Abs(g.At-w.At) > 1e-6*w.At {
			t.Errorf("marker %d = %+v, want %+v", i, g, w)
		}
	}
}

// TestMeasuredCaches: a level the probe found is a cache of its own, "measured",
// where the system reports none at that level, one the lab does not use, or one
// more than twice away; a level the system's size agrees with adds nothing.
func TestMeasuredCaches(t *testing.T) {
	const kib, mib = 1 << 10, 1 << 20
	probe := &result.Probe{LineBytes: 64, Levels: []result.ProbeLevel{
		{Name: "L1d", Bytes: 32 * kib, SizeBytes: 34 * kib},
		{Name: "L2", Bytes: 256 * kib, SizeBytes: 450 * kib},
		{Name: "L3", Bytes: 1400 * kib, SizeBytes: 2 * mib},
	}}
	sys := []result.Cache{{Name: "L1d", Level: 1, Type: "Data", Bytes: 32 * kib}, {Name: "L2", Level: 2, Type: "Unified", Bytes: 512 * kib}}
	tests := []struct {
		name string
		l3   *result.Cache
		want []string
	}{
		{"the system's L3 far from the probe's: both", &result.Cache{Name: "L3", Level: 3, Type: "Unified", Bytes: 32 * mib}, []string{"L3 measured 2097152"}},
		{"the system's L3 set aside", &result.Cache{Name: "L3", Level: 3, Type: "Unified", Bytes: 480 * mib, NotUsed: "a guest shown its host's cache"}, []string{"L3 measured 2097152"}},
		{"no L3 reported", nil, []string{"L3 measured 2097152"}},
		{"the system's L3 near the probe's", &result.Cache{Name: "L3", Level: 3, Type: "Unified", Bytes: 3 * mib}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			system := slices.Clone(sys)
			if tt.l3 != nil {
				system = append(system, *tt.l3)
			}
			var got []string
			for _, c := range MeasuredCaches(system, probe) {
				if !c.Measured || c.Level != 3 || c.LineBytes != 64 {
					t.Errorf("%+v: want a measured level-3 cache of 64-byte lines", c)
				}
				got = append(got, fmt.Sprintf("%s %d", c.Name, c.Bytes))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("measured caches %q, want %q", got, tt.want)
			}
		})
	}
	if MeasuredCaches(nil, nil) != nil {
		t.Error("caches measured without a probe")
	}
	none := MeasuredCaches(nil, probe) // the system reports nothing: every level found
	if len(none) != 3 || none[0].Name != "L1d measured" || none[0].Level != 1 {
		t.Errorf("with nothing reported: %+v", none)
	}
}
