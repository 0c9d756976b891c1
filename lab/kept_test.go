package lab

import (
	"strings"
	"testing"
)

func TestCheckKept(t *testing.T) {
	for _, tt := range []struct {
		frames, warmup, burst int
		cache                 CacheMode
		want                  string // "" when the run keeps a frame
	}{
		{1, 0, 0, Warm, "frames: 1 with a warm-up of 0 leaves 1"},
		{1, 0, 0, Cold, "frames: 1 with a warm-up of 0 leaves 1"},
		{20, 19, 0, Warm, "leaves 1 to summarise"},
		{2, 0, 0, Warm, ""},
		{20, 18, 4, Warm, ""},
		{100, 10, 1, Warm, "burst: 1 keeps no frame in warm mode"},
		{100, 10, 1, "", "burst: 1 keeps no frame"},
		{100, 10, 1, Cold, ""},
		{100, 10, 2, Warm, ""},
	} {
		c := Config{Frames: tt.frames, Warmup: tt.warmup, Burst: tt.burst, Cache: tt.cache}
		err := c.CheckKept()
		if (tt.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%d frames, warm-up %d, burst %d, %q: %v, want %q", tt.frames, tt.warmup, tt.burst, tt.cache, err, tt.want)
		}
	}
}
