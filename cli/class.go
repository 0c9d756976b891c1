package cli

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"localitylab/charts"
	"localitylab/charts/classview"
	"localitylab/charts/page"
	"localitylab/charts/raster"
	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/presets/class"
)

// compareClass puts three saved runs or more (or sweeps) of one lesson side by side,
// one per machine (package class), prints the comparison and writes the files asked
// for. Two files are a comparison of two runs (compareRuns), which this leaves alone.
func compareClass(files []string, o *compareOpts, stdout, stderr io.Writer) int {
	switch {
	case o.accept != "":
		return complain(usagef("-accept: a class's machines are compared as they are; -accept is for two runs"), stderr)
	case o.json != "":
		return complain(usagef("-json: a class's machines are written as PNG or HTML; -json is for two runs (each machine's own file is its JSON)"), stderr)
	}
	var inputs []namedFile
	for _, f := range files {
		inputs = append(inputs, namedFile{"FILE", f})
	}
	if err := checkFiles(inputs, flagFile("png", o.png), flagFile("html", o.html)); err != nil {
		return complain(err, stderr)
	}
	cl, err := loadClass(files)
	if err != nil {
		return complain(usagef("compare: %v", err), stderr)
	}
	c := cl.Chart()
	toStdout := slices.ContainsFunc([]string{o.png, o.html}, atomicfile.IsStdout)
	io.WriteString(textOut(toStdout, stdout, stderr), classText(c))
	if err := writeClass(c, o, stdout); err != nil {
		return complain(err, stderr)
	}
	return exit.OK
}

// loadClass reads each file, a run or a sweep, once, and builds the class; an error
// names the file at fault.
func loadClass(paths []string) (*class.Class, error) {
	c, _, err := class.Read(lab.LoadSaved, paths)
	return c, err
}

// classText is the class as the terminal shows it: the table, a column per machine,
// then each claim's answer on each machine and where the machines agree.
func classText(c *classview.Class) string {
	var b strings.Builder
	fmt.Fprintln(&b, c.Heading)
	fmt.Fprintln(&b, "parameters: "+c.Params)
	fmt.Fprintln(&b)
	t := c.Table
	rows := [][]string{clipCells(t.Columns)}
	group := ""
	for _, r := range t.Rows {
		if r.Group != group && group != "" {
			rows = append(rows, nil)
		}
		group = r.Group
		rows = append(rows, clipCells(append([]string{r.Name}, r.Cells...)))
	}
	writeColumns(&b, rows, allLeft)
	fmt.Fprintln(&b)
	if len(c.Differ) > 0 {
		fmt.Fprintf(&b, "The machines differ in: %s.\n", strings.Join(c.Differ, ", "))
	}
	if c.OneHost != "" {
		fmt.Fprintln(&b, wrap(c.OneHost, 88))
	}
	if c.Order != "" {
		fmt.Fprintln(&b, wrap(c.Order, 88))
	}
	fmt.Fprintln(&b, wrap(c.FiguresNote, 88))
	if len(c.Claims) == 0 {
		fmt.Fprintln(&b, "\nNo claim to answer: the files name no built-in lesson with claims a "+c.Kind+" answers.")
	}
	for k, cl := range c.Claims {
		fmt.Fprintf(&b, "\n%s\n", wrap(fmt.Sprintf("Claim %d (%s): %s", k+1, cl.Source, cl.Text), 88))
		fmt.Fprintln(&b, wrap(cl.Agreement, 88))
		for i, a := range cl.Answers {
			fmt.Fprintf(&b, "%s\n", indent(wrap(c.Machines[i]+": "+a.Full, 86), "  "))
		}
	}
	return b.String()
}

// maxClassCell bounds a cell of the class's table in the terminal, in characters.
// The table pads every row to its widest cell, column by column. So one long cell (a
// CPU's name of a few hundred characters, thirty machines wide) would pad every
// line. The widest cell the lab's own files give, six backings' shares of heap
// in huge pages, takes about 90. A longer cell ends in an ellipsis here only.
const maxClassCell = 100

// clipCells returns the cells, each within maxClassCell characters.
func clipCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		if utf8.RuneCountInString(c) > maxClassCell {
			c = string([]rune(c)[:maxClassCell-1]) + "…"
		}
		out[i] = c
	}
	return out
}

func indent(s, by string) string {
	return by + strings.ReplaceAll(s, "\n", "\n"+by)
}

// writeClass writes the files asked for, each through a temporary file.
func writeClass(c *classview.Class, o *compareOpts, stdout io.Writer) error {
	opts := charts.Options{EChartsURL: o.echartsURL}
	var errs []error
	for _, f := range []struct {
		flag, path string
		write      func(w io.Writer) error
	}{
		{"png", o.png, func(w io.Writer) error { return raster.WriteClassPNG(w, c, opts) }},
		{"html", o.html, func(w io.Writer) error { return page.WriteClassHTML(w, c, opts) }},
	} {
		if f.path == "" {
			continue
		}
		if err := atomicfile.WriteTo(f.path, raw(stdout), f.write); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.flag, err))
		}
	}
	return errors.Join(errs...)
}
