package explain

import (
	"fmt"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// Chase is a pointer layout's frame against the latency its misses would cost if
// each waited alone: the loads that miss (simulated, or one per object chased when
// the run simulated none) times the ladder's latency, the dependent load's, on the
// same machine. A frame shorter than that kept misses in flight together; Overlap
// is how many at once would account for it.
type Chase struct {
	Backing string
	Traffic workload.Traffic
	FrameNS float64
	// Simulated says the misses are the run's simulated ones (D1 and LL per frame);
	// otherwise Misses is one per object chased, an upper-bound estimate.
	Simulated bool
	D1, LL    float64 // per frame; LL of them went past the simulated last level
	Misses    float64 // the misses charged: D1 where simulated, else the objects
	Far, Near result.LadderPoint
	// SplitLL says the simulated LL is the probe's last level (within twice its
	// size), so a D1 miss the LL caught is charged that level's latency (Near); else
	// every D1 miss is charged Far, and LastFound says which level the probe found.
	SplitLL    bool
	SimLL      int64
	LastFound  *result.ProbeLevel
	PredictNS  float64 // the misses × the ladder's latencies, each waiting alone
	Overlap    float64 // PredictNS ÷ FrameNS
	Missing    string  // why there is no figure; "" when there is
	Applicable bool    // the backing chases pointers at all
}

// ChaseOf is the backing's frame against latency × misses in r, or why there is
// none. A backing that chases no pointer is not Applicable.
func ChaseOf(r *result.Run, backing string) Chase {
	c := Chase{Backing: backing}
	b, err := frameOf(r, backing)
	if err == nil {
		c.Traffic, err = trafficOf(r, backing)
	}
	// A frame or a traffic that cannot be had is said once, by the backing's
	// Achieved; here only a pointer layout's probe can be missing.
	c.Applicable = err == nil && c.Traffic.Chased > 0
	if !c.Applicable {
		return c
	}
	if r.Probe == nil {
		c.Missing = NoProbe
		return c
	}
	p, n := r.Probe, times(c.Traffic, r)
	c.FrameNS = b.Summary.P50NS
	// A miss past the last level costs the ladder's latency through the backing's
	// working set; one that the last level caught, the ladder's at that level's size.
	c.Far = latencyAt(p, reach(c.Traffic, r, p.LineBytes))
	s := &b.Summary
	if s.HasSim() && s.SimD1MissesPerFrame != nil && s.SimLLMissesPerFrame != nil && r.Counters.Simulated != nil {
		c.Simulated = true
		c.D1, c.LL = *s.SimD1MissesPerFrame, *s.SimLLMissesPerFrame
		c.Misses = c.D1
		c.simulated(p, r.Counters.Simulated.LL.Bytes)
	} else {
		c.Misses = c.Traffic.Chased * n
		c.PredictNS = c.Misses * c.Far.NS
	}
	if c.FrameNS > 0 {
		c.Overlap = c.PredictNS / c.FrameNS
	}
	return c
}

// simulated charges the simulated misses: the LL's past the last level at Far,
// the rest at the last level's latency, where the simulated LL is the machine's
// last level as its probe found it. Where they differ (a virtual machine shown its
// host's cache, the simulator's shape rounded) the LL split says nothing of this
// machine, and every D1 miss is charged Far.
func (c *Chase) simulated(p *result.Probe, llBytes int64) {
	c.SimLL = llBytes
	if k := len(p.Levels); k > 0 {
		c.LastFound = &p.Levels[k-1]
	}
	if l := c.LastFound; l != nil && llBytes <= 2*l.Bytes && 2*llBytes >= l.Bytes {
		c.SplitLL = true
		c.Near = latencyAt(p, float64(l.Bytes))
		c.PredictNS = c.LL*c.Far.NS + max(0, c.D1-c.LL)*c.Near.NS
		return
	}
	c.PredictNS = c.D1 * c.Far.NS
}

// Sentence is the comparison in words, or "" for a backing that chases nothing.
func (c Chase) Sentence() string {
	switch {
	case !c.Applicable:
		return ""
	case c.Missing != "":
		return fmt.Sprintf("%s's frame against latency × misses: n/a (%s).", c.Backing, c.Missing)
	}
	var charged string
	switch {
	case c.Simulated && c.SplitLL:
		charged = fmt.Sprintf("its %s simulated D1 misses a frame, %s of them LL misses at %s (the ladder at %s) and the rest at %s (at %s, the last level found)",
			units.Count(c.D1), units.Count(c.LL), units.Duration(c.Far.NS), units.Bytes(float64(c.Far.Bytes)),
			units.Duration(c.Near.NS), units.Bytes(float64(c.Near.Bytes)))
	case c.Simulated:
		charged = fmt.Sprintf("its %s simulated D1 misses a frame, each at %s (the ladder at %s); the simulated LL of %s is not the last level the probe found (%s), so its %s LL misses say nothing of this machine's",
			units.Count(c.D1), units.Duration(c.Far.NS), units.Bytes(float64(c.Far.Bytes)), units.Bytes(float64(c.SimLL)), c.lastFound(), units.Count(c.LL))
	default:
		charged = fmt.Sprintf("%s %s a frame, each a miss at %s (the ladder at %s); an upper-bound estimate, since this run simulated no misses",
			units.Count(c.Misses), chasedNoun(c.Traffic, c.Misses), units.Duration(c.Far.NS), units.Bytes(float64(c.Far.Bytes)))
	}
	out := fmt.Sprintf("%s's misses, each waiting alone, would take %s: %s. Its frame took %s",
		c.Backing, units.Duration(c.PredictNS), charged, units.Duration(c.FrameNS))
	switch {
	case c.Overlap >= 1.5:
		return out + fmt.Sprintf(": about %.2g misses in flight at once would account for it%s.", c.Overlap, c.dependence())
	case c.Overlap > 1/1.5:
		return out + fmt.Sprintf(", and latency × misses accounts for it (%s of the frame).", pct(c.Overlap))
	}
	return out + fmt.Sprintf(": %s of it is not the misses' latency but the work around the loads.", pct(1-c.Overlap))
}

// dependence says why misses could overlap, or that they should not have.
func (c Chase) dependence() string {
	if c.Traffic.Dependent {
		return ", though each address comes from the last object: the ladder's latency overstates what these loads paid"
	}
	return ", which loads whose addresses come from an array allow: they do not wait on each other"
}

// lastFound names the last cache level the probe found, "none" where it found none.
func (c Chase) lastFound() string {
	if c.LastFound == nil {
		return "none"
	}
	return c.LastFound.Name + ", " + units.Bytes(float64(c.LastFound.Bytes))
}
