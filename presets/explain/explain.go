// Package explain sets a run's figures beside what its machine measured on its own
// (the probe: the latency ladder and one core's streaming read), so that an answer
// says why the figure is what it is on this machine, and how far it could go:
//
//   - each backing's frame as an achieved figure: the bytes its frame reads ÷ its
//     median frame, against the bandwidth one core streams (Achieved);
//   - a pointer layout's frame against the ladder's latency × the loads that miss:
//     the simulated misses where the run has them, else one miss per object chased,
//     an upper-bound estimate and called one (Chase);
//   - a ratio claim's ceiling: what one entity costs each backing at those latencies
//     and bandwidths, and the ratio of the two (Ceiling).
//
// What a frame reads comes from its workload (workload.Traffic), counted from the
// code of the frame, and every sentence says what was counted. A run without a probe
// (a file written before probes) reads n/a with that reason, never a figure taken
// from the machine that reads the file.
package explain

import (
	"errors"
	"fmt"

	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// NoProbe is the reason every figure here is n/a for a run that carries no probe.
const NoProbe = "no probe in this file"

// errNoProbe is NoProbe as an error.
var errNoProbe = errors.New(NoProbe)

// trafficOf is what one frame of the backing reads per entity, as its workload
// counts it, or why it cannot be counted.
func trafficOf(r *result.Run, backing string) (workload.Traffic, error) {
	spec, err := workloads.Lookup(r.Workload)
	if err != nil {
		return workload.Traffic{}, err
	}
	if spec.Traffic == nil {
		return workload.Traffic{}, fmt.Errorf("the %s workload does not count what its frames read", r.Workload)
	}
	p, err := spec.Resolve(r.Params)
	if err != nil {
		return workload.Traffic{}, err
	}
	return spec.Traffic(p, backing)
}

// frameOf is the backing's median frame, or why the run has none to explain.
func frameOf(r *result.Run, backing string) (*result.Backing, error) {
	b := r.Backing(backing)
	switch {
	case b == nil:
		return nil, fmt.Errorf("%s did not run", backing)
	case b.Error != "":
		return nil, fmt.Errorf("%s failed", backing)
	case b.Summary.Measured == 0:
		return nil, fmt.Errorf("%s has no frame measured", backing)
	case r.Unresolved(b):
		return nil, fmt.Errorf("%s's frames are shorter than the clock resolves", backing)
	}
	return b, nil
}

// entities is the run's entity count: its parameter, or the workload's default
// where the file leaves it out.
func entities(r *result.Run) float64 {
	if n, ok := r.Params[workload.Entities]; ok {
		return float64(n)
	}
	if spec, err := workloads.Lookup(r.Workload); err == nil {
		return float64(spec.Defaults()[workload.Entities])
	}
	return 0
}

// workingSet is the memory one frame of the backing reads through: the bytes it
// streams, and a line per object it chases, n times (per entity, or once for a
// count of the whole frame).
func workingSet(t workload.Traffic, n float64, line int) float64 {
	return (t.Streamed + t.Chased*float64(line)) * n
}

// times is how many times a frame incurs t's counts in r: once per entity, or once
// where t counts the whole frame.
func times(t workload.Traffic, r *result.Run) float64 {
	if t.PerFrame {
		return 1
	}
	return entities(r)
}

// reach is the memory the frame's reads lie in, which decides the level they come
// from: the structure's where the frame reads only part of it, else what it reads.
func reach(t workload.Traffic, r *result.Run, line int) float64 {
	if t.Spread > 0 {
		return t.Spread
	}
	return workingSet(t, times(t, r), line)
}

// chasedNoun names what t chases, k of them: objects, or for a count of the whole
// frame, which reaches lines of lists and tables as well, scattered reads.
func chasedNoun(t workload.Traffic, k float64) string {
	switch {
	case t.PerFrame && k == 1:
		return "scattered read"
	case t.PerFrame:
		return "scattered reads"
	case k == 1:
		return "object"
	}
	return "objects"
}

// bandwidthFor is the bandwidth the probe measured for a stream through bytes: at
// the smallest level found that holds them, else from memory; nil where the probe
// measured none that fits.
func bandwidthFor(p *result.Probe, bytes float64) *result.Bandwidth {
	for _, l := range p.Levels {
		if bytes <= float64(l.Bytes) {
			if bw := p.BandwidthOf(l.Name); bw != nil {
				return bw
			}
		}
	}
	return p.BandwidthOf("memory")
}

// latencyAt is the ladder's latency of a dependent load through a working set of
// bytes: the first point at least that large, else the largest the ladder measured.
func latencyAt(p *result.Probe, bytes float64) result.LadderPoint {
	for _, q := range p.Ladder {
		if float64(q.Bytes) >= bytes {
			return q
		}
	}
	return p.Ladder[len(p.Ladder)-1]
}

// where names a bandwidth's level as a sentence says it: "from memory", "in L2".
func where(bw *result.Bandwidth) string {
	if bw.Level == "memory" {
		return "from memory"
	}
	return "in " + bw.Level
}

// pct is a share as a whole percentage, three significant digits above 100.
func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }
