//go:build !unix

package lab

import "runtime"

// usageNow cannot be read here: the lab reads a process's page faults and CPU time
// with getrusage, which this system does not have. It says so, for the record.
func usageNow() (usage, string) { return usage{}, usageUnread(runtime.GOOS) }
