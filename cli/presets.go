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
		rows := [][]string{{"name", "workload", "frames", "backings", "title"}}
		for _, p := range presets.Builtin() {
			rows = append(rows, []string{p.Name, p.Workload, fmt.Sprint(p.Frames), strings.Join(p.Backings, ","), p.Title})
		}
		var b strings.Builder
		writeLeft(&b, rows)
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
