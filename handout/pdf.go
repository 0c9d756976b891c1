package handout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// A PDF is the page as a browser prints it: the HTML written to a private
// directory and printed by Chromium (or Chrome) headless, with no network asked
// for (the page holds its fonts and chart). Go has no PDF writer of its own; where no
// such browser is installed the PDF is refused up front and the HTML prints from any
// browser.

// browsers are the names Chromium and Chrome go by on a PATH.
var browsers = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"}

// Chromium is the path of the browser that prints the PDF, or an error that says
// what to install.
func Chromium() (string, error) {
	for _, b := range browsers {
		if p, err := exec.LookPath(b); err == nil {
			return p, nil
		}
	}
	return "", errors.New("printing a PDF needs Chromium or Chrome on the PATH, and none was found " +
		"(install chromium, or write -html and print it from any browser)")
}

// pdfTimeout bounds the browser's print: a few seconds here (2-core VM, load 2).
const pdfTimeout = 60 * time.Second

// WritePDF prints the page with headless Chromium and writes the PDF to w.
func (l *Layout) WritePDF(w io.Writer) error {
	browser, err := Chromium()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "localitylab-handout-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	page, pdf := filepath.Join(dir, "handout.html"), filepath.Join(dir, "handout.pdf")
	f, err := os.Create(page)
	if err != nil {
		return err
	}
	if err := errors.Join(l.WriteHTML(f), f.Close()); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), pdfTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+pdf, (&url.URL{Scheme: "file", Path: page}).String())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("handout: %s could not print the page: %v: %s", filepath.Base(browser), err, lastLine(out.String()))
	}
	data, err := os.ReadFile(pdf)
	if err != nil || len(data) == 0 {
		return fmt.Errorf("handout: %s printed no PDF: %s", filepath.Base(browser), lastLine(out.String()))
	}
	_, err = w.Write(data)
	return err
}

// lastLine is the last non-empty line of a program's output: what it said last.
func lastLine(s string) string {
	lines := bytes.Split(bytes.TrimSpace([]byte(s)), []byte("\n"))
	return string(lines[len(lines)-1])
}
