package e2e

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"localitylab/charts"
	"localitylab/internal/imgtest"
	"localitylab/lab/result"
)

// TestSweepAndReport runs a sweep on small sizes with the time budget choosing each
// point's length, writing every export; checks the files; then has report write
// them again from the saved sweep, byte for byte the same.
func TestSweepAndReport(t *testing.T) {
	needBinary(t)
	dir := t.TempDir()
	args := append([]string{"sweep", "-workload", "sprites", "-backings", "ptrarray,soa,spatialhash", "-param", "entities",
		"-values", "1000,4000,16000", "-on_screen", "100", "-budget", "3s"}, exportFlags(dir, "sweep")...)
	o := runBinary(t, 2*time.Minute, nil, args...)
	if o.code != 0 {
		t.Fatalf("sweep: exit status %d, want 0\nstderr:\n%s", o.code, o.stderr)
	}
	s, err := result.LoadSweepJSON(filepath.Join(dir, "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 3 || s.Param != "entities" || !s.LogX || s.Host.Go == "" {
		t.Fatalf("sweep: %d points, param %q, log x %v, host %+v", len(s.Points), s.Param, s.LogX, s.Host)
	}
	for _, p := range s.Points {
		// The budget leaves each point at least the rounds an interval needs.
		if p.Measured < 8 || p.Entities != int(p.Value) {
			t.Errorf("%d entities: %d measured rounds, %d entities loaded", p.Value, p.Measured, p.Entities)
		}
		for _, b := range p.Backings {
			if !b.Measured() || b.Error != "" || b.NSPerEntityLo > b.NSPerEntity*1.5 {
				t.Errorf("%d entities: %+v", p.Value, b)
			}
		}
	}
	f, err := os.Open(filepath.Join(dir, "sweep.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil || img.Bounds().Dx() != 1920 || img.Bounds().Dy() != 1080 {
		t.Errorf("sweep.png: %v, %v (want a 1920×1080 picture)", err, img.Bounds())
	}
	page, _ := os.ReadFile(filepath.Join(dir, "sweep.html"))
	for _, want := range []string{"Cost per entity", "spatialhash ns/entity", "Sweep record"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("sweep.html lacks %q", want)
		}
	}
	o = runBinary(t, time.Minute, nil, append([]string{"report", filepath.Join(dir, "sweep.json")}, exportFlags(dir, "report")...)...)
	if o.code != 0 {
		t.Fatalf("report: exit status %d\nstderr:\n%s", o.code, o.stderr)
	}
	for _, ext := range exports {
		sameFile(t, filepath.Join(dir, "sweep."+ext), filepath.Join(dir, "report."+ext))
	}
}

// TestSweepInterrupted: Ctrl-C during a sweep stops it, writes the points it had
// measured and exits with status 130; SIGTERM (kill, a service manager) does the
// same with status 143.
func TestSweepInterrupted(t *testing.T) {
	for _, sig := range []struct {
		signal syscall.Signal
		status int
		word   string
	}{{syscall.SIGINT, 130, "interrupted"}, {syscall.SIGTERM, 143, "terminated (SIGTERM)"}} {
		t.Run(sig.signal.String(), func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "s.json")
			// The first two points run 40,000 frames of tiny worlds (a few seconds
			// each); the third would run for minutes: stop it once it has started.
			log, code := stopWhen(t, "point 3 of 3", sig.signal, "sweep", "-workload", "sprites", "-backings", "soa", "-param", "entities",
				"-values", "1000,2000,100000", "-frames", "40000", "-warmup", "4", "-json", js)
			if code != sig.status {
				t.Fatalf("exit status %d, want %d\nstderr:\n%s", code, sig.status, log)
			}
			s, err := result.LoadSweepJSON(js)
			if err != nil {
				t.Fatalf("the points done were not written: %v\nstderr:\n%s", err, log)
			}
			if len(s.Points) != 2 || s.Stopped != "stopped after 2 of 3 points" {
				t.Errorf("written: %d points, stopped %q; want the two done", len(s.Points), s.Stopped)
			}
			if !strings.Contains(log, sig.word+"; writing the 2 points done") {
				t.Errorf("stderr does not say what was written:\n%s", log)
			}
		})
	}
}

// TestBenchStopped: Ctrl-C or SIGTERM during a run stops it and writes nothing, with
// the status each signal calls for.
func TestBenchStopped(t *testing.T) {
	for _, sig := range []struct {
		signal syscall.Signal
		status int
		word   string
	}{{syscall.SIGINT, 130, "interrupted"}, {syscall.SIGTERM, 143, "terminated (SIGTERM)"}} {
		t.Run(sig.signal.String(), func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "run.json")
			log, code := stopWhen(t, ": frame ", sig.signal, "bench", "-workload", "sprites", "-backings", "soa,ptrarray",
				"-entities", "1000", "-frames", "100000", "-json", js)
			if code != sig.status || !strings.Contains(log, sig.word+"; nothing was written") {
				t.Errorf("exit status %d, want %d saying %q\nstderr:\n%s", code, sig.status, sig.word, log)
			}
			if _, err := os.Stat(js); err == nil {
				t.Error("a stopped run was written")
			}
		})
	}
}

// stopWhen runs the binary with args, sends it sig once a line of its stderr holds
// cue, and returns its stderr and exit status.
func stopWhen(t *testing.T, cue string, sig syscall.Signal, args ...string) (string, int) {
	t.Helper()
	bin := needBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = baseEnv(t)
	cmd.Dir = t.TempDir()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	sent := false
	sc := bufio.NewScanner(stderr)
	sc.Split(scanLinesOrCR)
	for sc.Scan() {
		log.WriteString(sc.Text() + "\n")
		if !sent && strings.Contains(sc.Text(), cue) {
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			sent = true
		}
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return log.String(), 0
	case errors.As(err, &ee):
		return log.String(), ee.ExitCode()
	}
	t.Fatalf("%v\nstderr:\n%s", err, log.String())
	return "", -1
}

// scanLinesOrCR splits at a newline or a carriage return, which a progress line on
// a terminal would use (stderr here is a pipe, so it uses newlines).
func scanLinesOrCR(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// TestAppSweep opens the window under Xvfb on a sweep lesson at a small size with
// -sweep -run, lets the sweep run to its end (-quit-after is the backstop), and
// checks what the app leaves: exit status 0, a sweep file with every point, and a
// screenshot of the Sweep tab whose chart holds the backings' lines.
func TestAppSweep(t *testing.T) {
	needBinary(t)
	display := startXvfb(t)
	dir := t.TempDir()
	shot, saved := filepath.Join(dir, "sweep-shot.png"), filepath.Join(dir, "sweep.json")
	// The sweep ends the app itself when its last point is measured; the backstop and
	// the test's limit leave room for a machine busy with other work.
	runWindow(t, needBinary(t), display, 5*time.Minute, shot, saved,
		"-preset", "spatialhash-stops-winning", "-entities", "5000", "-sweep", "-run", "-quit-after", "4m")
	s, err := result.LoadSweepJSON(saved)
	if err != nil {
		t.Fatalf("-save wrote a sweep that does not load: %v", err)
	}
	if s.Param != "moving_pct" || len(s.Points) != 7 || s.Title != "When the spatial hash stops winning" || s.Params["entities"] != 5000 {
		t.Errorf("sweep of %s, %d points, title %q, params %v", s.Param, len(s.Points), s.Title, s.Params)
	}
	img := imgtest.ReadPNG(t, shot)
	b := img.Bounds()
	// The chart sits right of the setup panel, above the table: its middle.
	r := image.Rect(b.Min.X+b.Dx()/4, b.Min.Y+b.Dy()/4, b.Min.X+b.Dx()*3/4, b.Min.Y+b.Dy()*3/4)
	n := 0
	for _, name := range []string{"soa", "spatialhash"} {
		n += inked(img, r, charts.Color(name))
	}
	if n < 300 {
		t.Errorf("screenshot: the sweep chart %v has %d pixels in the backings' colours (want their lines)", r, n)
	}
}
