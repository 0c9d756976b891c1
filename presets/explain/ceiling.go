package explain

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// Ceiling is what a ratio claim's two backings would cost per entity if each frame
// were nothing but its reads at the machine's measured speeds: a chased object at
// the ladder's latency through the backing's working set (each waiting alone), a
// streamed byte at the bandwidth through it. The ratio of the two costs is the most
// the layouts alone can make of the ratio on this machine.
type Ceiling struct {
	Slower, Faster Cost
	Ratio          float64 // Slower's cost ÷ Faster's
	Measured       float64 // the run's ratio (summary.Ratio's median)
	Missing        string  // why there is none; "" when there is
}

// Cost is one entity of one backing at the machine's measured speeds.
type Cost struct {
	Backing   string
	NS        float64             // per entity
	Load      *result.LadderPoint // the ladder's point a chased object pays; nil when none is chased
	Stream    *result.Bandwidth   // the bandwidth its streamed bytes get; nil when none are streamed
	Streamed  float64             // bytes streamed per entity
	Chased    float64             // objects chased per entity
	Dependent bool                // each chased address comes from the object before
	PerFrame  bool                // NS and Streamed are a whole frame's, not an entity's
	// FrameNS is the backing's median frame, and Of its share of the frame's cost
	// at these speeds (FrameNS ÷ (NS × entities)): below 1 the frame beat the
	// model, above it the frame did more than its reads.
	FrameNS, Of float64
}

// CeilingOf is the ceiling on slower ÷ faster in r, or why there is none.
func CeilingOf(r *result.Run, slower, faster string) Ceiling {
	var c Ceiling
	q, err := summary.Ratio(r, slower, faster)
	if err == nil && r.Probe == nil {
		err = errNoProbe
	}
	if err == nil {
		c.Measured = q.Median
		c.Slower, err = costOf(r, slower)
	}
	if err == nil {
		c.Faster, err = costOf(r, faster)
	}
	if err == nil && c.Slower.PerFrame != c.Faster.PerFrame {
		err = fmt.Errorf("%s counts its reads per frame and %s per entity", c.perFrame().Backing, c.perEntity().Backing)
	}
	if err == nil && (c.Slower.NS <= 0 || c.Faster.NS <= 0) {
		err = fmt.Errorf("the probe measured no latency or bandwidth that fits")
	}
	if err != nil {
		c.Missing = err.Error()
		return c
	}
	c.Ratio = c.Slower.NS / c.Faster.NS
	return c
}

// costOf is one entity of the backing at the probe's latency and bandwidth.
func costOf(r *result.Run, backing string) (Cost, error) {
	t, err := trafficOf(r, backing)
	if err != nil {
		return Cost{}, fmt.Errorf("%s: %w", backing, err)
	}
	p := r.Probe
	ws, n := reach(t, r, p.LineBytes), times(t, r)
	b, err := frameOf(r, backing)
	if err != nil {
		return Cost{}, err
	}
	c := Cost{Backing: backing, Streamed: t.Streamed, Chased: t.Chased, Dependent: t.Dependent, PerFrame: t.PerFrame, FrameNS: b.Summary.P50NS}
	if t.Chased > 0 {
		q := latencyAt(p, ws)
		c.Load, c.NS = &q, t.Chased*q.NS
	}
	if t.Streamed > 0 {
		if c.Stream = bandwidthFor(p, ws); c.Stream == nil || c.Stream.BytesPerS <= 0 {
			return c, fmt.Errorf("the probe measured no bandwidth")
		}
		c.NS += t.Streamed / c.Stream.BytesPerS * 1e9
	}
	if c.NS > 0 {
		c.Of = c.FrameNS / (c.NS * n)
	}
	return c, nil
}

// Sentence is the ceiling in words, beside the measured ratio and why they differ:
// "On this machine (its probe) a scattered load costs 92.1 ns, …: the ceiling on
// this ratio is about 90×; measured 9.1×, because …".
func (c Ceiling) Sentence() string {
	if c.Missing != "" {
		return "What this machine allows: n/a (" + c.Missing + ")."
	}
	return fmt.Sprintf("What this machine allows (its probe): %s, %s: the ceiling on this ratio is about %s; measured %s, %s.",
		c.Slower.words(), c.Faster.words(), units.Ratio(c.Ratio), units.Ratio(c.Measured), c.because())
}

// words says what one entity of the backing costs and why.
func (c Cost) words() string {
	if c.PerFrame {
		return c.frameWords()
	}
	switch {
	case c.Load != nil && c.Stream == nil:
		return fmt.Sprintf("an entity of %s costs %s (a scattered load, the ladder at %s)", c.Backing, units.Duration(c.NS), units.Bytes(float64(c.Load.Bytes)))
	case c.Load != nil:
		return fmt.Sprintf("an entity of %s costs %s (a scattered load, %s at %s, and %s streamed at %s/s)", c.Backing, units.Duration(c.NS),
			units.Duration(c.Load.NS), units.Bytes(float64(c.Load.Bytes)), units.Bytes(c.Streamed), units.Bytes(c.Stream.BytesPerS))
	}
	return fmt.Sprintf("an entity of %s %s (%s streamed at the %s/s one core reads %s)", c.Backing, units.Duration(c.NS),
		units.Bytes(c.Streamed), units.Bytes(c.Stream.BytesPerS), where(c.Stream))
}

// frameWords is words for a backing whose reads are counted for the whole frame.
func (c Cost) frameWords() string {
	var parts []string
	if c.Load != nil {
		parts = append(parts, fmt.Sprintf("%s scattered loads at %s, the ladder's at %s", units.Count(c.Chased), units.Duration(c.Load.NS), units.Bytes(float64(c.Load.Bytes))))
	}
	if c.Stream != nil {
		parts = append(parts, fmt.Sprintf("%s streamed at %s/s", units.Bytes(c.Streamed), units.Bytes(c.Stream.BytesPerS)))
	}
	return fmt.Sprintf("a frame of %s costs %s (%s)", c.Backing, units.Duration(c.NS), strings.Join(parts, ", and "))
}

// perFrame and perEntity are, of two backings that count their reads differently,
// the one that counts per frame and the other.
func (c Ceiling) perFrame() Cost {
	if c.Slower.PerFrame {
		return c.Slower
	}
	return c.Faster
}

func (c Ceiling) perEntity() Cost {
	if c.Slower.PerFrame {
		return c.Faster
	}
	return c.Slower
}

// because says why the measured ratio sits where it does against the ceiling: how
// each backing's frame compares with what its reads alone would cost, the two
// shares whose quotient is the measured ratio's share of the ceiling.
func (c Ceiling) because() string {
	x := c.Measured / c.Ratio
	lead := fmt.Sprintf("%s of it, because", pct(x))
	switch {
	case x > 1/1.2 && x < 1.2:
		lead = "close to it:"
	case x >= 1.2:
		lead = fmt.Sprintf("%s above it, because", units.Ratio(x))
	}
	return lead + " " + c.Slower.share() + ", and " + c.Faster.share()
}

// share says how the backing's frame compares with what its reads alone cost.
func (c Cost) share() string {
	head := fmt.Sprintf("%s's frame took %s", c.Backing, pct(c.Of))
	switch {
	case c.Of < 1/1.2 && c.Load != nil && !c.Dependent:
		return head + " of what its loads cost waiting one by one: the addresses come from an array, so the processor overlaps their misses"
	case c.Of < 1/1.2 && c.Load != nil:
		return head + " of what its loads cost waiting one by one: its misses cost less than the ladder's at this working set, or fewer than one an object"
	case c.Of < 1/1.2:
		return head + " of what streaming its bytes from there costs: some came from a nearer cache"
	case c.Of > 1.2:
		return fmt.Sprintf("%s's frame took %s what its reads alone cost: the tests and the rest of the frame", c.Backing, units.Ratio(c.Of))
	}
	return head + " of what its reads alone cost: its frame is mostly those reads"
}
