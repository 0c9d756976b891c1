// Command winecheck judges the smoke test of `make windows-check`: runs of the
// Windows binary under Wine, each beside the same run of the Linux binary. It prints
// one line per check, PASS or FAIL with the figures, and exits 1 when any fails:
//
//   - each Windows run's file was written and reads as a run of the backings asked for;
//   - no backing's p50 reads 0 ns (a frame clock too coarse for the frames);
//   - each run records the frame clock it was timed by, and that clock is not the
//     coarse one;
//   - the median ratio of the slow backing to the fast one over the Windows runs is
//     within the tolerance of the median over the Linux runs (the same code on the
//     same CPU: a clock that reads whole timer ticks, or none, moves it far).
//
// It is part of the check, not of the product.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"localitylab/lab/result"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// files is a flag that may be given several times.
type files []string

func (f *files) String() string     { return fmt.Sprint(*f) }
func (f *files) Set(s string) error { *f = append(*f, s); return nil }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("winecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var win, lin files
	fs.Var(&win, "windows", "a Windows binary's run `FILE` (written under Wine); once per run")
	fs.Var(&lin, "linux", "the Linux binary's run `FILE` of the same bench, measured beside the -windows of the same place")
	slow := fs.String("slow", "map", "the backing whose ratio to -fast is compared")
	fast := fs.String("fast", "slotmap", "the backing the ratio is taken against")
	tol := fs.Float64("tolerance", 0.35, "how far the Windows ratio may lie from the Linux one, as a share of it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if len(win) == 0 || len(win) != len(lin) || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "winecheck: -windows and -linux name the runs, as many of each, in pairs; nothing else is taken")
		return 2
	}
	pairs := make([]pair, len(win))
	for i := range win {
		l, err := result.LoadJSON(lin[i])
		if err != nil {
			fmt.Fprintln(stderr, "winecheck: a Linux run, against which the Windows ones are judged:", err)
			return 1
		}
		p := pair{path: win[i], l: l}
		p.w, p.werr = result.LoadJSON(win[i])
		if p.werr == nil {
			p.timer, p.werr = readTimer(win[i])
		}
		pairs[i] = p
	}
	failed := false
	for _, f := range judge(pairs, *slow, *fast, *tol) {
		verdict := "PASS"
		if !f.ok {
			verdict, failed = "FAIL", true
		}
		fmt.Fprintf(stdout, "%s  %s\n", verdict, f.text)
	}
	if failed {
		return 1
	}
	return 0
}
