package result

// A figure a worker could not measure is absent from the record, never 0: the share
// of a heap in huge pages (Pages.HugeShare) and a load's page faults and CPU time
// (Load.MinorFaults, UserNS, SysNS), beside a note that says why. These read and
// write them, so that every view can print "n/a" with the reason.

// NotRecorded is why a figure is absent from a file that records nothing of it: it
// was written before the figure was recorded.
const NotRecorded = "not recorded in this file"

// Measured is a figure that was measured, as the record holds it.
func Measured[T any](x T) *T { return &x }

// Share is the share of the heap in huge pages, and whether it was measured.
func (p *Pages) Share() (float64, bool) {
	if p.HugeShare == nil {
		return 0, false
	}
	return *p.HugeShare, true
}

// ShareMissing says why the share of a pages record is absent.
func (p *Pages) ShareMissing() string {
	if p.Note != "" {
		return p.Note
	}
	return "not measured"
}

// Faults is the load's minor page faults, and whether they were measured.
func (l *Load) Faults() (int64, bool) {
	if l.MinorFaults == nil {
		return 0, false
	}
	return *l.MinorFaults, true
}

// CPU is the load's CPU time in user code and in the kernel, and whether it was
// measured (a file written before either could be absent leaves out a 0).
func (l *Load) CPU() (user, sys int64, ok bool) {
	if l.UserNS == nil && l.SysNS == nil {
		return 0, 0, false
	}
	if l.UserNS != nil {
		user = *l.UserNS
	}
	if l.SysNS != nil {
		sys = *l.SysNS
	}
	return user, sys, true
}

// UsageMissing says why the load's page faults or CPU time are absent: what the
// worker noted, or that the file does not record them.
func (l *Load) UsageMissing() string {
	if l.UsageNote != "" {
		return l.UsageNote
	}
	return NotRecorded
}

// SetUsage records the load's page faults and CPU time, measured.
func (l *Load) SetUsage(faults, userNS, sysNS int64) {
	l.MinorFaults, l.UserNS, l.SysNS, l.UsageNote = Measured(faults), Measured(userNS), Measured(sysNS), ""
}

// hugeShareRange is the lowest and highest share of heap in huge pages over the
// records that measured one; ok is false when none did.
func hugeShareRange(pages []Pages, lo, hi float64, ok bool) (float64, float64, bool) {
	for i := range pages {
		x, measured := pages[i].Share()
		if pages[i].Mode == "" || !measured {
			continue
		}
		if !ok {
			lo, hi, ok = x, x, true
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi, ok
}

// shareMissing is why the first record of pages that holds no share has none, ""
// when every record that was made holds one.
func shareMissing(pages []Pages) string {
	for i := range pages {
		if _, ok := pages[i].Share(); pages[i].Mode != "" && !ok {
			return pages[i].ShareMissing()
		}
	}
	return ""
}

// HugeShareMissing says why a record of the backing's pages holds no share of heap
// in huge pages; "" when every one that was made holds one, or none was made.
func (b *Backing) HugeShareMissing() string { return shareMissing(b.PagesByFork()) }

// HugeShareMissing says why a record of backing i's pages at some point of the
// sweep holds no share of heap in huge pages; "" when every one that was made
// holds one, or none was made.
func (s *Sweep) HugeShareMissing(i int) string {
	for k := range s.Points {
		if p := &s.Points[k]; i < len(p.Backings) {
			if why := shareMissing(p.Backings[i].PagesByFork()); why != "" {
				return why
			}
		}
	}
	return ""
}

// HugeShareMissing says why some backing of the run has no share of heap in huge
// pages in a record of its pages: the first such backing's note; "" when every
// record made holds one.
func (r *Run) HugeShareMissing() string {
	for i := range r.Backings {
		if why := r.Backings[i].HugeShareMissing(); why != "" {
			return why
		}
	}
	return ""
}

// LoadAverageMissing says why the run or sweep measured on host records no load
// average (a is nil). The lab reads it where Linux gives it, so a file from another
// system never has one. A Linux file without one was written before it was recorded.
func LoadAverageMissing(a *LoadAverage, host Host) string {
	switch {
	case a != nil:
		return ""
	case host.OS != "" && host.OS != "linux":
		return "not measured on " + host.OS + ", which gives the lab no load average"
	}
	return NotRecorded
}
