// Package probe measures the machine on its own, as a program sees it from one
// core: the latency ladder (one dependent load after another through a random cycle
// over working sets from 4 KiB to past the last cache, as lmbench's lat_mem_rd), the
// cache levels its plateaus show beside those the system reports, and one core's
// streaming read bandwidth at each level and from memory. The figures are the
// ceilings a backing's frame meets: a scattered load costs the ladder's latency at
// the backing's working set, a streamed one the bandwidth's share.
//
// It measures in the calling process, on the calling thread, with the clock and
// the buffer it is handed: package lab runs it in a worker process pinned as a run's
// frame threads are, in the run's page mode and by its frames' clock (lab.Probe),
// never in a process that prints.
package probe

import (
	"context"
	"fmt"
	"time"

	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

// Step is the probe's progress: Done of Of measurements (ladder points, then
// bandwidths; Of may grow by the levels found), the last being What.
type Step struct {
	Done, Of int
	What     string
}

// Measure runs the probe plan asks for over buf (at least plan.BufferBytes long,
// written by nobody else while it runs), timing it by clock, telling progress (when
// not nil) after each measurement. It stops with ctx's error when ctx is cancelled.
// The record's CPU and Pages are the caller's to fill in: they are where the caller
// ran it and what the buffer's pages were.
func Measure(ctx context.Context, plan Plan, buf []uint64, clock Clock, progress func(Step)) (*result.Probe, error) {
	if int64(len(buf))*8 < plan.BufferBytes() {
		return nil, fmt.Errorf("probe: a buffer of %d bytes for a plan that reads %d", len(buf)*8, plan.BufferBytes())
	}
	if plan.Line%8 != 0 || plan.Line < 8 {
		return nil, fmt.Errorf("probe: a line of %d bytes (want a multiple of 8)", plan.Line)
	}
	if progress == nil {
		progress = func(Step) {}
	}
	start := time.Now()
	m := &meter{plan: &plan, buf: buf, timer: newTimer(clock), stride: plan.Line / 8,
		perm:     make([]uint32, plan.BufferBytes()/int64(plan.Line)),
		progress: progress, of: plan.Passes*len(plan.Sizes) + len(plan.Reported) + 1}
	p := &result.Probe{Schema: result.ProbeSchema, Kind: plan.Kind, Taken: start, Clock: clock.Name(),
		LineBytes: plan.Line, LineNote: plan.LineNote, Repetitions: plan.Reps * plan.Passes, ReportedNote: plan.ReportedNote}
	for _, l := range plan.Reported {
		p.Reported = append(p.Reported, result.CacheLevel{Level: l.Level, Type: l.Type, Bytes: l.Bytes, LineBytes: l.LineBytes, NotUsed: l.NotUsed})
	}
	ladder, err := m.points(ctx, plan.Sizes)
	if err != nil {
		return nil, err
	}
	p.Ladder = ladder
	if more := refinements(p.Ladder, plan.Refine, int64(plan.Line)); len(more) > 0 {
		m.of += plan.Passes * len(more)
		pts, err := m.points(ctx, more)
		if err != nil {
			return nil, err
		}
		for _, pt := range pts {
			p.Ladder = insertPoint(p.Ladder, pt)
		}
	}
	m.perm = nil // the bandwidths need no cycle
	p.Levels, p.Memory = findLevels(p.Ladder, plan.ReachesMemory)
	p.Disagreements = nameLevels(p.Levels, plan.Reported)
	ramps := rampNotes(p.Ladder, p.Levels)
	m.of = m.done + len(p.Levels) + 1
	for _, l := range p.Levels {
		bw, err := m.stream(ctx, l.Name, max(l.Bytes/2/int64(plan.Line), 1)*int64(plan.Line))
		if err != nil {
			return nil, err
		}
		p.Bandwidth = append(p.Bandwidth, bw)
		m.tell("bandwidth in " + l.Name)
	}
	bw, err := m.stream(ctx, "memory", plan.MemoryBytes())
	if err != nil {
		return nil, err
	}
	p.Bandwidth = append(p.Bandwidth, bw)
	m.tell("bandwidth from memory")
	p.Notes = append(p.Notes, plan.Notes...)
	p.Notes = append(p.Notes, ramps...)
	p.Notes = append(p.Notes, interruptedNote(p)...)
	p.DurationNS = int64(time.Since(start))
	return p, nil
}

// interruptedNote says how many repetitions were kept though another process
// interrupted them, if any were.
func interruptedNote(p *result.Probe) []string {
	kept, all := 0, 0
	for _, q := range p.Ladder {
		kept, all = kept+q.Interrupted, all+q.Reps
	}
	for _, b := range p.Bandwidth {
		kept, all = kept+b.Interrupted, all+b.Reps
	}
	if kept == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%d of %d repetitions were interrupted by another process even after running again: the machine was busy", kept, all)}
}

// Reported returns the caches the system reports, for NewPlan, each judged as
// cpucache judges it: one that cannot be this machine's (a guest shown its host's
// 480 MiB L3) carries why (NotUsed), so that NewPlan sizes the ladder from the last
// level the lab uses (cpucache.LastLevel), the levels found never take its size,
// and the record keeps it only with the reason. None, and why, where the system
// reports none.
func Reported() ([]cpucache.Level, string) {
	levels, err := cpucache.Levels()
	if err != nil {
		return nil, err.Error()
	}
	return levels, ""
}
