package explain

import (
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Latencies are the ladder's figures a class table shows beside a machine's ratios:
// each level found and memory, "L1d 1.65 ns · L2 4.23 ns · L3 13.5 ns · memory
// 148 ns", or "n/a (no probe in this file)".
func Latencies(p *result.Probe) string {
	if p == nil {
		return "n/a (" + NoProbe + ")"
	}
	var parts []string
	for _, l := range p.Levels {
		parts = append(parts, l.Name+" "+units.Duration(l.NS))
	}
	if p.Memory != nil {
		parts = append(parts, "memory "+units.Duration(p.Memory.NS))
	}
	if len(parts) == 0 {
		return "n/a (the probe found no level)"
	}
	return strings.Join(parts, " · ")
}

// Bandwidths is one core's streaming read at each level and from memory, as
// Latencies shows the ladder: "L1d 29.7 GiB/s · … · memory 12.2 GiB/s".
func Bandwidths(p *result.Probe) string {
	if p == nil {
		return "n/a (" + NoProbe + ")"
	}
	var parts []string
	for _, b := range p.Bandwidth {
		parts = append(parts, b.Level+" "+units.Bytes(b.BytesPerS)+"/s")
	}
	if len(parts) == 0 {
		return "n/a (the probe measured no bandwidth)"
	}
	return strings.Join(parts, " · ")
}
