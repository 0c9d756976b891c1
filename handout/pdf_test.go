package handout

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"localitylab/internal/testcheck"
	"localitylab/presets"
)

var (
	pdfPage     = regexp.MustCompile(`/Type\s*/Page[^s]`)
	pdfMediaBox = regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]`)
)

// TestPrintsOnOneSheet prints the longest page there is (tiles-rows, the longest
// lesson, with the longest prediction) and the saved run's with headless Chromium on
// A4 and on Letter, and counts the PDF's pages: one each. It needs Chromium, and
// takes a few seconds a print.
func TestPrintsOnOneSheet(t *testing.T) {
	if _, err := Browser(); err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("prints with Chromium")
	}
	saved := loadRun(t)
	tiles, err := presets.Lookup("tiles-rows")
	if err != nil {
		t.Fatal(err)
	}
	r := syntheticRun(tiles)
	r.Host, r.Counters = saved.Host, saved.Counters
	longest, err := FromRun(tiles, r, strings.Repeat("A prediction of some length. ", MaxPrediction/29))
	if err != nil {
		t.Fatal(err)
	}
	real, err := FromRun(lesson(t, "pointer-chasing"), saved, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range []*Page{longest, real} {
		for _, paper := range []struct {
			name string
			w, h float64 // points
		}{{"A4", 595, 842}, {"letter", 612, 792}} {
			t.Run(pg.Lesson+"/"+paper.name, func(t *testing.T) {
				l, err := pg.Fit()
				if err != nil {
					t.Fatal(err)
				}
				l.paper = paper.name
				var b bytes.Buffer
				if err := l.WritePDF(context.Background(), &b); err != nil {
					t.Fatal(err)
				}
				if n := len(pdfPage.FindAll(b.Bytes(), -1)); n != 1 {
					t.Errorf("printed on %d pages at %.2f pt, want 1", n, l.SizePt)
				}
				m := pdfMediaBox.FindSubmatch(b.Bytes())
				if m == nil || !near(string(m[1]), paper.w) || !near(string(m[2]), paper.h) {
					t.Errorf("paper %q, want %s (%g × %g pt)", m, paper.name, paper.w, paper.h)
				}
			})
		}
	}
}

// near reports whether the number s is within a point of want.
func near(s string, want float64) bool {
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && v > want-1 && v < want+1
}

// printLayout is the layout of a real page, for the printing tests.
func printLayout(t *testing.T) *Layout {
	t.Helper()
	pg, err := FromRun(lesson(t, "pointer-chasing"), loadRun(t), "")
	if err != nil {
		t.Fatal(err)
	}
	l, err := pg.Fit()
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// checkTempEmpty fails t when a print left something in the temporary directory.
func checkTempEmpty(t *testing.T, dir string) {
	t.Helper()
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		names := make([]string, len(left))
		for i, e := range left {
			names[i] = e.Name()
		}
		t.Errorf("the print left %v in the temporary directory", names)
	}
}

// TestPrintKeepsOnlyPDFs: what the browser wrote is written only when it is a PDF;
// a browser that wrote something else, nothing, or failed is an error that says
// so, and its private directory is gone in every case.
func TestPrintKeepsOnlyPDFs(t *testing.T) {
	l := printLayout(t)
	for _, tt := range []struct {
		mode, want string // want: "" for a PDF written, else in the error
	}{
		{"pdf", ""},
		{"notpdf", `9 bytes that are not a PDF (they start "not a pdf"`},
		{"silent", "printed no PDF: it wrote no file"},
		{"fail", "Cannot print: no such page"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			tmp := privateTemp(t)
			browser := fakeBrowserOf(t, tt.mode)
			var out bytes.Buffer
			err := l.printWith(context.Background(), browser, &out)
			testcheck.Err(t, err, tt.want, "print with a browser that acts %s", tt.mode)
			switch {
			case tt.want == "" && !bytes.HasPrefix(out.Bytes(), []byte(pdfMagic)):
				t.Errorf("wrote %q, want the PDF", out.Bytes())
			case tt.want != "" && out.Len() != 0:
				t.Errorf("wrote %d bytes after an error", out.Len())
			}
			checkTempEmpty(t, tmp)
		})
	}
}

// TestPrintStopsHangingBrowser: a browser that never returns, and a process it
// started, are killed when the caller stops the print and when the print's time is
// up, and the print returns at once with its temporary directory removed.
func TestPrintStopsHangingBrowser(t *testing.T) {
	l := printLayout(t)
	for _, tt := range []struct {
		name    string
		timeout time.Duration // the print's own bound
		stop    bool          // the caller cancels once the browser runs
		want    string
	}{
		{"stopped", time.Hour, true, "stopped: context canceled"},
		{"timed out", 8 * time.Second, false, "did not print the page within 8s and was stopped"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func(d time.Duration) { pdfTimeout = d }(pdfTimeout)
			pdfTimeout = tt.timeout
			tmp := privateTemp(t)
			pidFile := filepath.Join(t.TempDir(), "pids")
			t.Setenv(fakePIDsEnv, pidFile)
			browser := fakeBrowserOf(t, "hang")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			var out bytes.Buffer
			go func() { done <- l.printWith(ctx, browser, &out) }()
			pids := waitForPIDs(t, pidFile, done)
			if tt.stop {
				cancel()
			}
			select {
			case err := <-done:
				testcheck.Err(t, err, tt.want, "print with a browser that hangs")
				if tt.stop && !errors.Is(err, context.Canceled) {
					t.Errorf("error %v does not wrap context.Canceled", err)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the print did not return 30 s after it was stopped")
			}
			for _, pid := range pids {
				deadline := time.Now().Add(10 * time.Second)
				for alive(pid) && time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
				}
				if alive(pid) {
					t.Errorf("process %d of the browser still runs", pid)
				}
			}
			if out.Len() != 0 {
				t.Errorf("wrote %d bytes", out.Len())
			}
			checkTempEmpty(t, tmp)
		})
	}
}

// waitForPIDs waits until the hanging browser has written its process id and its
// child's to path, and returns them; done failing first fails t.
func waitForPIDs(t *testing.T, path string, done <-chan error) []int {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			t.Fatalf("the print returned before the browser ran: %v", err)
		default:
		}
		if data, err := os.ReadFile(path); err == nil {
			f := strings.Fields(string(data))
			if len(f) == 2 {
				pids := make([]int, 2)
				for i, s := range f {
					pids[i], _ = strconv.Atoi(s)
				}
				return pids
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the fake browser did not start within 30 s")
	return nil
}
