package charts

import (
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestCacheTextPinned: where the frames ran reads as a place ("on CPU 1"), and a
// reason they were not pinned as a reason, never "on not pinned".
func TestCacheTextPinned(t *testing.T) {
	tests := []struct{ pinned, want string }{
		{"CPU 1", "; frame threads on CPU 1;"},
		{"CPU 1 (fork 1), CPU 0 (forks 2, 3)", "; frame threads on CPU 1 (fork 1), CPU 0 (forks 2, 3);"},
		{"not pinned: macOS has no thread affinity", "; frame threads not pinned: macOS has no thread affinity;"},
	}
	for _, tt := range tests {
		r := &result.Run{Cache: result.Warm, Rounds: []result.Round{{Frames: 4}}, Pinned: tt.pinned}
		if got := CacheText(r); !strings.Contains(got, tt.want) {
			t.Errorf("pinned %q: %q, want it to hold %q", tt.pinned, got, tt.want)
		}
	}
	if got := CacheText(&result.Run{Cache: result.Warm, Rounds: []result.Round{{Frames: 4}}}); strings.Contains(got, "frame threads") {
		t.Errorf("nothing recorded: %q, want no word on the frame threads", got)
	}
}
