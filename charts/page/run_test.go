package page

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"localitylab/charts"
	"localitylab/charts/echartsjs"
	"localitylab/charts/internal/fixture"
	"localitylab/internal/golden"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

func writeHTML(t *testing.T, r *result.Run, o charts.Options) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r, o); err != nil {
		t.Fatal(err)
	}
	return withoutLibrary(buf.String())
}

// smallRun has every part a page can show (a failed backing, counters) in few
// frames, so that its golden page stays readable in a diff.
func smallRun() *result.Run {
	return fixture.Run(fixture.Options{Frames: 24, Warmup: 4, Counters: true, Fail: "map", FailAt: 15,
		Backings: []string{"ptrarray", "map", "soa", "spatialhash"}})
}

// The page is the same for the same run: chart ids are fixed and the only date is
// the run's own, so nothing needs masking today; the mask keeps the test meaningful
// should a go-echarts update bring random chart ids back.
func TestWriteHTMLGolden(t *testing.T) {
	o := charts.Options{Claims: []charts.Claim{{Source: "source 003, Game Programming Patterns",
		Text: "Rewriting the update loop from pointers to contiguous arrays made it 50 times faster.",
		Answer: "Measured here: ptrarray is 8.00× slower than soa (95% interval 7.90–8.10, the median of per-frame ratios). " +
			"The gap here is narrower than the source's 50.0×."}},
		ClaimsNote: "The lesson was written for entities = 1,000,000; this run has entities = 3,000."}
	page := writeHTML(t, smallRun(), o)
	if again := writeHTML(t, smallRun(), o); again != page {
		t.Fatal("two pages of the same run differ")
	}
	if got := maskVolatile(`<div id="AbCdEfGhIjKl">`); got != `<div id="RANDOMID">` {
		t.Fatalf("the mask leaves a go-echarts id: %s", got)
	}
	golden.Text(t, "run.html", []byte(maskVolatile(page)))
}

// randomID matches a chart id go-echarts makes up (12 random letters) where ids go.
var randomID = regexp.MustCompile(`(id="|goecharts_|option_|getElementById\(')[A-Za-z]{12}\b`)

// maskVolatile also puts a placeholder where a page carries ECharts, so that a
// golden holds the page's own text, not a megabyte of the library; the tests of
// the carried script are TestWriteHTMLContent's and package echartsjs'.
func maskVolatile(page string) string {
	return randomID.ReplaceAllString(withoutLibrary(page), "${1}RANDOMID")
}

// withoutLibrary is a page with the placeholder where it carries ECharts, so
// that a test looking for a word finds the page's, not the library's.
func withoutLibrary(page string) string {
	return strings.Replace(page, "<script>"+echartsjs.Inline()+"</script>", "<script>"+echartsPlaceholder+"</script>", 1)
}

// echartsPlaceholder stands in a golden for the library and its licence.
var echartsPlaceholder = fmt.Sprintf("/*! Apache ECharts %s and its licence, carried here: %d bytes (package echartsjs) */",
	echartsjs.Version, len(echartsjs.Inline()))

func TestWriteHTMLContent(t *testing.T) {
	hostile := smallRun()
	hostile.Backings[1].Error = `</script><script>alert("x")</script>`
	off := fixture.Run(fixture.Options{Frames: 24, Warmup: 4, Backings: []string{"slotmap", "soa"}}) // neither allocates
	one := fixture.Run(fixture.Options{Frames: 24, Warmup: 4, Backings: []string{"slotmap", "soa"}})
	one.Backings[1].Frames.Allocs[23] = 1
	tests := []struct {
		name    string
		run     *result.Run
		opt     charts.Options
		want    []string
		wantNot []string
	}{
		{"carried by default", smallRun(), charts.Options{},
			[]string{"<script>" + echartsPlaceholder + "</script>", `id="frame_time"`, `id="misses"`, `"type":"log"`, "markArea", "budget"},
			[]string{"<script src=", "-echarts link"}},
		{"linked", smallRun(), charts.Options{EChartsURL: LinkURL}, []string{`<script src="` + LinkURL + `">`, "-echarts link"}, []string{"Apache License"}},
		{"local copy", smallRun(), charts.Options{EChartsURL: "js/echarts.min.js"}, []string{`<script src="js/echarts.min.js">`}, []string{LinkURL}},
		{"counters off: no misses chart", off, charts.Options{}, []string{"counters off"}, []string{`id="misses"`}},
		{"nothing allocated: said, not charted", off, charts.Options{},
			[]string{"<h2>Allocations per frame</h2>", "No backing allocated in any measured frame (0 allocations per frame in all 20 frames of each)."},
			[]string{`id="allocs"`}},
		{"one allocation in one measured frame: charted", one, charts.Options{}, []string{`id="allocs"`}, []string{"No backing allocated"}},
		{"close backings: linear axis", off, charts.Options{}, nil, []string{`"type":"log"`}},
		{"forced log", off, charts.Options{Scale: charts.ScaleLog}, []string{`"type":"log"`}, nil},
		{"no budget line", smallRun(), charts.Options{Budget: -1}, nil, []string{"markLine"}},
		{"an error cannot inject script", hostile, charts.Options{}, []string{"&lt;/script&gt;"}, []string{`<script>alert`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := writeHTML(t, tt.run, tt.opt)
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("page lacks %q", w)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(page, w) {
					t.Errorf("page contains %q", w)
				}
			}
		})
	}
}

func TestWriteHTMLSkipsUnmeasuredPercentiles(t *testing.T) {
	r := smallRun()
	r.Backings[0].Summary.P99NS = math.NaN() // a summary the engine could not compute
	page := writeHTML(t, r, charts.Options{})
	if strings.Contains(page, "NaN") {
		t.Error("page contains NaN")
	}
}

// TestHTMLOpensInChromium loads the page, which carries ECharts, in headless
// Chromium with no network (a network namespace of its own, where unshare can make
// one) and fails on any script error in the console or a chart ECharts did not draw.
func TestHTMLOpensInChromium(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if testing.Short() || err != nil {
		t.Skip("needs chromium; skipped in -short")
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, fixture.Failed(), charts.Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "<script>"+echartsjs.Inline()+"</script>") {
		t.Fatal("the page does not carry ECharts")
	}
	page := filepath.Join(dir, "run.html")
	if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := []string{chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + filepath.Join(dir, "profile"), "--enable-logging=stderr", "--v=0",
		"--virtual-time-budget=5000", "--dump-dom", "file://" + page}
	if unshare, err := exec.LookPath("unshare"); err == nil && exec.Command(unshare, "-n", "true").Run() == nil {
		args = append([]string{unshare, "-n"}, args...)
	} else {
		t.Log("unshare -n is not available here: the network stays on (the page names no URL to load)")
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var dom, log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &dom, &log
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, log.String())
	}
	for _, line := range strings.Split(log.String(), "\n") {
		// Chromium's own pages (chrome://) log too, about fonts of their own.
		if strings.Contains(line, "CONSOLE") && !strings.Contains(line, "source: chrome://") {
			t.Errorf("console: %s", line)
		}
	}
	// ECharts draws each chart into a canvas of its own inside the chart's div.
	charts, canvases := strings.Count(dom.String(), `class="item"`), strings.Count(dom.String(), "<canvas")
	if charts == 0 || canvases < charts {
		t.Errorf("%d charts on the page, %d drawn", charts, canvases)
	}
	if regexp.MustCompile(`</script>\s*<p class="warn">The charts need`).MatchString(dom.String()) {
		t.Error("the page says ECharts could not run")
	}
}

// TestWriteHTMLForks: a run of three forks shades each fork's warm-up on the page's
// frame charts, names the forks in the record, and adds the fork spread column.
func TestWriteHTMLForks(t *testing.T) {
	r := runtest.Forked(3, 8, []string{"soa", "ptrarray"}, func(k, i int) float64 { return float64(1 + 9*i) },
		func(k, i int) int64 { return 1e6 })
	page := writeHTML(t, r, charts.Options{})
	_, frameChart, _ := strings.Cut(page, `id="frame_time"`)
	frameChart, _, _ = strings.Cut(frameChart, "</script>")
	if n := strings.Count(frameChart, `"name":"warm-up"`); n != 3 {
		t.Errorf("the frame-time chart shades %d warm-ups, want one per fork, 3", n)
	}
	for _, want := range []string{"<th>fork spread</th>", "3 forks, one after another", "(1 warm-up)"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
