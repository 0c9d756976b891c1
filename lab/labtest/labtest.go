// Package labtest holds what the tests of packages that start runs share: the test
// binary made the worker of its own tests' runs. It is imported by tests only.
package labtest

import (
	"fmt"
	"os"

	"localitylab/lab"
)

// ServeIfWorker makes a test binary the worker of its own tests' runs: the runs start
// this executable with env set to "1", and then it serves the protocol on its standard
// input and output and exits instead of running tests. Without env it returns, and
// TestMain goes on to run the tests. It lives here, not in each TestMain, so that a
// worker started by a test behaves the same in every package that starts one (lab's
// own tests, which cannot import this package, do the same in their TestMain).
func ServeIfWorker(env string) {
	if os.Getenv(env) != "1" {
		return
	}
	if err := lab.ServeWorker(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
	os.Exit(0)
}
