package lab

// usage is the process's resource use, cumulative (see usageNow), or the part of it
// one phase of a load took.
type usage struct {
	faults        int64 // minor page faults
	userNS, sysNS int64 // CPU time in user code and in the kernel
}

func (u usage) minus(v usage) usage {
	return usage{u.faults - v.faults, u.userNS - v.userNS, u.sysNS - v.sysNS}
}
