package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
)

// simulate counts r's simulated misses (lab.Simulate), showing its progress on stderr
// in the run's style: each backing's load, then its frames. Ctrl-C stops it; the
// figures it has by then are kept and the rest say why they are missing.
func simulate(ctx context.Context, c lab.Config, r *result.Run, stderr io.Writer) {
	p := newProgress(stderr)
	var key string
	lab.Simulate(ctx, c, r, func(st lab.SimStatus) {
		line := simStatusLine(st)
		// Redraw on a terminal a few times a second; elsewhere only when the backing or
		// its stage changes, and at each frame, so that a log stays short.
		k := fmt.Sprintf("%s %d %v", st.Backing, st.Done, st.Load >= 1)
		now := time.Now()
		if k == key && (!isTerminal(p.w) || now.Sub(p.at) < progressEvery) {
			return
		}
		key, p.at = k, now
		p.draw(line)
	})
	p.end()
	if n := r.Counters.Simulated; n != nil && n.Note != "" {
		fmt.Fprintln(stderr, "localitylab: no simulated misses:", termSafe(n.Note))
	}
}

// simStatusLine: "simulating misses: soa (1 of 2) loading 40%", then "… soa 2/6 frames".
func simStatusLine(st lab.SimStatus) string {
	head := fmt.Sprintf("simulating misses: %s", st.Backing)
	if st.Count > 1 {
		head += fmt.Sprintf(" (%d of %d)", st.Index+1, st.Count)
	}
	if st.Load < 1 {
		return fmt.Sprintf("%s loading %3.0f%%", head, 100*st.Load)
	}
	return fmt.Sprintf("%s %d/%d frames", head, st.Done, st.Total)
}

// simulateSweep counts the simulated misses at every point of s (sweep.Simulate),
// with its progress on stderr as simulate shows a run's.
func simulateSweep(ctx context.Context, c sweep.Config, s *result.Sweep, stderr io.Writer) {
	p := newProgress(stderr)
	var key string
	sweep.Simulate(ctx, c, s, func(st sweep.SimStatus) {
		k := fmt.Sprintf("%d %s %d %v", st.Index, st.Backing, st.Done, st.Load >= 1)
		now := time.Now()
		if k == key && (!isTerminal(p.w) || now.Sub(p.at) < progressEvery) {
			return
		}
		key, p.at = k, now
		p.draw(fmt.Sprintf("point %d of %d (%s %d), %s", st.Index+1, st.Count, s.Param, st.Value, simStatusLine(st.SimStatus)))
	})
	p.end()
	if n := s.Counters.Simulated; n != nil && n.Note != "" {
		fmt.Fprintln(stderr, "localitylab: no simulated misses:", termSafe(n.Note))
	}
}
