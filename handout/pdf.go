package handout

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// A PDF is the page as a browser prints it: the HTML written to a private
// directory and printed by a headless browser of Chromium's family (see Browser),
// with no network asked for (the page holds its fonts and chart). Go has no PDF
// writer of its own; where no such browser is installed the PDF is refused up front
// and the HTML prints from any browser.
//
// The browser is a program of someone else's that may never return. It runs in a
// process group of its own (a job object on Windows). So a stop (the caller's
// context: Ctrl-C, SIGTERM) or pdfTimeout kills it and every process it started,
// not only the one the lab started. The private directory goes with it in every
// case.

// pdfTimeout bounds the browser's print: a few seconds here (2-core VM, load 2). The
// tests shorten it.
var pdfTimeout = 60 * time.Second

// pdfWaitDelay is how long the print waits, once the browser is killed, for the
// output it held open to close: a helper that left the browser's process group
// must not keep the command waiting.
const pdfWaitDelay = 2 * time.Second

// pdfMagic opens every PDF file.
const pdfMagic = "%PDF-"

// maxPDFBytes bounds what the browser's file may weigh: a page prints in a few
// hundred KiB, and a file far beyond is not this page.
const maxPDFBytes = 64 << 20

// WritePDF prints the page with a headless browser and writes the PDF to w. ctx
// stops the print: when it is cancelled, the browser is killed and the error wraps
// ctx's.
func (l *Layout) WritePDF(ctx context.Context, w io.Writer) error {
	browser, err := Browser()
	if err != nil {
		return err
	}
	return l.printWith(ctx, browser, w)
}

// printWith prints the page with browser, in a private directory removed whatever
// happens, and writes what it printed to w once it is known to be a PDF.
func (l *Layout) printWith(ctx context.Context, browser string, w io.Writer) (err error) {
	dir, err := os.MkdirTemp("", "localitylab-handout-")
	if err != nil {
		return err
	}
	defer func() {
		if rerr := removeDir(dir); rerr != nil && err == nil {
			err = fmt.Errorf("handout: the temporary folder %s could not be removed (remove it by hand): %w", dir, rerr)
		}
	}()
	page, pdf := filepath.Join(dir, "handout.html"), filepath.Join(dir, "handout.pdf")
	f, err := os.Create(page)
	if err != nil {
		return err
	}
	if err := errors.Join(l.WriteHTML(f), f.Close()); err != nil {
		return err
	}
	name := BrowserName(browser)
	out, err := runBrowser(ctx, browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+pdf, fileURLHere(page))
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("handout: printing with %s stopped: %w", name, ctx.Err())
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("handout: %s did not print the page within %s and was stopped: %s", name, pdfTimeout, lastLine(out))
	case err != nil:
		return fmt.Errorf("handout: %s could not print the page: %v: %s", name, err, lastLine(out))
	}
	data, err := readPDF(pdf)
	if err != nil {
		return fmt.Errorf("handout: %s printed no PDF: %v (it said: %s)", name, err, lastLine(out))
	}
	_, err = w.Write(data)
	return err
}

// runBrowser runs the browser with args until it exits, ctx is done or pdfTimeout
// passes, then kills whatever is left of its process group. It returns the last of
// what the browser said; a timeout is context.DeadlineExceeded.
func runBrowser(ctx context.Context, browser string, args ...string) (string, error) {
	// The thread that starts the browser is the one whose death Linux tells it of
	// (dieWithParent): it stays this goroutine's until the browser has exited.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	cmd := exec.CommandContext(tctx, browser, args...)
	g := newGroup(cmd)
	cmd.Cancel = g.kill
	cmd.WaitDelay = pdfWaitDelay
	out := &tail{max: 4 << 10}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	g.started()
	err := cmd.Wait()
	g.kill() // the helpers it left running, if any
	g.close()
	if tctx.Err() != nil && ctx.Err() == nil {
		err = context.DeadlineExceeded
	}
	return out.String(), err
}

// readPDF reads the file the browser printed, which must be a PDF.
func readPDF(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, errors.New("it wrote no file")
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, errors.New("what it wrote is not a file")
	case fi.Size() > maxPDFBytes:
		return nil, fmt.Errorf("it wrote %d bytes, more than a page", fi.Size())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) < len(pdfMagic) || string(data[:len(pdfMagic)]) != pdfMagic {
		head := data[:min(len(data), 16)]
		return nil, fmt.Errorf("it wrote %d bytes that are not a PDF (they start %q, a PDF %q)", len(data), head, pdfMagic)
	}
	return data, nil
}

// removeDir removes the private directory. On Windows a file a killed process held
// open may stay busy for a moment, so a failure is tried again for a second.
func removeDir(dir string) error {
	var err error
	for range 10 {
		if err = os.RemoveAll(dir); err == nil {
			return nil
		}
		if err = removeEach(dir); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// removeEach removes dir's files and folders one by one, the deepest first, each
// the plain way (os.Remove): where os.RemoveAll's way of deleting is refused (Wine
// 8 has no POSIX deletion, and says "Invalid function"), this one may not be.
func removeEach(dir string) error {
	var paths []string
	filepath.WalkDir(dir, func(p string, _ fs.DirEntry, _ error) error {
		paths = append(paths, p)
		return nil
	})
	var err error
	for i := len(paths) - 1; i >= 0; i-- {
		if rerr := os.Remove(paths[i]); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = rerr
		}
	}
	return err
}

// tail keeps the last max bytes written to it: what a program said last, without
// holding all it may say.
type tail struct {
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > t.max {
		p = p[len(p)-t.max:]
	}
	if over := len(t.buf) + len(p) - t.max; over > 0 {
		t.buf = t.buf[over:]
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

func (t *tail) String() string { return string(t.buf) }

// lastLine is the last non-empty line of a program's output: what it said last.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[i+1:])
	}
	if s == "" {
		return "nothing"
	}
	return s
}
