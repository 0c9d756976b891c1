// Package launch is what the command line hands the app when it opens it: the
// options the app's flags set, already parsed and checked. It lets package cli parse
// every flag without linking Fyne, and package ui open the window without a flag
// parser, each importing only this small package of the other's concerns. The
// rule both end by is here too: Status, the exit status an error calls for.
//
// The flags that change a setup (a workload parameter such as -entities, and
// -frames) are shared with bench, and so are their checks. Overrides applies them to
// a setup and checks it as a run is checked. FlagError names the flag at fault, with
// the messages bench prints.
package launch

import (
	"errors"
	"fmt"
	"time"

	"localitylab/lab"
	"localitylab/presets"
	"localitylab/presets/class"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// Options are the app's flags.
type Options struct {
	// Setup is the -preset, with the overrides applied and checked; nil when no
	// -preset was given, and the app opens on the setup it remembers (or the
	// default lesson) with Overrides applied there.
	Setup     *presets.Preset
	Overrides Overrides

	Run        bool          // -run: start the run at once
	QuitAfter  time.Duration // -quit-after; 0: never
	Screenshot string        // -screenshot FILE, written when quitting through -quit-after
	Save       string        // -save FILE, written when quitting through -quit-after
	Large      bool          // -large: start with large text
	LargeSet   bool          // -large was given (true or false): it overrides the text size remembered
	Layout     string        // -layout BACKING: open the Layout view on that backing; "": the preview
	Sweep      bool          // -sweep: open on the Sweep tab; with -run, start the sweep instead of a run
	Compare    string        // -compare FILE: a saved run to show as the base, checked readable
	Class      []string      // -compare A B C…: a class's machines, checked to make one (three files or more)
	Counters   Counters      // -counters: which miss counts runs get

	// ClassRead is what the command line read of Class's files, so that the window
	// shows the class without reading them again; nil: the window reads them.
	ClassRead *class.Builder
}

// Counters is the app's -counters: which misses the runs count. Unless Set, the app
// opens with its defaults (hardware counters where the system allows, no
// simulation).
type Counters struct {
	Set      bool
	Hardware bool // read the CPU's counters where the system allows
	Simulate bool // after a run that ran to its end, simulate its misses under Valgrind (lab.Simulate)
}

// Overrides are the flags that change a setup: workload parameters by name, and the
// run's length.
type Overrides struct {
	Params    workload.Params // the parameter flags given, by name
	Frames    int             // -frames, when FramesSet
	FramesSet bool
	Cache     string // -cache: "warm" or "cold"; "" keeps the setup's
	Forks     int    // -forks; 0 keeps the setup's
	Pages     string // -pages: "system", "huge" or "small"; "" keeps the setup's
}

// Apply puts o on top of s and checks the result as a run would be checked, so that
// a mistake is reported before the window opens. The warm-up shrinks to a tenth of
// the frames when it would no longer fit. Errors are a *UsageError that names the
// flag at fault.
func (o Overrides) Apply(s presets.Preset) (presets.Preset, error) {
	if _, err := workloads.Lookup(s.Workload); err != nil {
		return s, &UsageError{fmt.Errorf("-preset: %w", err)}
	}
	s.Params = s.Params.Clone()
	for _, name := range o.Params.Keys() {
		s.Params[name] = o.Params[name] // checked with the rest by Config.Check below
	}
	switch o.Cache {
	case "":
	case string(lab.Warm):
		s.Cache = ""
	default:
		s.Cache = o.Cache
	}
	if o.Pages != "" {
		s.Pages = o.Pages
	}
	if o.FramesSet {
		s.Frames = o.Frames
		if s.Warmup >= s.Frames {
			s.Warmup = max(s.Frames, 0) / 10
		}
	}
	if o.Forks > 0 {
		s.Forks = o.Forks
	}
	c := lab.Config{Workload: s.Workload, Backings: s.Backings, Params: s.Params, Frames: s.Frames, Warmup: s.Warmup, Forks: s.Forks}
	if o.FramesSet { // a -frames that leaves nothing to summarise, as bench refuses it
		if err := c.CheckKept(); err != nil {
			return s, &UsageError{FlagError(err)}
		}
	}
	if err := c.Check(); err != nil {
		return s, &UsageError{FlagError(err)}
	}
	return s, nil
}

// FlagError turns an error of lab.Config.Check into one that names the flag at
// fault. A parameter's error carries its field (workload.ParamError), which is its
// flag's name; a store's refusal of parameters that do not go together names them
// itself (workload.StoreError); every other field of the Config has its flag's
// name, first in the message. Nil stays nil.
func FlagError(err error) error {
	if err == nil {
		return nil
	}
	var pe *workload.ParamError
	if errors.As(err, &pe) {
		return fmt.Errorf("-%w", pe)
	}
	var se *workload.StoreError
	if errors.As(err, &se) {
		return se
	}
	return fmt.Errorf("-%w", err)
}
