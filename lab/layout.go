package lab

import (
	"slices"
	"time"

	"localitylab/memlayout"
)

// A run with Config.LayoutEvery asks one backing's worker for its layout (where its
// data lives, memlayout) that often while frames run, between rounds as it asks for
// the preview, and every worker once more when the frames are done, so that the last
// frame's layout of every backing stays readable after the workers are gone. Which
// backing is asked while frames run is the caller's choice (SetLayout): the app asks
// for the one its Layout view shows.

// SetLayout chooses the backing (an index into Config.Backings) whose layout is asked
// for while frames run, -1 for none. The next layout is asked for at the end of the
// round in progress, or at once when the run is paused.
func (l *Live) SetLayout(backing int) {
	l.control(func() { l.layoutOf, l.layoutNow = backing, true })
}

// Layout copies into dst the latest layout of backing (an index into
// Config.Backings), reusing dst's memory, and reports whether there was one.
func (l *Live) Layout(backing int, dst *memlayout.Layout) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if backing < 0 || backing >= len(l.layouts) || !l.hasLayout[backing] {
		return false
	}
	dst.CopyFrom(&l.layouts[backing])
	return true
}

// maybeLayout asks the chosen backing's worker for its layout when one is due: every
// Config.LayoutEvery, or at once after SetLayout.
func (l *Live) maybeLayout() {
	if l.cfg.LayoutEvery <= 0 {
		return
	}
	l.mu.Lock()
	i, now := l.layoutOf, l.layoutNow
	l.layoutNow = false
	l.mu.Unlock()
	if i < 0 || i >= len(l.procs) || !now && time.Since(l.layoutAt) < l.cfg.LayoutEvery {
		return
	}
	l.layoutAt = time.Now()
	l.takeLayout(i)
}

// finalLayouts asks every live worker for the layout its last frame left.
func (l *Live) finalLayouts() {
	if l.cfg.LayoutEvery <= 0 {
		return
	}
	for i := range l.procs {
		l.takeLayout(i)
	}
}

// takeLayout asks backing i's worker for its layout and keeps it; a worker that fails
// to answer ends its backing, as a failed scene does.
func (l *Live) takeLayout(i int) {
	if l.procs[i] == nil {
		return
	}
	l.fetch(i, func(p *proc) error { return p.layout(l.dog, &l.layoutIn) }, func() {
		l.layouts[i], l.layoutIn = l.layoutIn, l.layouts[i]
		l.hasLayout[i] = true
	})
}

// A run with Config.Span reads each backing's address span once: from the lowest to
// the highest address its frames visit (memlayout.FactSpan), which is what a
// pointer layout's frames need the caches to hold, where its bytes kept say far less
// (a sweep's cache markers use it). It is read from a layout taken after the first
// round, the warm-up, of the first fork, between rounds as every layout is, so that
// it sees the structure as frames left it and costs one walk per backing per run.

// maybeSpans takes the spans when they are due: once, after the first round.
func (l *Live) maybeSpans() {
	if !l.cfg.Span || l.spanTaken {
		return
	}
	var lay memlayout.Layout
	for i := range l.procs {
		if l.procs[i] == nil {
			continue
		}
		l.fetch(i, func(p *proc) error { return p.layout(l.dog, &lay) }, func() {
			if f, ok := lay.Lookup(memlayout.FactSpan); ok && f.Known && f.Value > 0 {
				l.spans[i] = f.Value
			}
		})
	}
	l.mu.Lock()
	l.spanTaken = true // written by the scheduler alone, read by Spans under the lock
	l.mu.Unlock()
}

// Spans returns each backing's address span in bytes (in the order of
// Config.Backings), 0 for one that reported none (Go's map exposes no addresses, a
// backing of one's own may report no layout) or whose worker had failed; nil when the
// run did not ask for them (Config.Span) or has not read them yet.
func (l *Live) Spans() []float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.spanTaken {
		return nil
	}
	return slices.Clone(l.spans)
}
