package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"localitylab/internal/exit"
	"localitylab/presets"
)

// listPresets lists the built-in presets or, given a name or file, shows one with its
// lesson and the claims a run of it checks.
func listPresets(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		var b strings.Builder
		fmt.Fprintf(&b, "A course for a %d-minute class, in order (its runs took %s in all on the machine the lab was built on, a shared 2-core VM):\n",
			presets.ClassMinutes, (presets.Step{Run: presets.CourseRunTime()}).RunText())
		writeLeft(&b, stepRows(presets.Course(), true))
		fmt.Fprintf(&b, "\nAfter the course:\n")
		writeLeft(&b, stepRows(presets.Further(), false))
		fmt.Fprintf(&b, "\nThe run times are one run each (bench -preset, or sweep -preset for a sweep) on a loaded machine; a class's will differ.\n")
		fmt.Fprintf(&b, "\nRun one with `localitylab bench -preset NAME`, a lesson told by a sweep with `localitylab sweep -preset NAME`;\n"+
			"`localitylab presets NAME` shows its lesson.\n")
		away, why := presets.Unavailable()
		for i, p := range away {
			fmt.Fprintf(&b, "Not offered by this binary: %s (%s): %v.\n", p.Name, p.Title, why[i])
		}
		io.WriteString(stdout, b.String())
		return exit.OK
	case 1:
		p, err := presets.Lookup(args[0])
		if err != nil {
			return complain(usagef("presets: %v", err), stderr)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %s\n", p.Name, p.Title)
		fmt.Fprintf(&b, "  workload %s, backings %s, %d frames (%d warm-up)\n", p.Workload, strings.Join(p.Backings, ", "), p.Frames, p.Warmup)
		for _, k := range p.Params.Keys() {
			fmt.Fprintf(&b, "  %s = %d\n", k, p.Params[k])
		}
		if st, n, ok := presets.StepOf(p.Name); ok {
			where := "after the course"
			if n > 0 {
				where = fmt.Sprintf("step %d of the course", n)
			}
			fmt.Fprintf(&b, "  %s; its run took %s on the machine the lab was built on\n", where, st.RunText())
			if st.Heavy != "" {
				fmt.Fprintf(&b, "  %s\n", wrap("Heavy: "+st.Heavy, 86))
			}
		}
		if sw := p.Sweep; sw != nil {
			vals := make([]string, len(sw.Values))
			for i, v := range sw.Values {
				vals[i] = strconv.FormatInt(v, 10)
			}
			fmt.Fprintf(&b, "  a sweep of %s over %s: `localitylab sweep -preset %s`\n", sw.Param, strings.Join(vals, ", "), p.Name)
		}
		for _, para := range presets.Paragraphs(p.Lesson) {
			fmt.Fprintf(&b, "\n%s\n", wrap(para, 88))
		}
		for _, c := range p.Claims {
			fmt.Fprintf(&b, "\n%s\n", wrap("Claim ("+c.Source+"): "+c.Text, 88))
			if c.Setting != "" {
				fmt.Fprintf(&b, "%s\n", wrap("The source's conditions: "+c.Setting+".", 88))
			}
		}
		io.WriteString(stdout, b.String())
		return exit.OK
	}
	return complain(usagef("presets: %d arguments (want none, or one preset name or file)", len(args)), stderr)
}

// stepRows are the rows of the presets list for steps, numbered when they are the
// course's.
func stepRows(steps []presets.Step, numbered bool) [][]string {
	rows := [][]string{{"#", "name", "workload", "run", "backings", "title"}}
	for i, s := range steps {
		p, err := presets.Lookup(s.Name)
		if err != nil {
			continue // Course and Further list only what this binary offers
		}
		n := ""
		if numbered {
			n = fmt.Sprint(i + 1)
		}
		run := s.RunText()
		if p.Sweep != nil {
			run += " (sweep)"
		}
		rows = append(rows, []string{n, p.Name, p.Workload, run, strings.Join(p.Backings, ","), p.Title})
	}
	return rows
}

// writeLeft writes rows as left-aligned columns.
func writeLeft(b *strings.Builder, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for i, c := range row {
			line.WriteString(c + strings.Repeat(" ", widths[i]-len([]rune(c))+2))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// wrap breaks text into lines of at most width characters, at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		l := len([]rune(word))
		if n > 0 && n+1+l > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += l
	}
	return b.String()
}
