//go:build !nogui

package live

import (
	"image/color"
	"slices"
	"strings"

	"localitylab/charts"
	"localitylab/lab/result"
)

// A base run is a saved run drawn under the live one for comparison: every backing's
// series dashed, in its colour washed towards white, so that the live run's lines
// (and, on the memory chart, its dashed RSS) stay in front. A chart of several lines
// per backing shows the base's first alone (the memory chart its live heap). The base's lines follow
// the live ones in plot.Lines, so that a sample's line index never changes.

// baseNote is what the chart's top right says while a base run is shown.
const baseNote = "pale dashed: base run"

// SetBase draws r under the chart's own run, or, with nil, stops drawing one.
func (c *Chart) SetBase(r *result.Run) {
	c.base = r
	c.placeBase()
	c.Refresh()
}

// Base returns the base run drawn, or nil.
func (c *Chart) Base() *result.Run { return c.base }

// placeBase puts the base run's lines and legend keys after the chart's own, or
// removes them: Reset and SetRun call it, since they rebuild the chart's lines.
func (c *Chart) placeBase() {
	c.plot.Lines = c.plot.Lines[:c.own]
	c.plot.Keys = c.plot.Keys[:len(c.names)]
	c.plot.Note = c.ownNote
	if c.base == nil {
		return
	}
	for i := range c.base.Backings {
		b := &c.base.Backings[i]
		col := pale(charts.Color(b.Name))
		l := charts.Line{Label: b.Name + " base", Color: col, Dashed: true, Values: c.metric.Lines[0].Frames(&b.Frames)}
		c.plot.Lines = append(c.plot.Lines, l)
		if !slices.Contains(c.names, b.Name) {
			c.plot.Keys = append(c.plot.Keys, charts.Key{Name: b.Name + " (base only)", Color: charts.Color(b.Name)})
		}
	}
	if c.plot.Note != "" {
		c.plot.Note += " · "
	}
	c.plot.Note += baseNote
	if len(c.metric.Lines) > 1 {
		c.plot.Note += " (" + strings.TrimSpace(c.metric.Lines[0].Suffix) + ")" // the base's first line alone
	}
}

// pale washes c halfway towards white.
func pale(c color.NRGBA) color.NRGBA {
	mix := func(v uint8) uint8 { return uint8((int(v) + 255) / 2) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}
