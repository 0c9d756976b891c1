package handout

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"localitylab/lab/result"
	"localitylab/presets"
)

// The tests' browsers are this test binary, started with fakeBrowserEnv naming
// what it does, so that a browser that hangs, fails or prints something that is not
// a PDF is the same program on every system (Windows under Wine included).
const (
	fakeBrowserEnv = "LOCALITYLAB_FAKE_BROWSER"
	// fakePIDsEnv names a file where a hanging browser writes its process id and its
	// child's, one a line, once both run.
	fakePIDsEnv = "LOCALITYLAB_FAKE_BROWSER_PIDS"
)

// fakePrinterEnv makes this test binary a lab that prints a page with the browser
// it names and waits, so that a test can kill it while the browser runs.
const fakePrinterEnv = "LOCALITYLAB_FAKE_PRINTER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeBrowserEnv); mode != "" {
		os.Exit(fakeBrowser(mode, os.Args[1:]))
	}
	if browser := os.Getenv(fakePrinterEnv); browser != "" {
		os.Exit(fakePrinter(browser))
	}
	os.Exit(m.Run())
}

// fakePrinter prints the saved run's page with browser, as the lab does.
func fakePrinter(browser string) int {
	os.Setenv(fakeBrowserEnv, "hang")
	p, err := presets.Lookup("pointer-chasing")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	r, err := result.LoadJSON(savedRun)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	pg, err := FromRun(p, r, "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	l, err := pg.Fit()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	err = l.printWith(context.Background(), browser, io.Discard)
	fmt.Fprintln(os.Stderr, err)
	return 1
}

// fakeBrowser acts as a browser that was asked to print: "pdf" prints a tiny PDF,
// "notpdf" writes "not a pdf", "silent" writes nothing, "fail" says why on stderr
// and exits 3, "hang" starts a child that hangs ("child") and hangs itself.
func fakeBrowser(mode string, args []string) int {
	out := ""
	for _, a := range args {
		if p, ok := strings.CutPrefix(a, "--print-to-pdf="); ok {
			out = p
		}
	}
	switch mode {
	case "pdf":
		return writeOrFail(out, "%PDF-1.4\n%%EOF\n")
	case "notpdf":
		return writeOrFail(out, "not a pdf")
	case "silent":
		return 0
	case "fail":
		fmt.Fprintln(os.Stderr, "[0101/000000.000:ERROR:headless.cc(1)] Cannot print: no such page")
		return 3
	case "child":
		time.Sleep(time.Hour)
		return 0
	case "hang":
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), fakeBrowserEnv+"=child")
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		pids := strconv.Itoa(os.Getpid()) + "\n" + strconv.Itoa(child.Process.Pid) + "\n"
		if code := writeOrFail(os.Getenv(fakePIDsEnv), pids); code != 0 {
			return code
		}
		time.Sleep(time.Hour)
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown fake browser", mode)
	return 2
}

func writeOrFail(path, content string) int {
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// fakeBrowserOf makes this test binary the browser that acts as mode for the rest
// of t, and returns its path.
func fakeBrowserOf(t *testing.T, mode string) string {
	t.Helper()
	t.Setenv(fakeBrowserEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// privateTemp points the system's temporary directory at a new empty one for the
// rest of t, and returns it, so that a test can see what a print leaves there.
func privateTemp(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, v := range []string{"TMPDIR", "TMP", "TEMP"} {
		t.Setenv(v, dir)
	}
	return dir
}
