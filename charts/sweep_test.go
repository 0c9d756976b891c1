package charts

import (
	"bytes"
	"image"
	"io"
	"math"
	"strings"
	"testing"

	"localitylab/charts/internal/fixture"
	"localitylab/internal/golden"
	"localitylab/lab/result"
)

// TestSweepPNGGolden draws the fixture sweep as the slide: lines with bands, cache
// markers labelled above the plot, the crossing ringed, the failed point's gap, the
// table per backing and the crossing and the skipped point in words.
func TestSweepPNGGolden(t *testing.T) {
	checkGoldenPNG(t, "sweep.png", image.Pt(1920, 1080), func(w io.Writer) error {
		return WriteSweepPNG(w, fixture.Sweep(), Options{})
	})
}

// TestSweepHTMLGolden: the page is the same for the same sweep, byte for byte.
func TestSweepHTMLGolden(t *testing.T) {
	o := Options{EChartsURL: "echarts.min.js", Claims: []Claim{{Source: "source 003", Text: "A cache miss costs hundreds of cycles.",
		Answer: "Measured here: ptrarray cost 3.50 ns per entity … The cost per entity rises, as the claim says."}}}
	page := func() string {
		var buf bytes.Buffer
		if err := WriteSweepHTML(&buf, fixture.Sweep(), o); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	p := page()
	if p != page() {
		t.Fatal("two pages of the same sweep differ")
	}
	for _, want := range []string{
		`"type":"log"`, // entities on a log axis
		"soa faster than spatialhash below entities ≈ 630,000",
		`"name":"L3"`, "emptyCircle", "band ptrarray width", "Skipped (would not fit in memory): entities = 3,000,000",
		"spatialhash failed at entities = 30,000: worker spatialhash: exited", "A cache miss costs hundreds of cycles.",
		"caches L1d 32.0 KiB, L2 1.00 MiB, L3 32.0 MiB",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	golden.Text(t, "sweep.html", []byte(maskVolatile(p)))
}

func TestNewSweepPlot(t *testing.T) {
	s := fixture.Sweep()
	pl := NewSweepPlot(s, ScaleAuto, math.NaN())
	if !pl.LogX || !pl.LogY {
		t.Errorf("log x %v, log y %v: want both (entities; costs from 0.95 to 30 ns, and ptrarray's cliff)", pl.LogX, pl.LogY)
	}
	if len(pl.Curves) != 3 || len(pl.Curves[2].Y) != 7 || !math.IsNaN(pl.Curves[2].Y[3]) {
		t.Errorf("curves = %+v: want three, spatialhash's with a gap where it failed and none for the skipped point", pl.Curves)
	}
	if !pl.Keys[2].Failed || !strings.Contains(pl.Keys[2].Note, "failed at entities = 30,000") {
		t.Errorf("key = %+v: want spatialhash marked failed", pl.Keys[2])
	}
	if len(pl.Crosses) != 2 || math.Abs(pl.Crosses[0].Y-1.2) > 0.15 || !pl.Crosses[0].Significant || pl.Crosses[1].Significant {
		t.Errorf("crosses = %+v: want one near soa's 1.2 ns, significant, and one within noise", pl.Crosses)
	}
	if got := NewSweepPlot(s, ScaleLinear, math.NaN()); got.LogY {
		t.Error("ScaleLinear gave a log axis")
	}
	// A narrow range stays linear on the automatic scale.
	flat := &result.Sweep{Param: "cold_bytes", Unit: "bytes", Values: []int64{0, 8}, Backings: []string{"soa"},
		Points: []result.Point{{Value: 0, Backings: []result.PointBacking{{Name: "soa", NSPerEntity: 1}}},
			{Value: 8, Backings: []result.PointBacking{{Name: "soa", NSPerEntity: 2}}}}}
	if pl := NewSweepPlot(flat, ScaleAuto, math.NaN()); pl.LogY || pl.LogX || pl.XCaption != "cold_bytes (bytes)" {
		t.Errorf("flat sweep: log y %v, log x %v, caption %q", pl.LogY, pl.LogX, pl.XCaption)
	}
}

func TestValueLabel(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		unit string
		want string
	}{{1000, "", "1k"}, {2500000, "", "2.5M"}, {500, "", "500"}, {5, "%", "5%"}, {3.4, "%", "3.4%"}, {1500, "", "1.5k"}} {
		if got := ValueLabel(tc.v, tc.unit); got != tc.want {
			t.Errorf("ValueLabel(%v, %q) = %q, want %q", tc.v, tc.unit, got, tc.want)
		}
	}
}
