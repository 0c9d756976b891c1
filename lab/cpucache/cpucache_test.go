package cpucache

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
)

func TestReadSysfs(t *testing.T) {
	tests := []struct {
		dir     string
		want    []Level
		wantErr string
		unknown bool
	}{
		// A system that gives the sizes without the line: the sizes stand, the line 0.
		{dir: "amd", want: []Level{{1, "Data", 32 << 10, 0}, {2, "Unified", 1 << 20, 0}, {3, "Unified", 32 << 20, 0}}},
		{dir: "shapes", want: []Level{{1, "Data", 48 << 10, 64}, {2, "Unified", 1 << 20, 64}, {3, "Unified", 32 << 20, 64}}},
		{dir: "icache-only", wantErr: "instruction caches only", unknown: true},
		{dir: "missing", wantErr: "lists no caches", unknown: true},
		{dir: "bad", wantErr: `"lots" is not a cache size`},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			got, err := readSysfs(filepath.Join("testdata", tt.dir))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to mention %q", err, tt.wantErr)
				}
				if errors.Is(err, ErrUnknown) != tt.unknown {
					t.Errorf("errors.Is(err, ErrUnknown) = %v, want %v", !tt.unknown, tt.unknown)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("readSysfs = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"32K": 32 << 10, "1024K": 1 << 20, "8M": 8 << 20, "1G": 1 << 30, "512": 512} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	testcheck.Rejects(t, "parseSize", parseSize, "", "K", "-1K", "0", "12Q")
}

func TestLastLevelAndNames(t *testing.T) {
	levels, err := readSysfs("testdata/amd")
	if err != nil {
		t.Fatal(err)
	}
	llc, ok := LastLevel(levels)
	if !ok || llc.Name() != "L3" || llc.Bytes != 32<<20 {
		t.Errorf("LastLevel = %+v %v, want L3 of 32 MiB", llc, ok)
	}
	if n := levels[0].Name(); n != "L1d" {
		t.Errorf("first level named %q, want L1d", n)
	}
	if _, ok := LastLevel(nil); ok {
		t.Error("LastLevel(nil) found a cache")
	}
}

// The flush buffer is twice the last-level cache, or twice the fallback when the
// sizes are unknown, and the note says which.
func TestFlusherSize(t *testing.T) {
	small := []Level{{Level: 2, Type: "Unified", Bytes: 1 << 20}}
	f, err := NewFlusher(small, "")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Bytes() != 2<<20 || !strings.Contains(f.Note, "twice the L2 of 1 MiB") {
		t.Errorf("flusher of %d bytes, note %q; want 2 MiB from the L2", f.Bytes(), f.Note)
	}
	f.Flush()
	g, err := NewFlusher(nil, "no sysfs here")
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if g.Bytes() != 2*FallbackLLC || !strings.Contains(g.Note, "no sysfs here") {
		t.Errorf("fallback flusher of %d bytes, note %q", g.Bytes(), g.Note)
	}
}

func TestThisMachine(t *testing.T) {
	levels, err := Levels()
	if err != nil {
		if !errors.Is(err, ErrUnknown) {
			t.Fatalf("Levels: %v (an error other than unknown sizes)", err)
		}
		t.Skip(err)
	}
	for i, l := range levels {
		if l.Bytes <= 0 || l.Level < 1 || (i > 0 && l.Level < levels[i-1].Level) {
			t.Errorf("level %d: %+v", i, l)
		}
	}
	t.Logf("caches: %v", levels)
}

// BenchmarkFlush is what cold mode adds before every frame (outside the timed
// interval): a read of twice the last-level cache.
func BenchmarkFlush(b *testing.B) {
	levels, err := Levels()
	reason := ""
	if err != nil {
		reason = err.Error()
	}
	f, err := NewFlusher(levels, reason)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	b.SetBytes(int64(f.Bytes()))
	for b.Loop() {
		f.Flush()
	}
}
