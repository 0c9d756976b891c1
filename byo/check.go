package byo

import (
	"context"
	"fmt"

	"localitylab/check"
	"localitylab/workloads/workload"
)

// Check runs backings in this process, frame by frame, as `localitylab check` does:
// the first is the reference (a built-in one, such as "soa"), each other is checked
// against it, on the named workload with params (the others at their defaults), for
// frames frames. It returns nil when every frame's checksum agrees, or an error that
// names the first frame that differs and the first line of what the two frames folded
// that differs. It measures nothing; call it from your backing's tests, after
// Register.
func Check(workload string, params map[string]int64, frames int, backings ...string) error {
	rep, err := check.Run(context.Background(), check.Config{Workload: workload, Params: params, Backings: backings, Frames: frames}, nil)
	if err != nil {
		return fmt.Errorf("byo: check: %w", err)
	}
	m := rep.Mismatch
	if m == nil {
		return nil
	}
	differ := fmt.Sprintf("byo: check: %s, frame %d: %s gave %016x, %s gave %016x", workload, m.Frame, m.A, m.SumA, m.B, m.SumB)
	if m.Line < 0 {
		return fmt.Errorf("%s: %s", differ, m.Note)
	}
	return fmt.Errorf("%s; what they folded first differs at line %d: %s folded %s; %s folded %s",
		differ, m.Line+1, m.A, folded(m.LineA), m.B, folded(m.LineB))
}

// folded is one line of what a frame folded, in words.
func folded(l workload.Folded) string {
	if l.What == "" {
		return "nothing more"
	}
	return l.What + ": " + l.Value
}
