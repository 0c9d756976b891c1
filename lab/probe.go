package lab

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"localitylab/lab/probe"
	"localitylab/lab/result"
)

// probeMemoryShare is the share of the memory available that a probe may take: its
// buffer, four times the last cache, is the largest of its working sets.
const probeMemoryShare = 4

// ProbeConfig asks for a probe of the machine (see package probe).
type ProbeConfig struct {
	Kind  string    // result.ProbeShort or result.ProbeFull; "" is result.ProbeShort
	Pages PagesMode // the pages of the probe's buffer, as a run's heap; "" is DefaultPages
	// Progress, when not nil, is told each measurement as it ends, in the caller's
	// goroutine.
	Progress  func(probe.Step)
	Worker    []string      // argv that starts the worker (see ProbeWorker); nil = this executable's
	WorkerEnv []string      // extra environment for the worker (tests)
	Timeout   time.Duration // the worker silent this long is declared hung; 0 = DefaultTimeout
}

// Probe measures the machine in a worker process of its own (the process that asks
// runs no measuring code), on the CPU a run's frames would get now (the least busy,
// watched as a fork's frames' is) and with its buffer in the pages a run's heap gets:
// the probe's figures are those a run's frames meet. It returns the probe's record,
// checked, or why there is none: ctx's error when ctx was cancelled (the worker is
// stopped and gone by then), a *WorkerError when the worker failed.
func Probe(ctx context.Context, c ProbeConfig) (*result.Probe, error) {
	req, err := c.request()
	if err != nil {
		return nil, err
	}
	argv := c.Worker
	if argv == nil {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		argv = ProbeWorker([]string{exe})
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := spawnProcess(&Config{Worker: argv, WorkerEnv: c.WorkerEnv}, "probe")
	if err != nil {
		return nil, fmt.Errorf("the probe's worker cannot start: %w", err)
	}
	timeout := c.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	dog := newWatchdog(timeout, []*proc{p})
	defer dog.stop()
	stop := context.AfterFunc(ctx, p.stop)
	defer stop()
	rec, err := p.probe(dog, &req, c.Progress)
	if ctx.Err() != nil {
		p.end()
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, p.failure(err)
	}
	p.end()
	return rec, nil
}

// ProbeWorkerCommand is the hidden subcommand by which a program serves a probe
// (ServeProbe), as "worker" serves a backing (ServeWorker).
const ProbeWorkerCommand = "probe-worker"

// ProbeWorker is the argv that starts a probe's worker (ProbeConfig.Worker) from
// the program that serves it: program's argv (a copy) followed by
// ProbeWorkerCommand. Nil for nil: the probe then starts this executable's.
func ProbeWorker(program []string) []string {
	if program == nil {
		return nil
	}
	return append(slices.Clone(program), ProbeWorkerCommand)
}

// ShortProbe is the probe a saved file carries by default: the short one, in the
// run's page mode. A caller takes it once and keeps it with its time.
func ShortProbe(ctx context.Context, pages PagesMode) (*result.Probe, error) {
	return Probe(ctx, ProbeConfig{Kind: result.ProbeShort, Pages: pages})
}

// request checks c and makes the worker's request: the CPU chosen now, the memory
// the probe may take.
func (c *ProbeConfig) request() (probeRequest, error) {
	req := probeRequest{Kind: c.Kind, Pages: c.Pages, CPU: -1}
	if req.Kind == "" {
		req.Kind = result.ProbeShort
	}
	if req.Kind != result.ProbeShort && req.Kind != result.ProbeFull {
		return req, fmt.Errorf("kind: %q (want %s or %s)", c.Kind, result.ProbeShort, result.ProbeFull)
	}
	if req.Pages == "" {
		req.Pages = DefaultPages
	}
	if _, err := ParsePagesMode(string(req.Pages)); err != nil {
		return req, fmt.Errorf("pages: %w", err)
	}
	if c.Timeout < 0 {
		return req, fmt.Errorf("timeout: %v is negative (want 0 for the default of %v, or more)", c.Timeout, DefaultTimeout)
	}
	if c.Worker != nil && len(c.Worker) == 0 {
		return req, errors.New("worker: empty command (want nil for this executable, or an argv)")
	}
	if cpu := frameCPU(); cpu >= 0 {
		ch := chooseCPU(cpu, cpuWindow)
		req.CPU, req.CPUWhy = ch.CPU, ch.Why
	} else {
		req.CPUWhy = unpinnedWhy()
	}
	if avail, ok := availableMemory(); ok {
		req.MaxBytes = int64(avail / probeMemoryShare)
	}
	return req, nil
}

// probe sends the request and reads the steps, passing them to progress, until the
// record comes.
func (p *proc) probe(w *watchdog, req *probeRequest, progress func(probe.Step)) (*result.Probe, error) {
	if err := putHandshake(p.wr, msgProbe, req); err != nil {
		return nil, err
	}
	for {
		t, err := p.recv(w)
		if err != nil {
			return nil, err
		}
		switch t {
		case msgProbeStep:
			s, err := getProbeStep(p.rd)
			if err != nil {
				return nil, err
			}
			if progress != nil {
				progress(s)
			}
		case msgProbeData:
			return getProbeData(p.rd)
		default:
			return nil, fmt.Errorf("protocol: %v message during a probe", t)
		}
	}
}
