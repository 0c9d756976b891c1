package cli

import (
	"io"
	"strings"

	"localitylab/lab/result"
	"localitylab/presets/explain"
)

// writeExplained prints, after the lesson's answers, what the machine's own
// measures (the run's probe) make of each backing's frame: its frame as a
// bandwidth, and for a pointer layout its frame against latency × misses. Nothing
// for a workload that counts no backing's reads.
func writeExplained(w io.Writer, r *result.Run) error {
	heading, lines := explain.Run(r)
	if heading == "" {
		return nil
	}
	var b strings.Builder
	b.WriteString("\n" + wrap(heading, 88) + "\n")
	for _, l := range lines {
		b.WriteString("  " + strings.ReplaceAll(wrap(l, 86), "\n", "\n  ") + "\n")
	}
	_, err := io.WriteString(w, termSafe(b.String()))
	return err
}
