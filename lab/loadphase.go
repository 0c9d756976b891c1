package lab

import (
	"runtime"
	"time"

	"localitylab/lab/result"
	"localitylab/lab/rtmetrics"
	"localitylab/scenarios/workload"
)

// phaseClock times the phases of one load (see workload.Phase) and measures the live
// heap each adds. At each phase's end it runs a GC and reads the heap; the GC is not
// in any phase's time. A load that marks no phase is one phase, workload.DefaultPhase.
type phaseClock struct {
	rt      *rtmetrics.Reader
	snap    rtmetrics.Snapshot
	cur     loadPhase
	started time.Time
	heapAt  uint64 // live heap after the GC that ended the last phase
	done    []loadPhase
}

// start begins the load's first phase; heap is the live heap after a GC.
func (c *phaseClock) start(rt *rtmetrics.Reader, heap uint64) {
	c.rt, c.heapAt, c.done = rt, heap, nil
	c.cur = loadPhase{Name: workload.DefaultPhase, Kind: workload.Building}
	c.started = time.Now()
}

// next ends the current phase and begins the named one; it is the workload.PhaseFunc
// the worker puts in the load's context.
func (c *phaseClock) next(name string, kind workload.PhaseKind) {
	c.close()
	c.cur = loadPhase{Name: name, Kind: kind}
	c.started = time.Now()
}

// end ends the last phase and returns them all, phases of the same name and kind
// added up, in the order they first began. heapAt is then the live heap after the load.
func (c *phaseClock) end() []loadPhase {
	c.close()
	return c.done
}

func (c *phaseClock) close() {
	ns := int64(time.Since(c.started))
	runtime.GC()
	c.rt.Read(&c.snap)
	heap := int64(c.snap.HeapLive) - int64(c.heapAt)
	c.heapAt = c.snap.HeapLive
	for i := range c.done {
		if d := &c.done[i]; d.Name == c.cur.Name && d.Kind == c.cur.Kind {
			d.NS += ns
			d.Heap += heap
			return
		}
	}
	c.cur.NS, c.cur.Heap = ns, heap
	c.done = append(c.done, c.cur)
}

// loadResult turns what a worker measured around a load into the result's Load: the
// load time is that of the building and fixed phases, setup phases are timed apart,
// and the bytes per entity leave out the fixed phases' heap.
func loadResult(rec *loadRecord) result.Load {
	ld := result.Load{Entities: int(rec.Entities), HeapBytes: rec.HeapAfter, RSSBytes: rec.RSS}
	for _, p := range rec.Phases {
		switch p.Kind {
		case workload.Setup:
			ld.SetupNS += p.NS
		case workload.Fixed:
			ld.NS += p.NS
			ld.FixedBytes += p.Heap
		default:
			ld.NS += p.NS
		}
		ld.Phases = append(ld.Phases, result.Phase{Name: p.Name, Kind: p.Kind.String(), NS: p.NS, HeapBytes: p.Heap})
	}
	if added := int64(rec.HeapAfter) - int64(rec.HeapBefore) - ld.FixedBytes; rec.Entities > 0 && added > 0 {
		ld.BytesPerEntity = float64(added) / float64(rec.Entities)
	}
	return ld
}
