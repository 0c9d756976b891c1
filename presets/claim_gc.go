package presets

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// KindGC: the collector runs more cycles for Slower's frames than for Faster's, in
// every fork. A claim of direction only: Ratio 1.
const KindGC ClaimKind = "gc"

var gcKind = claimKind{
	name: KindGC,
	check: func(c *Claim, _ []string) error {
		if c.Ratio != 1 {
			return fmt.Errorf("ratio: %v (a gc claim is about direction only: ratio 1)", c.Ratio)
		}
		return nil
	},
	run: Claim.answerGC,
	ask: func(c Claim, _ *Sweep) Question { return c.slowerQuestion() },
}

// answerGC judges a claim about the collector's bill: Slower's frames make the
// collector work more than Faster's. Its work comes in whole cycles, a few in a run,
// so the verdict rests on the cycles counted in each fork, the one figure a rerun
// reproduces: the claim holds when every fork of Slower ran more cycles than the same
// fork of Faster, fails when every fork ran fewer or as many, and cannot tell
// otherwise. The collector's CPU time per frame, charged to the backing over all its
// frames, is quoted beside them.
func (c Claim) answerGC(r *result.Run) Answer {
	slow, fast := r.Backing(c.Slower), r.Backing(c.Faster)
	if slow == nil || fast == nil || slow.Summary.Measured == 0 || fast.Summary.Measured == 0 {
		return Answer{Measured: "Not measured yet: the run needs frames of both " + c.Slower + " and " + c.Faster + "."}
	}
	slowForks, fastForks := forkCycles(r, slow), forkCycles(r, fast)
	var b strings.Builder
	fmt.Fprintf(&b, "Measured here, the collector: %s ran %s, %s of collector CPU a frame; %s ran %s, %s a frame",
		c.Slower, cycles(slow.Summary.GCCycles), units.Duration(slow.Summary.GCCPUNSPerFrame),
		c.Faster, cycles(fast.Summary.GCCycles), units.Duration(fast.Summary.GCCPUNSPerFrame))
	if len(slowForks) > 1 {
		fmt.Fprintf(&b, " (fork by fork, %s against %s)", joinCounts(slowForks), joinCounts(fastForks))
	}
	b.WriteString(".")
	more, fewer := 0, 0
	for k := range min(len(slowForks), len(fastForks)) {
		switch {
		case slowForks[k] > fastForks[k]:
			more++
		default:
			fewer++
		}
	}
	var v string
	var o Outcome
	switch n := len(slowForks); {
	case slow.Summary.GCCycles == 0 && fast.Summary.GCCycles == 0:
		o, v = CannotTell, fmt.Sprintf("Cannot tell from this run: no collection ran during %s's frames nor %s's. Run more frames, or allocate faster (a shorter lifetime).", c.Slower, c.Faster)
	case more == n:
		o, v = Holds, "The claim holds: in every fork the collector ran more cycles for "+c.Slower+" than for "+c.Faster+"."
	case fewer == n:
		o, v = Fails, "The claim does not hold here: in no fork did the collector run more cycles for "+c.Slower+" than for "+c.Faster+"."
	default:
		o, v = CannotTell, fmt.Sprintf("Cannot tell from this run: %d of the %d forks ran more cycles for %s, the others no more. Run more frames.", more, n, c.Slower)
	}
	return Answer{Measured: b.String(), Verdict: v, Outcome: o}
}

// forkCycles counts the collector's cycles in each fork of b's frames, warm-up
// included, as the summary charges them.
func forkCycles(r *result.Run, b *result.Backing) []uint64 {
	out := make([]uint64, r.NumForks())
	for k := range out {
		lo, hi := r.ForkSpan(k)
		for f := lo; f < min(hi, len(b.Frames.GCCycles)); f++ {
			out[k] += b.Frames.GCCycles[f]
		}
	}
	return out
}

func cycles(n uint64) string {
	if n == 1 {
		return "1 cycle"
	}
	return fmt.Sprintf("%d cycles", n)
}

func joinCounts(xs []uint64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
