package page

import (
	"bytes"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/internal/golden"
	"localitylab/lab/result"
)

// TestProbePage writes a probe measured on the development VM as a page and checks
// it against a golden file: both charts with their marks, the levels, the words and
// the record.
func TestProbePage(t *testing.T) {
	p, err := result.LoadProbeJSON("testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteProbeHTML(&b, p, charts.Options{EChartsURL: "echarts.min.js"}); err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "probe.html", b.Bytes())
	for _, want := range []string{`"name":"L2","xAxis":`, "Latency of a dependent load", "Read bandwidth of one core",
		"Disagrees: L3: the ladder puts it at 1.86 MiB", "localitylab/probe/v1"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
