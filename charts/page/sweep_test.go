package page

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/internal/golden"
)

// TestSweepHTMLGolden: the page is the same for the same sweep, byte for byte.
func TestSweepHTMLGolden(t *testing.T) {
	o := charts.Options{Claims: []charts.Claim{{Source: "source 003", Text: "A cache miss costs hundreds of cycles.",
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

// TestSweepSimHTMLGolden: a sweep with simulated misses gets the misses panel, a
// second grid under the cost's on the same x axis, named as simulated, with a solid
// D1 and a dashed LL line per backing; the page is the same for the same sweep.
func TestSweepSimHTMLGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSweepHTML(&buf, fixture.SimSweep(), charts.Options{EChartsURL: "echarts.min.js"}); err != nil {
		t.Fatal(err)
	}
	p := buf.String()
	for _, want := range []string{
		`"text":"Simulated D1/LL misses per entity"`, `"gridIndex":1`, `"xAxisIndex":1`, `"yAxisIndex":1`,
		`"type":"dashed"`, `[1000,2,"D1"]`, `[1000000,2,"LL"]`, "simulated '+v[2]+' misses per entity",
		"simulated by Valgrind", "ptrarray simulated misses/entity",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	golden.Text(t, "sweep_sim.html", []byte(maskVolatile(p)))
}

// TestLogBase2: a sweep over doublings gets x axes of base 2, and its y axis keeps
// its own type.
func TestLogBase2(t *testing.T) {
	in := template.HTML(`{"xAxis":[{"type":"log","name":"stride"},{"type":"log"}],"yAxis":[{"type":"log"}]}`)
	want := `{"xAxis":[{"type":"log","logBase":2,"name":"stride"},{"type":"log","logBase":2}],"yAxis":[{"type":"log"}]}`
	if got := string(logBase2(in)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := logBase2("no axes"); got != "no axes" {
		t.Errorf("a chart without axes changed: %s", got)
	}
}
