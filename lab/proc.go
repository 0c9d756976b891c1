package lab

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"localitylab/lab/result"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// stderrLines is how many of a worker's last stderr lines a WorkerError keeps.
const stderrLines = 8

// exitGrace is how long a worker that was told to stop (its stdin closed) may take to
// exit before it is killed.
const exitGrace = 3 * time.Second

// proc is the coordinator's end of one worker: the pipes, the process (or, in tests,
// the goroutine) behind them, the tail of its stderr, and the watchdog's deadline.
type proc struct {
	backing string
	in      io.WriteCloser // the worker's stdin
	out     io.Closer      // the worker's stdout, read through rd
	wr      *writer
	rd      *reader
	stderr  *tail

	kill   func()        // ends the worker now
	exited chan struct{} // closed when the worker has ended
	exit   string        // how it ended ("exit status 2"); valid once exited is closed

	deadline atomic.Int64 // watchdog: monotonic ns after which the worker is hung; 0 = not waiting
	hung     atomic.Bool
	stopOnce sync.Once
}

// spawnFunc starts the worker of one backing. Start uses spawnProcess; tests may run
// workers in-process.
type spawnFunc func(c *Config, backing string) (*proc, error)

// spawnProcess starts a worker process: c.Worker (or this executable with the worker
// subcommand) with the pipes made here, so that exec.Cmd.Wait never closes them under
// a reader.
func spawnProcess(c *Config, backing string) (*proc, error) {
	argv := c.Worker
	if argv == nil {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		argv = []string{exe, "worker"}
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), c.WorkerEnv...)
	cmd.SysProcAttr = workerAttr()
	files, err := pipes(3)
	if err != nil {
		return nil, err
	}
	inR, inW, outR, outW, errR, errW := files[0], files[1], files[2], files[3], files[4], files[5]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	p := newProc(backing, inW, outR, errR)
	p.kill = func() { cmd.Process.Kill() }
	go func() {
		err := cmd.Wait()
		p.exit = describeExit(cmd.ProcessState, err)
		close(p.exited)
	}()
	return p, nil
}

// pipes makes n pipes and returns their ends as read, write, read, write, ….
func pipes(n int) ([]*os.File, error) {
	var files []*os.File
	for range n {
		r, w, err := os.Pipe()
		if err != nil {
			for _, f := range files {
				f.Close()
			}
			return nil, err
		}
		files = append(files, r, w)
	}
	return files, nil
}

func newProc(backing string, in io.WriteCloser, out io.ReadCloser, stderr io.Reader) *proc {
	p := &proc{backing: backing, in: in, out: out, wr: newWriter(in), rd: newReader(out),
		stderr: newTail(stderr, stderrLines), exited: make(chan struct{})}
	return p
}

// stop tells the worker to stop by closing its stdin; it is safe to call from any
// goroutine and more than once.
func (p *proc) stop() {
	p.stopOnce.Do(func() { p.in.Close() })
}

// end stops the worker, waits (killing it after exitGrace) until it has ended, and
// closes the coordinator's ends of its pipes.
func (p *proc) end() {
	p.stop()
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		p.kill()
		<-p.exited
	}
	p.out.Close()
}

// arm starts the watchdog's clock for a reply; disarm stops it.
func (p *proc) arm(w *watchdog) { p.deadline.Store(w.now() + int64(w.timeout)) }
func (p *proc) disarm()         { p.deadline.Store(0) }

// recv reads the next message under the watchdog and turns a fail message into an
// error.
func (p *proc) recv(w *watchdog) (msgType, error) {
	p.arm(w)
	t, err := p.rd.next()
	p.disarm()
	if err == nil && t == msgFail {
		return t, &failReport{p.rd.text()}
	}
	return t, err
}

// failReport is an error a worker reported itself.
type failReport struct{ text string }

// Error is the worker's words; a failure that came without any still says what
// happened, so that no failure reads as an empty line.
func (e *failReport) Error() string {
	if e.text == "" {
		return "the worker reported a failure without saying what it was"
	}
	return e.text
}

// hello sends the handshake, with the CPU to pin the frame thread to (-1: none), and
// reads the worker's answer.
func (p *proc) hello(w *watchdog, c *Config, cpu int) (readyBody, error) {
	var r readyBody
	h := helloBody{Workload: c.Workload, Params: c.Params, Backing: p.backing, Counters: c.Counters, Cache: c.Cache, CPU: cpu, Pages: c.Pages}
	if err := putHandshake(p.wr, msgHello, h); err != nil {
		return r, err
	}
	t, err := p.recv(w)
	if err != nil {
		return r, err
	}
	if t != msgReady {
		return r, fmt.Errorf("protocol: %v message instead of ready", t)
	}
	return r, getHandshake(p.rd, t, &r)
}

// load asks the worker to load and passes its progress to progress until it reports
// the load done.
func (p *proc) load(w *watchdog, rec *loadRecord, progress func(float64)) error {
	p.wr.start(msgLoad)
	if err := p.wr.flush(); err != nil {
		return err
	}
	for {
		t, err := p.recv(w)
		if err != nil {
			return err
		}
		switch t {
		case msgProgress:
			f, err := getProgress(p.rd)
			if err != nil {
				return err
			}
			progress(f)
		case msgLoaded:
			return getLoaded(p.rd, rec)
		default:
			return fmt.Errorf("protocol: %v message during the load", t)
		}
	}
}

// burst asks the worker to run frames first … first+len(dst)-1 and reads their
// samples into dst. It is the coordinator's frame path: it allocates nothing. The
// watchdog's clock runs from the request to the first sample, which the worker sends
// once the whole burst has run, and again for each of the others.
func (p *proc) burst(w *watchdog, first int, dst []result.Sample) error {
	if err := putBurst(p.wr, first, len(dst)); err != nil {
		return err
	}
	for k := range dst {
		t, err := p.recv(w)
		if err != nil {
			return err
		}
		if t != msgSample {
			return fmt.Errorf("protocol: %v message instead of a sample", t)
		}
		if err := getSample(p.rd, &dst[k]); err != nil {
			return err
		}
		if dst[k].Frame != first+k {
			return fmt.Errorf("protocol: sample of frame %d when %d was due", dst[k].Frame, first+k)
		}
	}
	return nil
}

// pin asks the worker to run its frames on cpu and returns where they now run, in
// its words ("CPU 0", or why not).
func (p *proc) pin(w *watchdog, cpu int) (string, error) {
	if err := putPin(p.wr, cpu); err != nil {
		return "", err
	}
	t, err := p.recv(w)
	if err != nil {
		return "", err
	}
	if t != msgPinned {
		return "", fmt.Errorf("protocol: %v message instead of pinned", t)
	}
	return p.rd.text(), nil
}

// scene asks the worker for its scene and reads it into dst.
func (p *proc) scene(w *watchdog, dst *workload.Scene) error {
	if err := p.ask(w, msgScene, msgSceneData, "a scene"); err != nil {
		return err
	}
	return getScene(p.rd, dst)
}

// layout asks the worker for its layout and reads it into dst.
func (p *proc) layout(w *watchdog, dst *memlayout.Layout) error {
	if err := p.ask(w, msgLayout, msgLayoutData, "a layout"); err != nil {
		return err
	}
	return getLayout(p.rd, dst)
}

// ask sends the bodiless request req and waits for the reply, which must be of type
// want (what names it for the error); the caller then reads the reply's body.
func (p *proc) ask(w *watchdog, req, want msgType, what string) error {
	p.wr.start(req)
	if err := p.wr.flush(); err != nil {
		return err
	}
	t, err := p.recv(w)
	if err != nil {
		return err
	}
	if t != want {
		return fmt.Errorf("protocol: %v message instead of %s", t, what)
	}
	return nil
}

// failure ends a worker that failed with err and describes how it went, for the
// backing's error: what the coordinator saw, how the process ended, its last words.
func (p *proc) failure(err error) *WorkerError {
	// A worker whose output ended is dying: give it a moment to go by itself, so that
	// its own exit status is what is reported, not the kill that would follow.
	own := true
	select {
	case <-p.exited:
	case <-time.After(500 * time.Millisecond):
		own = false
		p.kill()
	}
	p.end()
	e := &WorkerError{Backing: p.backing, Exit: p.exit, Stderr: p.stderr.lines()}
	var fr *failReport
	switch {
	case p.hung.Load():
		e.Reason = "hung: no reply within the timeout, so the lab killed it"
	case errors.As(err, &fr):
		e.Reason = fr.text
	case errors.Is(err, io.EOF) || errors.Is(err, errTruncated):
		e.Reason = "the worker ended unexpectedly"
	default:
		e.Reason = err.Error()
	}
	switch {
	case !own:
		e.Exit += " (killed by the lab)"
	case !p.hung.Load() && strings.Contains(e.Exit, "signal 9"):
		e.Exit += ", perhaps out of memory"
	}
	return e
}
