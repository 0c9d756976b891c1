package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"localitylab/charts"
	"localitylab/charts/raster"
	"localitylab/internal/atomicfile"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// defaultInspectFrames is how many frames inspect runs before it looks: enough for a
// churning workload's slot tables and free lists to reach their steady state.
const defaultInspectFrames = 60

// inspectOpts are the inspect command's flags.
type inspectOpts struct {
	workloadFlags
	backing string
	frames  int
	timeout time.Duration
	png     string
	json    string

	c lab.Config // the run, once prepared
}

func inspectFlags(w io.Writer) (*flag.FlagSet, *inspectOpts) {
	fs, o := newFlags[inspectOpts]("inspect", w)
	o.workloadFlags.add(fs, "required")
	fs.StringVar(&o.backing, "backing", "", "the backing to look inside: one of "+strings.Join(workload.Backings, ", ")+" (required)")
	fs.IntVar(&o.frames, "frames", defaultInspectFrames, fmt.Sprintf("frames to run before looking: `N` from 1 to %d", lab.MaxFrames))
	fs.DurationVar(&o.timeout, "timeout", lab.DefaultTimeout, "declare the worker hung after this long without a word")
	fs.StringVar(&o.png, "png", "", "write the layout to `FILE` as a 1920×1080 PNG")
	fs.StringVar(&o.json, "json", "", "write the layout to `FILE` as JSON ("+memlayout.Schema+")")
	return fs, o
}

// inspect runs frames of one backing in a worker, as bench does, then asks the worker
// where the structure's data lives and writes what it says: the facts on stdout, the
// pictures and the figures to the files asked for.
func inspect(args []string, stdout, stderr io.Writer) int {
	fs, o := inspectFlags(stderr)
	return runFlagCmd(fs, o, entitiesHint, args, stdout, stderr)
}

func (o *inspectOpts) prepare(set map[string]bool) (err error) {
	o.c, err = o.config(set)
	return err
}

func (o *inspectOpts) work(ctx context.Context, stdout, stderr io.Writer) int {
	c := o.c
	var l memlayout.Layout
	st, err := runInspect(ctx, c, &l, newProgress(stderr))
	if err != nil {
		return failed(ctx, err, "; nothing was written", stderr)
	}
	if b := st.Backings[0]; b.Err != nil {
		return complain(b.Err, stderr)
	}
	writeFacts(textOut(atomicfile.IsStdout(o.png) || atomicfile.IsStdout(o.json), stdout, stderr), &l)
	err = o.write(ctx, &l, c.Params, stdout)
	if ctx.Err() != nil {
		return stoppedWriting(ctx, stderr)
	}
	return complain(err, stderr)
}

// config checks the flags and makes the run: one backing, no warm-up to speak of,
// its layout taken once the frames are done.
func (o *inspectOpts) config(map[string]bool) (lab.Config, error) {
	if _, err := workloadSpec(o.workload, ""); err != nil {
		return lab.Config{}, err
	}
	if o.backing == "" {
		return lab.Config{}, usagef("-backing: missing (want one of %s)", strings.Join(workload.Backings, ", "))
	}
	if err := workload.CheckBacking(o.backing); err != nil {
		return lab.Config{}, usagef("-backing: %v", err)
	}
	if err := checkPositive("timeout", o.timeout, "30s"); err != nil {
		return lab.Config{}, err
	}
	c := lab.Config{Workload: o.workload, Backings: []string{o.backing}, Params: workload.Params{},
		Frames: o.frames, Forks: 1, Timeout: o.timeout, LayoutEvery: time.Hour} // one process: its layout after the frames
	applyParams(o.params, c.Params)
	if err := c.Check(); err != nil {
		return c, checkError(err)
	}
	return c, checkFiles(nil, flagFile("png", o.png), flagFile("json", o.json))
}

// runInspect runs c to its end and copies the layout its worker gave of the last
// frame into dst.
func runInspect(ctx context.Context, c lab.Config, dst *memlayout.Layout, prog *progress) (lab.Status, error) {
	live, err := lab.Start(ctx, c)
	if err != nil {
		return lab.Status{}, err
	}
	defer prog.end()
	for {
		select {
		case <-live.Updates():
			prog.update(live.Status())
			continue
		case <-live.Done():
		}
		break
	}
	prog.update(live.Status())
	if _, err := live.Wait(); err != nil {
		return live.Status(), err
	}
	st := live.Status()
	if st.Backings[0].Err == nil && !live.Layout(0, dst) {
		return st, errors.New("the worker gave no layout")
	}
	return st, nil
}

// write writes the files asked for, each through a temporary file, under ctx (a
// stop signal gives up the file being written, see writeUnder).
func (o *inspectOpts) write(ctx context.Context, l *memlayout.Layout, params workload.Params, stdout io.Writer) error {
	var errs []error
	if o.json != "" {
		if err := writeUnder(ctx, o.json, raw(stdout), func(w io.Writer) error { return memlayout.WriteJSON(w, l, params) }); err != nil {
			errs = append(errs, fmt.Errorf("-json: %w", err))
		}
	}
	if o.png != "" {
		sub := "parameters: " + params.List()
		if err := writeUnder(ctx, o.png, raw(stdout), func(w io.Writer) error { return raster.WriteLayoutPNG(w, l, sub, charts.Options{}) }); err != nil {
			errs = append(errs, fmt.Errorf("-png: %w", err))
		}
	}
	return errors.Join(errs...)
}

// writeFacts prints the layout's facts, one a line with its note, and the views it
// holds.
func writeFacts(w io.Writer, l *memlayout.Layout) {
	fmt.Fprintf(w, "%s on %s, after frame %s\n\n", l.Backing, l.Workload, units.Count(float64(l.Frame)))
	nw, vw := 0, 0
	for _, f := range l.Facts {
		nw, vw = max(nw, len(charts.FactName(f.Name))), max(vw, len(charts.FactValue(f)))
	}
	for _, f := range l.Facts {
		line := fmt.Sprintf("%-*s  %*s", nw, charts.FactName(f.Name), vw, charts.FactValue(f))
		if f.Note != "" {
			line += "  " + f.Note
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	for _, v := range l.Views {
		fmt.Fprintf(w, "view %s: %s\n", v.Kind, v.Title)
	}
}
