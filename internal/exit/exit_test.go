package exit

import "testing"

// TestEveryStatusMeansSomething: help prints Meanings, so a status missing there
// would be one a script meets with no word of what it means.
func TestEveryStatusMeansSomething(t *testing.T) {
	seen := map[int]bool{}
	last := -1
	for _, m := range Meanings {
		if seen[m.Status] || m.Status <= last || m.Meaning == "" {
			t.Errorf("status %d: repeated, out of order or without a meaning", m.Status)
		}
		seen[m.Status], last = true, m.Status
	}
	for _, s := range []int{OK, Failed, Usage, Mismatch, Worker, Interrupted, Terminated} {
		if !seen[s] {
			t.Errorf("status %d has no meaning in Meanings", s)
		}
	}
}
