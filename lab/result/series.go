package result

import "strconv"

// NewSeries turns a backing's frame samples, in frame order, into the Series a result
// file holds. The counter columns are nil (null in JSON) when no sample has counters,
// and the lookup columns nil (absent) when no frame resolved a handle.
func NewSeries(samples []Sample) Series {
	n := len(samples)
	s := Series{
		NS:         make([]int64, n),
		Allocs:     make([]uint64, n),
		AllocBytes: make([]uint64, n),
		HeapBytes:  make([]uint64, n),
		RSSBytes:   make([]uint64, n),
		GCCycles:   make([]uint64, n),
		GCPauseNS:  make([]uint64, n),
		GCWaitNS:   make([]uint64, n),
		GCCPUNS:    make([]uint64, n),
		Checksum:   make([]string, n),
	}
	counters, lookups, cpu, switches := false, false, false, false
	for i, x := range samples {
		s.NS[i], s.Allocs[i], s.AllocBytes[i] = x.NS, x.Allocs, x.AllocBytes
		s.HeapBytes[i], s.RSSBytes[i] = x.HeapBytes, x.RSSBytes
		s.GCCycles[i], s.GCPauseNS[i] = x.GCCycles, x.GCPauseNS
		s.GCWaitNS[i], s.GCCPUNS[i] = x.GCWaitNS, x.GCCPUNS
		s.Checksum[i] = FormatChecksum(x.Checksum)
		counters = counters || x.HasCounters
		lookups = lookups || x.Lookups > 0
		cpu = cpu || x.HasCPU
		switches = switches || x.HasSwitches
	}
	if cpu {
		s.WallNS = make([]int64, n)
		for i, x := range samples {
			s.WallNS[i] = x.WallNS
		}
	}
	if cpu && switches {
		s.Switches = make([]uint64, n)
		for i, x := range samples {
			s.Switches[i] = x.Switches
		}
	}
	if lookups {
		s.Lookups, s.LookupNS = make([]uint64, n), make([]uint64, n)
		for i, x := range samples {
			s.Lookups[i], s.LookupNS[i] = x.Lookups, x.LookupNS
		}
	}
	if counters {
		s.Instructions, s.Cycles, s.MemMisses = make([]uint64, n), make([]uint64, n), make([]uint64, n)
		for i, x := range samples {
			s.Instructions[i], s.Cycles[i], s.MemMisses[i] = x.Instructions, x.Cycles, x.MemMisses
		}
	}
	return s
}

// Len is the number of frames in the series.
func (s *Series) Len() int { return len(s.NS) }

// CPUTimed reports whether the frame times (NS) are the frame thread's CPU time, with
// the wall time beside them (WallNS), rather than wall time alone.
func (s *Series) CPUTimed() bool { return s.WallNS != nil }

// Interrupted reports whether frame f was interrupted (see the function Interrupted);
// never for a series timed by the wall clock alone, which cannot tell. Where the
// system counted no switches (Switches absent), by the two times alone.
func (s *Series) Interrupted(f int) bool {
	if !s.CPUTimed() {
		return false
	}
	var sw uint64
	if s.Switches != nil {
		sw = s.Switches[f]
	}
	return Interrupted(s.NS[f], s.WallNS[f], sw)
}

// HasCounters reports whether the series holds hardware-counter columns.
func (s *Series) HasCounters() bool { return s.Instructions != nil }

// FormatChecksum writes a checksum as the result files do: 16 lower-case hex digits.
// (JSON numbers lose precision past 2^53, so checksums travel as strings.)
func FormatChecksum(sum uint64) string {
	const digits = "0123456789abcdef"
	var b [16]byte
	for i := 15; i >= 0; i-- {
		b[i] = digits[sum&15]
		sum >>= 4
	}
	return string(b[:])
}

// ParseChecksum reads a checksum written by FormatChecksum.
func ParseChecksum(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, &strconv.NumError{Func: "ParseChecksum", Num: s, Err: strconv.ErrSyntax}
	}
	return strconv.ParseUint(s, 16, 64)
}
