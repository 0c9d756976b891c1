package lab

import "localitylab/lab/rtmetrics"

// rssFallback asks gopsutil, for systems without /proc.
func rssFallback() (uint64, error) { return rtmetrics.RSS() }
