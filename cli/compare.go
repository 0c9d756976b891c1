package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"localitylab/charts"
	"localitylab/charts/page"
	"localitylab/charts/raster"
	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/compare"
	"localitylab/lab/result"
	"localitylab/presets/class"
)

// compareOpts are the compare command's flags: where to write the comparison, and
// which differences between the runs to accept.
type compareOpts struct {
	png, html, json string
	accept          string
	echarts         echartsFlag
}

func compareFlags(w io.Writer) (*flag.FlagSet, *compareOpts) {
	fs, o := newFlags[compareOpts]("compare", w)
	fs.StringVar(&o.png, "png", "", "write the comparison to `FILE` as PNG (both runs on the three charts, and the table, 1920×1080)")
	fs.StringVar(&o.html, "html", "", "write the comparison to `FILE` as an HTML page (the table, the two runs' record, charts to hover and zoom)")
	fs.StringVar(&o.json, "json", "", "write the comparison to `FILE` as JSON (schema "+compare.Schema+")")
	fs.StringVar(&o.accept, "accept", "", "compare runs that differ in these ways: a comma-separated `LIST` of "+
		strings.Join(compare.Kinds, ", ")+" (host: two machines on one workload); runs of different workloads never")
	echartsVar(fs, &o.echarts)
	return fs, o
}

// compareRuns compares two saved runs backing by backing (package compare), prints
// the comparison and writes the files asked for.
func compareRuns(args []string, stdout, stderr io.Writer) int {
	fs, o := compareFlags(stderr)
	// The two files may come before the flags, after them, or around them.
	var files []string
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		files, args = append(files, args[0]), args[1:]
	}
	if help, err := parseFlags(fs, args, stderr); help || err != nil {
		return complain(err, stderr)
	}
	files = append(files, fs.Args()...)
	return untilStopped(stderr, func(ctx context.Context) int {
		if len(files) >= class.MinFiles {
			return compareClass(files, o, stdout, stderr)
		}
		return compareTwo(ctx, files, o, stdout, stderr)
	})
}

// compareTwo compares two saved runs, under ctx: a stop signal gives up the file
// being written (untilStopped).
func compareTwo(ctx context.Context, files []string, o *compareOpts, stdout, stderr io.Writer) int {
	if len(files) != 2 {
		return complain(usagef("compare: %d files given (usage: localitylab compare BASE.json NEW.json [-png F] [-html F] [-json F], "+
			"or a class's machines: localitylab compare A.json B.json C.json… [-png F] [-html F])", len(files)), stderr)
	}
	var accept []string
	if o.accept != "" {
		accept = strings.Split(o.accept, ",")
		for i := range accept {
			accept[i] = strings.TrimSpace(accept[i])
		}
		if err := compare.CheckAccept(accept); err != nil {
			return complain(usagef("-accept: %v", err), stderr)
		}
	}
	inputs := []namedFile{{"BASE", files[0]}, {"NEW", files[1]}}
	if err := checkFiles(inputs, flagFile("png", o.png), flagFile("html", o.html), flagFile("json", o.json)); err != nil {
		return complain(err, stderr)
	}
	var runs [2]*result.Run
	for i, f := range files {
		r, err := lab.LoadRun(f)
		switch {
		case ctx.Err() != nil:
			return exit.OK // untilStopped says so
		case err != nil:
			return complain(usagef("compare: %v", err), stderr)
		}
		runs[i] = r
	}
	rep, err := compare.Compare(runs[0], runs[1], filepath.Base(files[0]), filepath.Base(files[1]), accept)
	if err != nil {
		return complain(usagef("compare: %v", err), stderr)
	}
	if len(rep.Backings) == 0 {
		return complain(usagef("compare: the runs share no backing (base: %s; new: %s)",
			strings.Join(rep.OnlyBase, ", "), strings.Join(rep.OnlyNew, ", ")), stderr)
	}
	toStdout := slices.ContainsFunc([]string{o.png, o.html, o.json}, atomicfile.IsStdout)
	io.WriteString(textOut(toStdout, stdout, stderr), compareText(runs[0], runs[1], rep))
	if err := o.write(ctx, runs[0], runs[1], rep, stdout); err != nil {
		if ctx.Err() != nil {
			return exit.OK // untilStopped says so
		}
		return complain(err, stderr)
	}
	return exit.OK
}

// compareText is the comparison as the terminal shows it.
func compareText(base, new *result.Run, rep *compare.Report) string {
	var b strings.Builder
	fmt.Fprintln(&b, rep.Title())
	fmt.Fprintln(&b, "parameters: "+new.Params.List())
	for _, s := range []struct {
		name string
		r    *result.Run
		side compare.Side
	}{{"base", base, rep.Base}, {"new ", new, rep.New}} {
		fmt.Fprintf(&b, "%s  %s, %s, %s, %d rounds\n", s.name, s.side.File, s.r.Started.Format("2006-01-02 15:04 -07:00"), s.side.Host, s.side.Rounds)
	}
	for _, d := range rep.Accepted {
		fmt.Fprintf(&b, "accepted difference, %s: %s\n", d.Kind, d.Text)
	}
	fmt.Fprintln(&b)
	t := charts.CompareTable(rep)
	rows := [][]string{t.Columns}
	for _, r := range t.Rows {
		rows = append(rows, r.Cells)
	}
	writeAligned(&b, rows)
	for _, r := range t.Rows {
		if r.Error != "" {
			fmt.Fprintf(&b, "%s failed %s\n", r.Backing, r.Error)
		}
	}
	fmt.Fprintln(&b)
	if len(rep.OnlyBase) > 0 {
		fmt.Fprintf(&b, "Only in the base run: %s.\n", strings.Join(rep.OnlyBase, ", "))
	}
	if len(rep.OnlyNew) > 0 {
		fmt.Fprintf(&b, "Only in the new run: %s.\n", strings.Join(rep.OnlyNew, ", "))
	}
	if s := rep.SharedShiftText(); s != "" {
		fmt.Fprintln(&b, s)
	}
	fmt.Fprintln(&b, "Change: the new run's typical frame time against the base's, with its 95% interval. "+compare.Method+
		"; n.s. means not significant at p < 0.05. Rounds are blocks of consecutive frames that every backing ran in turn.")
	return b.String()
}

// write writes the files asked for, each through a temporary file.
func (o *compareOpts) write(ctx context.Context, base, new *result.Run, rep *compare.Report, stdout io.Writer) error {
	opts := charts.Options{EChartsURL: o.echarts.url}
	var errs []error
	for _, f := range []struct {
		flag, path string
		write      func(w io.Writer) error
	}{
		{"json", o.json, func(w io.Writer) error { return compare.WriteJSON(w, rep) }},
		{"png", o.png, func(w io.Writer) error { return raster.WriteComparePNG(w, base, new, rep, opts) }},
		{"html", o.html, func(w io.Writer) error { return page.WriteCompareHTML(w, base, new, rep, opts) }},
	} {
		if f.path == "" {
			continue
		}
		if err := writeUnder(ctx, f.path, raw(stdout), f.write); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.flag, err))
		}
	}
	return errors.Join(errs...)
}
