package presets

import (
	"fmt"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A sweep's frame times leave out the collector's own work: the worker waits for the
// collection a frame started after the frame, outside its time, and charges the
// collector's CPU to the backing apart (docs/design.md, rule 7). For a claim about
// what allocating in the frame costs, that bill is most of the answer: a growth claim
// with Cost CostFrameGC is judged on the frame time with the collector's CPU time per
// frame added, at every point and in every pass, and its answer quotes the
// collector's figures beside it.

// answerGrowthWithGC judges a growth claim on the frame time plus the collector's CPU
// per frame, per entity. A sweep file written before points recorded the collector
// cannot answer it, and says so.
func (c Claim) answerGrowthWithGC(s *result.Sweep) Answer {
	pts := measuredPoints(s, c.Backing)
	for _, p := range pts {
		if p.pb.P99WithGCNS == 0 {
			return Answer{Measured: "This sweep does not record the collector's work at its points (a file written before sweeps did): run the sweep again to judge the frame time with the collector's bill."}
		}
	}
	a := c.answerGrowth(withCollector(s))
	a.Measured = "With the collector's CPU time per frame added to each frame time: " + strings.TrimPrefix(a.Measured, "Measured here: ")
	if len(pts) > 0 {
		a.Measured += " " + collectorLine(s, c.Backing, pts)
	}
	return a
}

// collectorLine quotes the collector's bill at each point: "The collector took 2.1 µs
// of CPU a frame at allocs = 1 (0 cycles per 1,000 frames) and 310 µs at allocs = 2
// (41 per 1,000 frames, pauses 2.3 µs a frame)".
func collectorLine(s *result.Sweep, backing string, pts []at) string {
	each := make([]string, len(pts))
	for k, p := range pts {
		each[k] = fmt.Sprintf("%s at %s (%s cycles per 1,000 frames, pauses %s a frame)", units.Duration(p.pb.GCCPUNSPerFrame),
			valueAt(s, p.value), perThousand(p.pb.GCCyclesPer1000), units.Duration(p.pb.GCPauseNSPerFrame))
	}
	return fmt.Sprintf("The collector's CPU time per frame for %s, over every frame it ran: %s.", backing, joinAnd(each))
}

// withCollector is a copy of s in which every measured backing's cost per entity, its
// interval and each pass's figures have the collector's CPU time per frame (that
// pass's own, for a pass) added, over the point's entities. The collector's figure is
// a total over the frames, not a median with an interval of its own, so it shifts
// the interval rather than widening it.
func withCollector(s *result.Sweep) *result.Sweep {
	c := s.Clone()
	for k := range c.Points {
		p := &c.Points[k]
		if p.Entities <= 0 {
			continue
		}
		n := float64(p.Entities)
		for j := range p.Backings {
			b := &p.Backings[j]
			if !b.Measured() {
				continue
			}
			add := b.GCCPUNSPerFrame / n
			b.NSPerEntity, b.NSPerEntityLo, b.NSPerEntityHi = b.NSPerEntity+add, b.NSPerEntityLo+add, b.NSPerEntityHi+add
			for f := range b.ForkNSPerEntity {
				if b.ForkNSPerEntity[f] <= 0 {
					continue
				}
				fadd := add
				if f < len(b.ForkGCCPUNSPerFrame) {
					fadd = b.ForkGCCPUNSPerFrame[f] / n
				}
				b.ForkNSPerEntity[f] += fadd
				if f < len(b.ForkNSPerEntityLo) {
					b.ForkNSPerEntityLo[f] += fadd
					b.ForkNSPerEntityHi[f] += fadd
				}
			}
		}
	}
	return c
}

// perThousand writes cycles per 1,000 frames: "0", "0.42", "41".
func perThousand(x float64) string {
	if x > 0 && x < 1 {
		return strconv.FormatFloat(x, 'g', 2, 64)
	}
	return units.Count(x)
}
