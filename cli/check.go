package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"localitylab/check"
	"localitylab/internal/exit"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/workloads/workload"
)

// checkOpts are the check command's flags: the run's, as bench takes them.
type checkOpts struct {
	workloadFlags
	backings string
	preset   string
	frames   int

	c check.Config // the check, once prepared
}

func checkFlags(w io.Writer) (*flag.FlagSet, *checkOpts) {
	fs, o := newFlags[checkOpts]("check", w)
	o.workloadFlags.add(fs, "required unless -preset gives it")
	fs.StringVar(&o.backings, "backings", "", "comma-separated backings, two or more of "+strings.Join(workload.AllBackings(), ", ")+
		"; the first is the reference (required unless -preset gives them)")
	fs.StringVar(&o.preset, "preset", "", "start from the built-in preset `NAME` or a preset FILE; other flags override it")
	fs.IntVar(&o.frames, "frames", defaultFrames, fmt.Sprintf("frames to compare: `N` from 1 to %d, or fewer when a mismatch stops the check", lab.MaxFrames))
	return fs, o
}

// checkRun runs the backings in one process, frame by frame, and shows where the
// first of them stops doing the reference's work (package check).
func checkRun(args []string, stdout, stderr io.Writer) int {
	fs, o := checkFlags(stderr)
	return runFlagCmd(fs, o, entitiesHint, args, stdout, stderr)
}

func (o *checkOpts) prepare(set map[string]bool) (err error) {
	o.c, err = o.config(set)
	return err
}

func (o *checkOpts) work(ctx context.Context, stdout, stderr io.Writer) int {
	c := o.c
	rep, err := check.Run(ctx, c, nil)
	if err != nil {
		return failed(ctx, err, "", stderr)
	}
	io.WriteString(stdout, checkText(c, rep))
	if rep.Mismatch != nil {
		return exit.Mismatch
	}
	return exit.OK
}

// config is the check to run: the preset's run, if any, with the flags on top. It is
// checked as bench checks a run (lab.Config.Check), with the same messages, and held
// to the same memory guard: check loads its backings side by side, which needs at
// least what their workers would.
func (o *checkOpts) config(set map[string]bool) (check.Config, error) {
	c := lab.Config{Frames: o.frames, Forks: 1, Params: workload.Params{}} // check runs its backings in one process: no forks
	if o.preset != "" {
		p, err := lookupPreset(o.preset)
		if err != nil {
			return check.Config{}, err
		}
		c.Workload, c.Backings, c.Params = p.Workload, p.Backings, p.Params.Clone()
	}
	if set["workload"] {
		c.Workload = o.workload
	}
	spec, err := workloadSpec(c.Workload, ", or a -preset")
	if err != nil {
		return check.Config{}, err
	}
	if set["backings"] {
		if c.Backings, err = parseBackings(spec, o.backings); err != nil {
			return check.Config{}, err
		}
	}
	if len(c.Backings) < 2 {
		return check.Config{}, usagef("-backings: %d given (want two or more: the reference first, then those to check against it)", len(c.Backings))
	}
	applyParams(o.params, c.Params)
	if err := c.Check(); err != nil {
		return check.Config{}, checkError(err)
	}
	if err := lab.CheckMemory(c); err != nil {
		return check.Config{}, usagef("%v", err)
	}
	return check.Config{Workload: c.Workload, Params: c.Params, Backings: c.Backings, Frames: c.Frames}, nil
}

// checkText says what the check found: that the backings agreed, or the first frame
// where one did not, with the first line of what its frame folded that differs.
func checkText(c check.Config, rep check.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "check: %s, seed %d, entities %s; %s\n", c.Workload, rep.Params["seed"],
		units.Count(float64(rep.Params[workload.Entities])), strings.Join(c.Backings, ", "))
	m := rep.Mismatch
	if m == nil {
		fmt.Fprintf(&b, "%d frames: every backing folded %s's checksum in every frame.\n", rep.Frames, c.Backings[0])
		return b.String()
	}
	fmt.Fprintf(&b, "frame %d: %s gave %016x, %s gave %016x: they did different work.\n", m.Frame, m.A, m.SumA, m.B, m.SumB)
	if m.Line < 0 {
		fmt.Fprintf(&b, "%s.\n", strings.ToUpper(m.Note[:1])+m.Note[1:])
		return b.String()
	}
	fmt.Fprintf(&b, "What frame %d folded, line by line (%s lines for %s, %s for %s), first differs at line %s:\n",
		m.Frame, units.Count(float64(m.LinesA)), m.A, units.Count(float64(m.LinesB)), m.B, units.Count(float64(m.Line+1)))
	w := max(len(m.A), len(m.B))
	for _, l := range m.Before {
		fmt.Fprintf(&b, "  %-*s  %s: %s\n", w, "both", l.What, l.Value)
	}
	for _, x := range []struct {
		name string
		l    workload.Folded
	}{{m.A, m.LineA}, {m.B, m.LineB}} {
		if x.l.What == "" {
			fmt.Fprintf(&b, "  %-*s  (nothing: its frame folded no more)\n", w, x.name)
		} else {
			fmt.Fprintf(&b, "  %-*s  %s: %s\n", w, x.name, x.l.What, x.l.Value)
		}
	}
	return b.String()
}
