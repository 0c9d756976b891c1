package lab

import (
	"cmp"
	"os"
	"runtime"

	"localitylab/lab/result"
	"localitylab/lab/rtmetrics"
	"localitylab/workloads/workload"
)

// phaseClock times the phases of one load (see workload.Phase) and measures the live
// heap each adds, and what each cost on the way: the bytes it allocated, the
// collections that ran, the minor page faults it took (fresh pages the process
// touched) and the CPU time of the whole process, in user code and in the kernel (where
// page faults are served). At each phase's end it reads those, then runs a GC and reads
// the heap; the GC is in none of a phase's figures. A load that marks no phase is one
// phase, workload.DefaultPhase.
type phaseClock struct {
	rt      *rtmetrics.Reader
	snap    rtmetrics.Snapshot
	cur     loadPhase
	wall    threadClock // its wall clock: the frames' (on Windows the performance counter, not time.Now's tick)
	started int64
	heapAt  uint64 // live heap after the GC that ended the last phase
	// allocAt, cyclesAt and usageAt are the allocated bytes, GC cycles and the
	// process's use at the current phase's start; usageWhy says why the use could not
	// be read, "" when it was.
	allocAt, cyclesAt uint64
	usageAt           usage
	usageWhy          string
	done              []loadPhase
}

// start begins the load's first phase; heap is the live heap after a GC.
func (c *phaseClock) start(rt *rtmetrics.Reader, heap uint64) {
	c.rt, c.heapAt, c.done = rt, heap, nil
	c.rt.Read(&c.snap)
	c.mark()
	c.cur = loadPhase{Name: workload.DefaultPhase, Kind: workload.Building}
	c.started = c.wall.wallNS()
}

// mark notes where the next phase starts: the allocated bytes and GC cycles of the
// last snapshot, and the process's use so far.
func (c *phaseClock) mark() {
	c.allocAt, c.cyclesAt = c.snap.AllocBytes, c.snap.GCCycles
	c.usageAt, c.usageWhy = usageNow()
}

// next ends the current phase and begins the named one; it is the workload.PhaseFunc
// the worker puts in the load's context.
func (c *phaseClock) next(name string, kind workload.PhaseKind) {
	c.close()
	c.cur = loadPhase{Name: name, Kind: kind}
	c.started = c.wall.wallNS()
}

// end ends the last phase and returns them all, phases of the same name and kind
// added up, in the order they first began. heapAt is then the live heap after the load.
func (c *phaseClock) end() []loadPhase {
	c.close()
	return c.done
}

func (c *phaseClock) close() {
	ns := max(c.wall.wallNS()-c.started, 0)
	var used usage
	u, why := usageNow()
	why = cmp.Or(c.usageWhy, why)
	if why == "" {
		used = u.minus(c.usageAt)
	}
	c.rt.Read(&c.snap)
	alloc, cycles := c.snap.AllocBytes-c.allocAt, c.snap.GCCycles-c.cyclesAt
	runtime.GC()
	c.rt.Read(&c.snap)
	heap := int64(c.snap.HeapLive) - int64(c.heapAt)
	c.heapAt = c.snap.HeapLive
	c.mark()
	for i := range c.done {
		if d := &c.done[i]; d.Name == c.cur.Name && d.Kind == c.cur.Kind {
			d.NS += ns
			d.Heap += heap
			d.Faults += used.faults
			d.UserNS += used.userNS
			d.SysNS += used.sysNS
			d.Alloc += alloc
			d.GCs += cycles
			d.UsageNote = cmp.Or(d.UsageNote, why)
			return
		}
	}
	c.cur.NS, c.cur.Heap, c.cur.Alloc, c.cur.GCs = ns, heap, alloc, cycles
	c.cur.Faults, c.cur.UserNS, c.cur.SysNS, c.cur.UsageNote = used.faults, used.userNS, used.sysNS, why
	c.done = append(c.done, c.cur)
}

// loadResult turns what a worker measured around a load into the result's Load: the
// load time is that of the building and fixed phases, setup phases are timed apart,
// and the bytes per entity leave out the fixed phases' heap. The memory the load cost
// on the way (faults, bytes allocated, collections, and the bytes it let go of) is
// that of the phases counted in its time; where a phase could not read the faults
// and CPU time, the load has none, and the note says why.
func loadResult(rec *loadRecord) result.Load {
	ld := result.Load{Entities: int(rec.Entities), HeapBytes: rec.HeapAfter, RSSBytes: rec.RSS}
	var kept int64
	var used usage
	why := ""
	for _, p := range rec.Phases {
		switch p.Kind {
		case workload.Setup:
			ld.SetupNS += p.NS
		case workload.Fixed:
			ld.FixedBytes += p.Heap
		}
		if p.Kind != workload.Setup {
			ld.NS += p.NS
			used = usage{used.faults + p.Faults, used.userNS + p.UserNS, used.sysNS + p.SysNS}
			why = cmp.Or(why, p.UsageNote)
			ld.AllocBytes += p.Alloc
			ld.GCCycles += p.GCs
			kept += p.Heap
		}
		ld.Phases = append(ld.Phases, result.Phase{Name: p.Name, Kind: p.Kind.String(), NS: p.NS, HeapBytes: p.Heap})
	}
	if added := int64(rec.HeapAfter) - int64(rec.HeapBefore) - ld.FixedBytes; rec.Entities > 0 && added > 0 {
		ld.BytesPerEntity = float64(added) / float64(rec.Entities)
	}
	if why != "" {
		ld.UsageNote = why
	} else {
		ld.SetUsage(used.faults, used.userNS, used.sysNS)
	}
	if used.faults > 0 {
		ld.PageBytes = int64(os.Getpagesize())
	}
	if dropped := int64(ld.AllocBytes) - kept; dropped > 0 {
		ld.FreedLateBytes = dropped
	}
	return ld
}
