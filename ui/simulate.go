//go:build !nogui

package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"localitylab/lab"
	"localitylab/lab/result"
)

// A live run's simulated misses. When the setup asked for them (simsetting.go) and
// the run ran to its end with every worker alive, the run tab's simulator counts
// them with lab.Simulate on a copy of the finished run, off the Fyne goroutine,
// while the measured figures stay on screen: the loading panel stands in front of the preview
// again with a bar per backing, and the status line says where the simulator is
// ("simulating misses: soa (1 of 2) 2/6 frames"). The job stays busy meanwhile, so
// the setup stays locked and no other job starts. Esc (or the panel's Cancel)
// stops it and keeps the measured run, with what was simulated before the stop;
// Reset, Open or quitting drops it. Once done, the copy becomes the run shown: the
// table gets its "simulated misses/entity" column, the notes their figures (or why
// there are none), and Export and Save write them.

// simulator is the Live run tab's part that simulates a finished run's misses. It
// reaches the window through host, and shows itself through simView.
type simulator struct {
	h     host
	e     *env
	view  simView
	shown func(r *result.Run) // the simulated run becomes the run shown
	cur   *simulation         // in progress; nil: none
}

// simView is where a simulation shows itself: the run tab's loading panel, in front
// of the preview (scenepane.go).
type simView interface {
	showSim(backings []string, title string) // the panel in front, titled, with a bar per backing
	simAt(i int, done float64)               // backings before i simulated, i done that far
	hideSim()
}

func newSimulator(h host, e *env, v simView, shown func(*result.Run)) *simulator {
	return &simulator{h: h, e: e, view: v, shown: shown}
}

// simulation is one run's simulation in progress.
type simulation struct {
	cancel  context.CancelFunc
	done    chan struct{} // closed when Simulate has returned; run is then the Fyne goroutine's
	run     *result.Run   // the copy being simulated
	stopped bool          // Esc stopped it

	mu      sync.Mutex
	last    lab.SimStatus
	pending bool // a progress update is on its way to the Fyne goroutine
}

// simTitle is the loading panel's title while the simulator runs.
const simTitle = "Simulating cache misses under Valgrind's Callgrind, one backing after another: each world loads " +
	"again and runs a few frames some 50 times slower than on the CPU. The measured figures are in the table; " +
	"Cancel (Esc) keeps them without the simulated misses."

// running reports whether a run's misses are being simulated; current is that
// simulation, or nil.
func (m *simulator) running() bool        { return m.cur != nil }
func (m *simulator) current() *simulation { return m.cur }
func (s *simulation) wait() *result.Run   { <-s.done; return s.run }

// start starts the simulation of the run l, which has just ended normally. ended
// is the status line's message for its end, kept in front of the progress and of
// the simulation's outcome; more, what its Details button shows (why the hardware
// counters read n/a, or ""), is kept for the end.
func (m *simulator) start(l *lab.Live, ended, more string) {
	cfg := l.Config()
	cfg.PreviewEvery, cfg.LayoutEvery, cfg.StartPaused = 0, 0, false
	ctx, cancel := context.WithCancel(context.Background())
	s := &simulation{cancel: cancel, done: make(chan struct{}), run: l.Snapshot()}
	m.cur = s
	m.view.showSim(cfg.Backings, simTitle)
	m.h.say(ended+" Simulating misses…", false)
	m.h.refresh()
	e := *m.e
	go func() {
		lab.Simulate(ctx, cfg, s.run, func(st lab.SimStatus) { s.report(e, st, func(st lab.SimStatus) { m.progress(s, ended, st) }) })
		cancel()
		close(s.done)
		e.doOnMain(func() { m.ended(s, ended, more) })
	}()
}

// report hands st to show on the Fyne goroutine, at most one at a time: the
// simulator reports each frame and its load's progress, and a busy window then
// shows the latest rather than a queue.
func (s *simulation) report(e env, st lab.SimStatus, show func(lab.SimStatus)) {
	s.mu.Lock()
	s.last = st
	if s.pending {
		s.mu.Unlock()
		return
	}
	s.pending = true
	s.mu.Unlock()
	e.doOnMain(func() {
		s.mu.Lock()
		st := s.last
		s.pending = false
		s.mu.Unlock()
		show(st)
	})
}

// progress shows where simulation s is, if it is still the current one.
func (m *simulator) progress(s *simulation, ended string, st lab.SimStatus) {
	if m.cur != s || s.stopped {
		return
	}
	line := strings.Join(strings.Fields(st.String()), " ") // "loading  40%" is padded for a terminal
	m.h.say(ended+" "+strings.ToUpper(line[:1])+line[1:]+"… Esc stops it; the measured figures stay.", false)
	m.view.simAt(st.Index, simFraction(st))
}

// simFraction is how far a backing's simulation is, counting its load as one frame.
func simFraction(st lab.SimStatus) float64 {
	if st.Total <= 0 {
		return st.Load
	}
	return (st.Load + float64(st.Done)) / float64(st.Total+1)
}

// ended shows the simulated run, if s is still the current simulation: Reset,
// Open or a new run drop it.
func (m *simulator) ended(s *simulation, ended, more string) {
	if m.cur != s {
		return
	}
	m.cur = nil
	m.shown(s.run)
	m.view.hideSim()
	m.h.sayMore(ended+" "+simOutcome(s.run, s.stopped), more, false)
	m.h.ended()
}

// stop drops the simulation, if any, and returns a channel closed once its workers
// are gone (nil: none).
func (m *simulator) stop() <-chan struct{} {
	s := m.cur
	if s == nil {
		return nil
	}
	m.cur = nil
	s.cancel()
	return s.done
}

// cancel is Esc during the simulation: it stops, and the measured run stays with
// what was simulated before.
func (m *simulator) cancel() {
	m.cur.stopped = true
	m.cur.cancel()
	m.h.say("Stopping the simulation…", false)
}

// simOutcome says, after the run's own end message, what the simulation gave.
func simOutcome(r *result.Run, stopped bool) string {
	sim := r.Counters.Simulated
	if sim == nil {
		return ""
	}
	if sim.Note != "" {
		return "No simulated misses: " + sim.Note + "."
	}
	var got, without []string
	for _, b := range r.Backings {
		switch {
		case b.Summary.HasSim():
			got = append(got, b.Name)
		case !stopped && b.Summary.SimNote != "":
			without = append(without, fmt.Sprintf("%s: %s", b.Name, b.Summary.SimNote))
		}
	}
	msg := ""
	switch {
	case stopped && len(got) == 0:
		msg = "Simulation stopped: the measured figures are kept, without simulated misses."
	case stopped:
		msg = "Simulation stopped: the measured figures are kept, with simulated misses for " + joinNames(got) + " only."
	case len(got) > 0:
		msg = "Simulated misses for " + joinNames(got) + " are in the table (simulated misses/entity)."
	}
	if len(without) > 0 {
		msg += " No simulated misses for " + strings.Join(without, "; ") + "."
	}
	return strings.TrimSpace(msg)
}

// simNote is the part of a backing's note about its simulated misses: the figures
// per entity, or why there are none (the table's cell then reads "n/a (see notes)").
func simNote(r *result.Run, b *result.Backing) string {
	if r.Counters.Simulated == nil {
		return ""
	}
	s := &b.Summary
	if s.HasSim() && s.SimD1MissesPerEntity != nil && s.SimLLMissesPerEntity != nil {
		return fmt.Sprintf("simulated misses per entity (Callgrind) D1 %.3g, LL %.3g", *s.SimD1MissesPerEntity, *s.SimLLMissesPerEntity)
	}
	if s.SimNote != "" {
		return "no simulated misses: " + s.SimNote
	}
	return ""
}
