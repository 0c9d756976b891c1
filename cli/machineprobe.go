package cli

import (
	"context"
	"fmt"
	"io"
	"slices"

	"localitylab/lab"
	"localitylab/lab/result"
)

// The values of -probe: which probe of the machine a saved run or sweep carries.
const (
	probeNone = "none"
)

// probeModes are -probe's values, the default first.
var probeModes = []string{result.ProbeShort, result.ProbeFull, probeNone}

// probeFlagDoc is -probe's help.
const probeFlagDoc = "the machine's probe a saved JSON file carries (see localitylab probe), taken once before the work: " +
	"short (a working set per doubling, a second or two), full (a few seconds) or none"

// checkProbeMode reports a -probe value that is none of probeModes.
func checkProbeMode(mode string) error {
	if !slices.Contains(probeModes, mode) {
		return usagef("-probe: %q (want short, full or none)", mode)
	}
	return nil
}

// takeProbe returns the machine's probe a saved file carries, taken in pages (the
// run's page mode) the first time this process asks (lab.MachineProbe), with its
// progress on stderr; nil for -probe none, and nil with a line on stderr saying why
// where the probe failed: the run goes on without it.
func takeProbe(ctx context.Context, mode string, pages lab.PagesMode, stderr io.Writer) *result.Probe {
	if mode == probeNone || mode == "" {
		return nil
	}
	w := newProbeProgress(stderr)
	p, err := lab.MachineProbe(ctx, lab.ProbeConfig{Kind: mode, Pages: pages, Progress: w.update})
	w.end()
	if err != nil {
		if ctx.Err() == nil {
			fmt.Fprintf(stderr, "localitylab: the machine's probe failed, and the file will carry none: %v\n", err)
		}
		return nil
	}
	return p
}
