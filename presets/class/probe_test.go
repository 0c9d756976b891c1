package class

import (
	"slices"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestProbeFacts: a machine whose file carries a probe shows its ladder and
// bandwidth beside its figures, and its answer states the ceiling; one without says
// n/a with the reason, never another machine's figures. Probe figures differ by
// nature and are not counted among the facts that tell machines apart.
func TestProbeFacts(t *testing.T) {
	p, err := result.LoadProbeJSON("../explain/testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	files := laptops(t)
	files[1].Run.Probe = p
	c, err := New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := FactNames()
	lat, bw := slices.Index(names, "latency (probe)"), slices.Index(names, "bandwidth (probe)")
	if lat < 0 || bw < 0 {
		t.Fatalf("facts %q: no probe rows", names)
	}
	tests := []struct {
		machine        int
		latency, bwant string
		answer         string
	}{
		{0, "n/a (no probe in this file)", "n/a (no probe in this file)", "What this machine allows: n/a (no probe in this file)."},
		{1, "L1d 1.50 ns · L2 4.00 ns · L3 15.0 ns · memory 91.0 ns", "L1d 64.0 GiB/s · L2 40.0 GiB/s · L3 24.0 GiB/s · memory 16.0 GiB/s", "the ceiling on this ratio is about"},
		{2, "n/a (no probe in this file)", "n/a (no probe in this file)", "What this machine allows: n/a (no probe in this file)."},
	}
	for _, tt := range tests {
		f := c.Machines[tt.machine].Facts()
		if f[lat] != tt.latency || f[bw] != tt.bwant {
			t.Errorf("machine %d: %q, %q; want %q, %q", tt.machine, f[lat], f[bw], tt.latency, tt.bwant)
		}
		if full := c.Claims[0].Answers[tt.machine].Full; !strings.Contains(full, tt.answer) {
			t.Errorf("machine %d's answer %q does not say %q", tt.machine, full, tt.answer)
		}
	}
	if slices.ContainsFunc(c.Differ, func(s string) bool { return strings.HasSuffix(s, "(probe)") }) {
		t.Errorf("differ %q counts the probe's figures", c.Differ)
	}
}
