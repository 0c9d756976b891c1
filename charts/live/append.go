//go:build !nogui

package live

import (
	"fmt"
	"math"

	"localitylab/lab/result"
)

// Append adds one frame sample to the series of backing s.Backing. Samples of one
// backing arrive in frame order; a frame skipped is left as a gap (not measured),
// never drawn as zero.
func (c *Chart) Append(s result.Sample) {
	c.record(s)
	c.redrawSoon()
}

// AppendMany adds samples as Append does, with one redraw for all of them.
func (c *Chart) AppendMany(ss []result.Sample) {
	for i := range ss {
		c.record(ss[i])
	}
	c.redrawSoon()
}

// redrawSoon asks for a redraw unless one is pending: the renderer clears dirty
// when it draws, and a draw shows every sample recorded until then.
func (c *Chart) redrawSoon() {
	if !c.dirty {
		c.dirty = true
		c.Refresh()
	}
}

// record stores the values s carries for this chart's lines at s.Frame: one per
// line of the metric, each backing's lines side by side.
func (c *Chart) record(s result.Sample) {
	c.checkBacking(s.Backing)
	if s.Frame < 0 {
		panic(fmt.Sprintf("live: sample of backing %d has frame %d", s.Backing, s.Frame))
	}
	n := len(c.metric.Lines)
	for j := range c.metric.Lines {
		v := c.metric.Lines[j].Sample(s)
		c.put(n*s.Backing+j, s.Frame, v)
		if j == 0 && c.metric.Typical != nil {
			c.stats[s.Backing].add(v, c.plot.InWarmup(s.Frame))
		}
	}
}

// put sets line i's value at frame f, filling any skipped frames with NaN. Within
// the frames given to Reset this never allocates.
func (c *Chart) put(i, f int, v float64) {
	l := &c.plot.Lines[i]
	for len(l.Values) < f {
		l.Values = append(l.Values, math.NaN())
	}
	if f < len(l.Values) {
		l.Values[f] = v // a frame sent again replaces the first value
		return
	}
	l.Values = append(l.Values, v)
}

// SetRun shows a saved run: its backings, every frame they measured, and the
// errors of those that failed. A series the run did not record stays empty.
func (c *Chart) SetRun(r *result.Run) {
	names := make([]string, len(r.Backings))
	for i := range r.Backings {
		names[i] = r.Backings[i].Name
	}
	c.Reset(names, r.Warmup, r.Frames)
	c.plot.Forks = r.Forks
	n := len(c.metric.Lines)
	for i := range r.Backings {
		for j, l := range c.metric.Lines {
			for k, v := range l.Frames(&r.Backings[i].Frames) {
				c.put(n*i+j, k, v)
				if j == 0 && c.metric.Typical != nil {
					c.stats[i].add(v, c.plot.InWarmup(k))
				}
			}
		}
		if err := r.Backings[i].Error; err != "" {
			c.plot.Keys[i].Note, c.plot.Keys[i].Failed = "failed: "+err, true
		}
	}
	c.Refresh()
}
