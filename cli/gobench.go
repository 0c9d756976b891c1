package cli

import (
	"fmt"
	"io"
	"strings"

	"localitylab/lab/result"
)

// writeGoBench prints the run in Go's benchmark format, one line per backing per frame
// the summary keeps (after warm-up, and in warm mode not the first half of a burst;
// see result.Run.Excluded). Each frame is a one-iteration "run" of
// BenchmarkFrame/workload=…/backing=…. So benchstat computes medians and intervals
// over the frames, and `benchstat -col /backing` sets the backings side by side.
// Where the frames were timed by their thread's CPU clock, ns/op is the wall time,
// as go test -bench reports it. cpu-ns/op is then the CPU time the lab's tables
// show, as the project's own benchmarks report it.
func writeGoBench(w io.Writer, r *result.Run) error {
	var b strings.Builder
	fmt.Fprintf(&b, "goos: %s\ngoarch: %s\npkg: localitylab\n", r.Host.OS, r.Host.Arch)
	if r.Host.CPU != "" {
		fmt.Fprintf(&b, "cpu: %s\n", r.Host.CPU)
	}
	for _, k := range r.Params.Keys() {
		fmt.Fprintf(&b, "%s: %d\n", k, r.Params[k]) // configuration lines: benchstat keeps them as keys
	}
	if r.Cache != "" {
		fmt.Fprintf(&b, "cache: %s\n", r.Cache)
	}
	for _, bk := range r.Backings {
		name := fmt.Sprintf("BenchmarkFrame/workload=%s/backing=%s", r.Workload, bk.Name)
		s := &bk.Frames
		for i := range s.Len() { // Excluded leaves out every fork's warm-up
			if r.Excluded(i) != result.Kept {
				continue
			}
			if s.CPUTimed() { // ns/op is wall time, as under go test -bench; the lab's figure is cpu-ns/op
				fmt.Fprintf(&b, "%s\t1\t%d ns/op\t%d cpu-ns/op\t%d B/op\t%d allocs/op", name, s.WallNS[i], s.NS[i], s.AllocBytes[i], s.Allocs[i])
			} else {
				fmt.Fprintf(&b, "%s\t1\t%d ns/op\t%d B/op\t%d allocs/op", name, s.NS[i], s.AllocBytes[i], s.Allocs[i])
			}
			if s.MemMisses != nil {
				fmt.Fprintf(&b, "\t%d mem-misses/op", s.MemMisses[i])
			}
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
