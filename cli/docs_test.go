package cli

import (
	"flag"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/workloads"
)

// TestFlagsDocumented: docs/commands.md names every flag of every command in that
// command's section, every workload parameter in its own, and every exit status in
// its table. A flag added to a command fails here until the page says what it does.
func TestFlagsDocumented(t *testing.T) {
	data, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := docSections(string(data))
	params := map[string]bool{}
	for _, spec := range workloads.All() {
		for _, q := range spec.Params {
			params[q.Name] = true
			if !strings.Contains(sections["Workload parameters"], "`-"+q.Name+" ") {
				t.Errorf("%s's parameter -%s is not under \"Workload parameters\"", spec.Name, q.Name)
			}
		}
	}
	check := func(section string, fs *flag.FlagSet) {
		text, ok := sections[section]
		if !ok {
			t.Errorf("docs/commands.md has no section %q", section)
			return
		}
		fs.VisitAll(func(f *flag.Flag) {
			if !params[f.Name] && !strings.Contains(text, "`-"+f.Name+"`") && !strings.Contains(text, "`-"+f.Name+" ") {
				t.Errorf("-%s is not in the section %q", f.Name, section)
			}
		})
	}
	for _, c := range commands {
		check(c.name, c.flags(io.Discard))
	}
	app, _ := appFlags(io.Discard)
	check("The app's flags", app)
	for _, m := range exit.Meanings {
		if !strings.Contains(sections["Exit status"], "| "+strconv.Itoa(m.Status)+" |") {
			t.Errorf("exit status %d is not in the table under \"Exit status\"", m.Status)
		}
	}
}

// docSections splits a page at its "## " headings: each heading's text, and what
// follows it up to the next.
func docSections(md string) map[string]string {
	out := map[string]string{}
	name := ""
	for _, line := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			name = strings.TrimSpace(h)
			continue
		}
		out[name] += line + "\n"
	}
	return out
}
