package charts

import (
	"fmt"
	"strings"
	"testing"

	"localitylab/internal/golden"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// TestMachineCharts checks every registered chart of the probe against a golden
// description of what it draws (its axes, its line, its markers), for a probe
// measured on the development VM and for one modelled on an Intel VM whose system
// reports its host's 480 MiB L3, set aside: no marker may stand there.
func TestMachineCharts(t *testing.T) {
	p, err := result.LoadProbeJSON("testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	host := p.Clone()
	host.Reported = append(host.Reported[:2:2], result.CacheLevel{Level: 3, Type: "Unified", Bytes: 480 << 20, NotUsed: "a virtual machine shown its host's whole cache"})
	host.Ladder = append(host.Ladder, result.LadderPoint{Bytes: 1 << 30, NS: 160, Lo: 150, Hi: 170, Reps: 12})
	var b strings.Builder
	for _, tc := range []struct {
		name string
		p    *result.Probe
	}{{"amd-vm", p}, {"host-l3-set-aside", host}} {
		for _, m := range MachineCharts {
			pl, ok := m.Plot(tc.p)
			if !ok {
				t.Fatalf("%s: %s draws nothing", tc.name, m.Name)
			}
			fmt.Fprintf(&b, "%s %s: %q, x %s to %s (log %v), y log %v, note %q\n", tc.name, m.Name, pl.Title,
				units.Bytes(pl.XMin), units.Bytes(pl.XMax), pl.LogX, pl.LogY, pl.Note)
			for _, c := range pl.Curves {
				fmt.Fprintf(&b, "  curve %q: %d points\n", c.Name, len(c.X))
			}
			for _, mk := range pl.Markers {
				fmt.Fprintf(&b, "  marker %s at %s (%s)\n", mk.Label, units.Bytes(mk.X), mk.Backing)
				if mk.X == 480<<20 {
					t.Errorf("%s: a marker at the 480 MiB set aside", tc.name)
				}
			}
		}
	}
	golden.Text(t, "machine-charts.txt", []byte(b.String()))
	if _, ok := Ladder.Plot(&result.Probe{}); ok {
		t.Error("a probe without a ladder drew a ladder")
	}
	if _, ok := ReadBandwidth.Plot(&result.Probe{}); ok {
		t.Error("a probe without bandwidths drew one")
	}
}
