package lab

import (
	"context"
	"runtime"
	"runtime/debug"
	"testing"

	"localitylab/lab/rtmetrics"
	"localitylab/workloads/workload"
)

// sink keeps what the phases below allocate reachable until the test says otherwise.
var sink [][]byte

// TestPhaseClockMemory runs a load of three phases through a phaseClock: a building
// phase that grows a slice by append, as a vector grown one element at a time does, a
// setup phase that allocates garbage, and a fixed phase that allocates what it keeps.
// Each phase's bytes allocated must cover what it allocated; the building phase must
// have touched fresh pages (where the faults can be read) and let go of the slices it
// outgrew; and the load's figures must leave the setup phase out.
func TestPhaseClockMemory(t *testing.T) {
	const grown, garbage, kept = 64 << 20, 32 << 20, 8 << 20
	rt := rtmetrics.New()
	// Give the heap's free memory back to the system, so that the growth below cannot
	// be served by pages an earlier test left behind without faulting them in again.
	debug.FreeOSMemory()
	var before rtmetrics.Snapshot
	rt.Read(&before)
	var c phaseClock
	c.start(rt, before.HeapLive)
	var v []byte
	for len(v) < grown {
		v = append(v, make([]byte, 4096)...)
	}
	sink = append(sink, v)
	c.next("aging", workload.Setup)
	for range garbage >> 20 {
		sink = append(sink, make([]byte, 1<<20))
	}
	sink = sink[:1]
	c.next("table", workload.Fixed)
	sink = append(sink, make([]byte, kept))
	phases := c.end()
	rec := loadRecord{Phases: phases, Entities: 1, HeapBefore: before.HeapLive, HeapAfter: c.heapAt}
	ld := loadResult(&rec)
	runtime.KeepAlive(sink)
	sink = nil

	if len(phases) != 3 {
		t.Fatalf("%d phases, want 3", len(phases))
	}
	build, aging, table := phases[0], phases[1], phases[2]
	if build.Alloc < grown || aging.Alloc < garbage || table.Alloc < kept {
		t.Errorf("allocated %d, %d and %d bytes; want at least %d, %d and %d", build.Alloc, aging.Alloc, table.Alloc, grown, garbage, kept)
	}
	faults, faultsOK := ld.Faults()
	user, sys, cpuOK := ld.CPU()
	if _, why := usageNow(); why == "" {
		if !faultsOK || !cpuOK || ld.UsageNote != "" {
			t.Errorf("faults and CPU time read, but the load has them measured %v, %v (note %q)", faultsOK, cpuOK, ld.UsageNote)
		}
		if build.Faults < grown/int64(4*4096) {
			t.Errorf("the building phase took %d minor faults growing a %d-byte slice; want at least a quarter of its pages", build.Faults, grown)
		}
		if build.UserNS+build.SysNS <= 0 || user != build.UserNS+table.UserNS || sys != build.SysNS+table.SysNS {
			t.Errorf("CPU time: building %d+%d ns, table %d+%d, load %d+%d; want the load's the building and fixed phases' sum",
				build.UserNS, build.SysNS, table.UserNS, table.SysNS, user, sys)
		}
		if want := build.Faults + table.Faults; faults != want {
			t.Errorf("load took %d faults, want the building and fixed phases' %d", faults, want)
		}
	} else if faultsOK || cpuOK || ld.UsageNote != why {
		t.Errorf("faults and CPU time not read here (%s), but the load has them measured %v, %v, note %q", why, faultsOK, cpuOK, ld.UsageNote)
	}
	if got, want := ld.AllocBytes, build.Alloc+table.Alloc; got != want {
		t.Errorf("load allocated %d bytes, want the building and fixed phases' %d (not the setup phase's)", got, want)
	}
	// Grown by append, the slice was reallocated at each growth: what it outgrew is
	// about as large again as what it holds, and all of it was let go.
	if ld.FreedLateBytes < grown/2 || ld.FreedLateBytes > int64(ld.AllocBytes) {
		t.Errorf("freed late %d bytes of %d allocated; want at least %d (the outgrown slices)", ld.FreedLateBytes, ld.AllocBytes, grown/2)
	}
}

// TestLoadMemoryMeasured runs a real load in a worker, the tiles map grown by append,
// and requires its memory figures to reach the run's result.
func TestLoadMemoryMeasured(t *testing.T) {
	c := testConfig(t, workload.RowVec)
	c.Workload = "tiles"
	c.Params = workload.Params{"entities": 20000, "cols": 64, "rows": 64, "span": 3, "window_w": 32, "window_h": 16, "growth": 1}
	c.Frames, c.Warmup = 2, 0
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	ld := r.Backings[0].Load
	if ld.AllocBytes < ld.HeapBytes/2 || ld.FreedLateBytes <= 0 || ld.FreedLateBytes > int64(ld.AllocBytes) {
		t.Errorf("load allocated %d bytes, freed late %d, holds %d: want an allocation as large as what it holds and the outgrown vectors let go",
			ld.AllocBytes, ld.FreedLateBytes, ld.HeapBytes)
	}
	faults, _ := ld.Faults()
	user, sys, _ := ld.CPU()
	if _, why := usageNow(); why == "" && (faults <= 0 || user+sys <= 0) {
		t.Errorf("load took %d minor faults and %d+%d ns of CPU time, want some of each", faults, user, sys)
	}
}
