package lab

import (
	"bufio"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// tail keeps what a WorkerError shows of a worker's stderr: the last lines it wrote,
// or, when it crashed, the line saying why ("panic: …", "fatal error: …") and the top
// of the stack trace after it, which point at the bug; the bottom of a trace is the
// same for every crash.
type tail struct {
	mu    sync.Mutex
	keep  int
	last  []string      // the last keep lines
	crash []string      // the crash line and up to keep lines after it
	drain chan struct{} // closed when the stream has ended
}

// crashPrefixes start the lines in which the Go runtime says why a program died.
var crashPrefixes = []string{"panic: ", "fatal error: ", "WARNING: DATA RACE", "runtime: out of memory"}

func newTail(r io.Reader, keep int) *tail {
	t := &tail{keep: keep, drain: make(chan struct{})}
	go func() {
		defer close(t.drain)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 4096), 1<<20)
		for sc.Scan() {
			t.add(sc.Text())
		}
		if c, ok := r.(io.Closer); ok {
			c.Close()
		}
	}()
	return t
}

func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.crash == nil && slices.ContainsFunc(crashPrefixes, func(p string) bool { return strings.HasPrefix(line, p) }):
		t.crash = []string{line}
	case t.crash != nil && len(t.crash) <= t.keep && strings.TrimSpace(line) != "":
		t.crash = append(t.crash, line)
	}
	if len(t.last) == t.keep {
		copy(t.last, t.last[1:])
		t.last = t.last[:t.keep-1]
	}
	t.last = append(t.last, line)
}

// lines returns what to show, waiting a moment for the stream to end so that the last
// words of a dying worker are not lost.
func (t *tail) lines() []string {
	select {
	case <-t.drain:
	case <-time.After(time.Second):
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.crash != nil {
		return append(slices.Clone(t.crash), "…")
	}
	return slices.Clone(t.last)
}
