package lab

import (
	"context"
	"errors"
	"fmt"
	"io"

	"runtime"

	"localitylab/lab/probe"
	"localitylab/lab/result"
)

// ServeProbe is the worker side of a probe (see Probe), behind the binary's hidden
// probe-worker subcommand: it reads the request, pins its thread where the request
// says (the others to the other CPUs, as a run's worker does), maps the probe's
// buffer in the request's page mode, runs the probe, sending its progress, and sends
// the record. The end of its input (the coordinator stopping it) cancels the probe,
// and it ends quietly. An error is also sent as a fail message before it is
// returned.
//
// The probe has a subcommand of its own rather than a command in a backing's
// session: it needs no workload, store, load nor frames, and a session of one
// request and one answer keeps the backing worker's protocol as it is.
func ServeProbe(in io.Reader, out io.Writer) error {
	runtime.LockOSThread() // for good: the thread is pinned, and the probe times it
	rd, wr := newReader(in), newWriter(out)
	err := serveProbe(rd, wr)
	if errors.Is(err, errStop) {
		return nil
	}
	if err != nil {
		wr.send(msgFail, []byte(err.Error())) // best effort: the coordinator may be gone
	}
	return err
}

func serveProbe(rd *reader, wr *writer) error {
	t, err := rd.next()
	if err == io.EOF {
		return errStop
	}
	if err != nil {
		return err
	}
	if t != msgProbe {
		return fmt.Errorf("protocol: %v message before probe", t)
	}
	var req probeRequest
	if err := getHandshake(rd, t, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	pagesNote := startPages(req.Pages)
	where := probeCPU(req)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // any message, or the end of input, stops the probe
		rd.next()
		cancel()
	}()
	reported, why := probe.Reported()
	plan, err := probe.NewPlan(req.Kind, reported, why, req.MaxBytes)
	if err != nil {
		return err
	}
	buf, pages, free, err := probeBuffer(plan.BufferBytes(), req.Pages, pagesNote)
	if err != nil {
		return err
	}
	defer free()
	rec, err := probe.Measure(ctx, plan, buf, probeClock(), func(s probe.Step) {
		if putJSON(wr, msgProbeStep, s) != nil {
			cancel() // the coordinator is gone
		}
	})
	if ctx.Err() != nil {
		return errStop
	}
	if err != nil {
		return err
	}
	rec.CPU, rec.Pages = where, pages
	return putJSON(wr, msgProbeData, rec)
}

// probeCPU pins the calling thread where req asks and says where it runs, as a
// run's record says where a backing's frames ran.
func probeCPU(req probeRequest) result.FrameCPU {
	if req.CPU < 0 {
		return result.FrameCPU{CPU: -1, Why: req.CPUWhy}
	}
	if err := pinThread(req.CPU); err != nil {
		return result.FrameCPU{CPU: -1, Why: fmt.Sprintf("not pinned (CPU %d: %v); chosen: %s", req.CPU, err, req.CPUWhy)}
	}
	return result.FrameCPU{CPU: req.CPU, Why: req.CPUWhy}
}

// probeClock is what times a probe: the clock a run's frames would be timed by,
// chosen the same way on the calling thread (openTimer): the thread's CPU clock
// where it can be read and is fine enough, else the system's finest wall clock
// (Windows: the performance counter, not time.Now's timer tick).
func probeClock() probe.Clock {
	c := &threadProbeClock{}
	if _, cpu := openTimer(&c.c, true); !cpu {
		return &wallProbeClock{c: &c.c}
	}
	return c
}

// threadProbeClock is threadClock's CPU clock as a probe.Clock.
type threadProbeClock struct{ c threadClock }

func (t *threadProbeClock) Name() string    { return result.ClockThreadCPU }
func (t *threadProbeClock) NS() int64       { return t.c.cpuNS() }
func (t *threadProbeClock) Switches() int64 { return t.c.switches() }

// wallProbeClock is threadClock's wall clock as a probe.Clock.
type wallProbeClock struct{ c *threadClock }

func (t *wallProbeClock) Name() string    { return result.ClockWall }
func (t *wallProbeClock) NS() int64       { return t.c.wallNS() }
func (t *wallProbeClock) Switches() int64 { return -1 }
