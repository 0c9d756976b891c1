package main

import (
	"encoding/json"
	"fmt"
	"os"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// timerRecord is the part of a run file that says which clock timed its frames
// (frame_timer: the clock, and each clock's source and measured resolution). It is
// read by its field names, so that the check reads files written before the record
// existed (and says so) as well as after.
type timerRecord struct {
	Timer *frameTimer `json:"frame_timer"`
}

// frameTimer is the clock that timed the frames (thread_cpu or wall) and the two
// clocks as the workers measured them.
type frameTimer struct {
	Clock string       `json:"clock"`
	CPU   *clockRecord `json:"cpu"`
	Wall  *clockRecord `json:"wall"`
}

type clockRecord struct {
	Source       string  `json:"source"`
	ResolutionNS float64 `json:"resolution_ns"`
}

// resolveSteps is how many steps of its clock a median frame must last for the clock
// to have timed it (a time read by a clock of step q lies within q of the truth: at
// 20 steps a median is good to 5%).
const resolveSteps = 20

func readTimer(path string) (timerRecord, error) {
	var t timerRecord
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &t)
	}
	return t, err
}

// clockFinding: the run must say which clock timed its frames, and that clock must
// not be the coarse one: its resolution must be at most a twentieth of the fastest
// backing's p50, so that the frames last many of its steps.
func clockFinding(t timerRecord, w *result.Run) finding {
	if t.Timer == nil {
		return finding{false, "frame clock: the run file records none (no frame_timer): which clock timed the frames, and how finely, is unknown"}
	}
	c := t.Timer.Wall
	if t.Timer.Clock == result.ClockThreadCPU {
		c = t.Timer.CPU
	}
	if c == nil || c.ResolutionNS <= 0 {
		return finding{false, fmt.Sprintf("frame clock %q: the file records no resolution for it", t.Timer.Clock)}
	}
	fastest := 0.0
	for _, b := range w.Backings {
		if p := b.Summary.P50NS; p > 0 && (fastest == 0 || p < fastest) {
			fastest = p
		}
	}
	text := fmt.Sprintf("frame clock %s (%s), resolution %s", t.Timer.Clock, c.Source, units.Duration(c.ResolutionNS))
	if fastest == 0 {
		return finding{false, text + ": no backing's p50 to hold it against"}
	}
	ok := c.ResolutionNS*resolveSteps <= fastest
	verb := "resolves"
	if !ok {
		verb = "is too coarse for"
	}
	return finding{ok, fmt.Sprintf("%s: %s the fastest p50, %s (%d steps wanted)", text, verb, units.Duration(fastest), resolveSteps)}
}
