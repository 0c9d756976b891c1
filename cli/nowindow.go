package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"localitylab/internal/exit"
)

// noWindowText says what a binary built without the window (tag nogui) is, where
// the app would open and in help.
const noWindowText = `This localitylab has no window: it was built with -tags nogui, for the command
line only (bench, sweep, report, inspect, compare, check, handout and presets work; the
app does not open). For the window, build it without the tag: go build (README.md,
"Ways in", says what each system needs).`

// noWindow answers the app's own invocation (no arguments, or the app's flags) in a
// binary without the window: it says so, and the command that measures the same
// from the command line, with the usage status, since the binary cannot do what was
// asked.
func noWindow(args []string, stderr io.Writer) int {
	fmt.Fprintln(stderr, "localitylab:", strings.ReplaceAll(noWindowText, "\n", "\n  "))
	fmt.Fprintln(stderr, "  Instead:")
	for _, line := range insteadOfApp(args) {
		fmt.Fprintln(stderr, "    "+line)
	}
	return exit.Usage
}

// insteadOfApp is what to run in place of the app with args: bench (sweep, with
// -sweep) with the flags they share, -save as -json, and the comparison -compare
// asked for. Flags the command line has no use for (-run, -large, -quit-after,
// -screenshot, -layout) are dropped; args that are not the app's flags give the
// general advice.
func insteadOfApp(args []string) []string {
	general := []string{"localitylab presets                 (the lessons)",
		"localitylab bench -preset NAME      (measure one, as the app's Run would)",
		"localitylab help                    (every command)"}
	fs, o := appFlags(io.Discard)
	o.params = paramFlags(fs)
	fs.Usage = func() {}
	err := fs.Parse(args)
	for err == nil && o.compare != "" && fs.NArg() > 0 && !strings.HasPrefix(fs.Arg(0), "-") {
		o.class = append(o.class, fs.Arg(0))
		err = fs.Parse(fs.Args()[1:])
	}
	if err != nil || fs.NArg() > 0 {
		return general
	}
	if len(o.class) > 0 {
		return []string{"localitylab compare " + shellJoin(append([]string{o.compare}, o.class...))}
	}
	if o.preset == "" {
		return general
	}
	cmd := []string{"localitylab", "bench"}
	if o.sweep {
		cmd[1] = "sweep"
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "run", "large", "quit-after", "screenshot", "layout", "sweep", "compare", "save":
		default:
			cmd = append(cmd, "-"+f.Name, shellQuote(f.Value.String()))
		}
	})
	save := o.save
	if save == "" && o.compare != "" && !o.sweep {
		save = "run.json"
	}
	if save != "" {
		cmd = append(cmd, "-json", shellQuote(save))
	}
	out := []string{strings.Join(cmd, " ")}
	if o.compare != "" && !o.sweep {
		out = append(out, "localitylab compare "+shellJoin([]string{o.compare, save}))
	}
	return out
}

// shellJoin quotes each word for a POSIX shell and joins them with spaces.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// shellQuote leaves a word of safe characters as it is and puts any other in single
// quotes, so that a suggested command can be pasted as printed.
func shellQuote(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/:=+@%") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
