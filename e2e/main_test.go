// Package e2e drives the real localitylab binary the way a person or a script does:
// the app under a virtual X server (Xvfb) and the command line, checking the files
// they write and the statuses they exit with. The other packages test their parts in
// process; only here do the flags, the worker processes and the files meet.
//
// The binary is built once per `go test` into a temporary directory. The tests are
// slow next to unit tests (tens of seconds), so -short skips them, and `make test`
// leaves this package out of its race pass: the race detector would only watch the
// test's own goroutines, not the binary's.
package e2e

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// keep, when set, is a directory the app test copies its screenshot and run file
// into, so a person can look at them after the temporary directory is gone.
var keep = flag.String("keep", "", "copy the app test's screenshot and run file to `DIR`")

// binary is the path of the localitylab binary built for this test run; empty under
// -short or when the build failed (buildErr says why).
var (
	binary   string
	buildErr error
)

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runTests(m))
}

// runTests builds the binary (unless -short), runs the tests and removes the
// temporary directory; it returns the exit status so that deferred calls run.
func runTests(m *testing.M) int {
	if testing.Short() {
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "localitylab-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	buildDir = dir
	binary, buildErr = build(filepath.Join(dir, "localitylab"), "..", nil)
	return m.Run()
}

// buildDir is where the binaries of a test run are built.
var buildDir string

// build compiles the module's main package pkg (a path relative to this directory,
// which `go test` makes the working directory) to out, with env added to the
// environment and the build flags given.
func build(out, pkg string, env []string, flags ...string) (string, error) {
	cmd := exec.Command("go", append(append([]string{"build"}, flags...), "-o", out, pkg)...)
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, b)
	}
	return out, nil
}

// needBinary skips under -short and fails when the build did not succeed.
func needBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end tests build and run the real binary; skipped with -short")
	}
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// programs holds the programs buildProgram built, by package.
var programs = map[string]string{}

// buildProgram builds another main package of the module (examples/aos, a program in
// testdata) once per test run and returns its path; it skips under -short as
// needBinary does.
func buildProgram(t *testing.T, pkg string) string {
	t.Helper()
	needBinary(t)
	if p, ok := programs[pkg]; ok {
		return p
	}
	p, err := build(filepath.Join(buildDir, filepath.Base(pkg)), pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	programs[pkg] = p
	return p
}
