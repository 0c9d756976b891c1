// Command winecheck judges the smoke test of `make windows-check`: a run of the
// Windows binary under Wine beside the same run of the Linux binary. It prints one
// line per check, PASS or FAIL with the figures, and exits 1 when any fails:
//
//   - the Windows run's file was written and reads as a run of the backings asked for;
//   - no backing's p50 reads 0 ns (a frame clock too coarse for the frames);
//   - the run records the frame clock it was timed by, and that clock is not the
//     coarse one;
//   - the Windows run's ratio of the slow backing to the fast one is within the
//     tolerance of the Linux run's (the same code on the same CPU: a clock that
//     reads whole timer ticks, or none, moves it far).
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

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("winecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	win := fs.String("windows", "", "the Windows binary's run `FILE` (written under Wine)")
	lin := fs.String("linux", "", "the Linux binary's run `FILE` of the same bench")
	slow := fs.String("slow", "map", "the backing whose ratio to -fast is compared")
	fast := fs.String("fast", "slotmap", "the backing the ratio is taken against")
	tol := fs.Float64("tolerance", 0.35, "how far the Windows ratio may lie from the Linux one, as a share of it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *win == "" || *lin == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "winecheck: -windows and -linux name the two run files, and nothing else is taken")
		return 2
	}
	w, werr := result.LoadJSON(*win)
	t, terr := readTimer(*win)
	if werr == nil && terr != nil {
		werr = terr
	}
	l, lerr := result.LoadJSON(*lin)
	if lerr != nil {
		fmt.Fprintln(stderr, "winecheck: the Linux run, against which the Windows one is judged:", lerr)
		return 1
	}
	failed := false
	for _, f := range judge(*win, w, werr, t, l, *slow, *fast, *tol) {
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
