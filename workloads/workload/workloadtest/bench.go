package workloadtest

import (
	"testing"

	"localitylab/workloads/workload"
)

// EachBacking runs bench once per built-in backing, as the sub-benchmark
// name/backing, so that every workload's benchmarks cover the same backings under
// the same names, and a backing added to workload.Backings joins them all.
func EachBacking(b *testing.B, name string, bench func(b *testing.B, backing string)) {
	for _, backing := range workload.Backings {
		b.Run(name+"/"+backing, func(b *testing.B) { bench(b, backing) })
	}
}
