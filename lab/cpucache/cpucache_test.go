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
		{dir: "amd", want: []Level{{Level: 1, Type: "Data", Bytes: 32 << 10}, {Level: 2, Type: "Unified", Bytes: 1 << 20}, {Level: 3, Type: "Unified", Bytes: 32 << 20}}},
		{dir: "shapes", want: []Level{
			{Level: 1, Type: "Data", Bytes: 48 << 10, LineBytes: 64, Ways: 12},
			{Level: 2, Type: "Unified", Bytes: 1 << 20, LineBytes: 64, Ways: 16},
			{Level: 3, Type: "Unified", Bytes: 32 << 20, LineBytes: 64, Ways: 16}}},
		{dir: "epyc-vm", want: []Level{
			{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64, Ways: 8, Sets: 64, SharedBy: 1},
			{Level: 2, Type: "Unified", Bytes: 512 << 10, LineBytes: 64, Ways: 8, Sets: 1024, SharedBy: 1},
			{Level: 3, Type: "Unified", Bytes: 32 << 20, LineBytes: 64, Ways: 16, Sets: 32768, SharedBy: 2}}},
		{dir: "intel-vm", want: []Level{
			{Level: 1, Type: "Data", Bytes: 48 << 10, LineBytes: 64, Ways: 12, Sets: 64, SharedBy: 1},
			{Level: 2, Type: "Unified", Bytes: 2 << 20, LineBytes: 64, Ways: 16, Sets: 2048, SharedBy: 1},
			{Level: 3, Type: "Unified", Bytes: 480 << 20, LineBytes: 64, Ways: 16, Sets: 491520, SharedBy: 2}}},
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
				t.Fatalf("readSysfs =\n%+v, %v; want\n%+v", got, err, tt.want)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"32K": 32 << 10, "1024K": 1 << 20, "8M": 8 << 20, "1G": 1 << 30, "512": 512, "491520K": 480 << 20} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	testcheck.Rejects(t, "parseSize", parseSize, "", "K", "-1K", "0", "12Q", "99999999999999999G")
}

func TestCountCPUList(t *testing.T) {
	for in, want := range map[string]int{"0": 1, "0-1": 2, "0-3,8-11": 8, "0,2,4": 3, "0-31": 32} {
		if got, err := countCPUList(in); err != nil || got != want {
			t.Errorf("countCPUList(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	testcheck.Rejects(t, "countCPUList", countCPUList, "", "a", "3-1", "0-", "-1")
}

// levelsOf reads a sysfs fixture and judges it for a machine of memory bytes.
func levelsOf(t *testing.T, dir string, memory uint64) []Level {
	t.Helper()
	levels, err := readSysfs(filepath.Join("testdata", dir))
	if err != nil {
		t.Fatal(err)
	}
	judge(levels, memory)
	return levels
}

// The judge sets aside the caches that cannot be the machine's, and only those: the
// Intel VM's 480 MiB L3 shared by two vCPUs, a geometry that does not add up, a cache
// larger than a quarter of memory; never the EPYC VM's 32 MiB over two vCPUs, nor a
// desktop's 36 MiB over 32 CPUs.
func TestJudge(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		dir     string
		memory  uint64
		notUsed map[string]string // cache name → what its reason must say
	}{
		{"intel-vm", 8 * gib, map[string]string{"L3": "shared by 2 CPUs, it would hold 240 MiB per CPU, more than any processor has (96 MiB at most)"}},
		{"intel-vm", 0, map[string]string{"L3": "240 MiB per CPU"}},
		{"intel-vm", 1 * gib, map[string]string{"L3": "larger than a quarter of the machine's 1 GiB of memory"}},
		{"epyc-vm", 8 * gib, nil},
		{"epyc-vm", 64 << 20, map[string]string{"L3": "larger than a quarter of the machine's 64 MiB of memory"}},
		{"desktop-36m", 32 * gib, nil},
		{"shapes", 8 * gib, nil},
		{"amd", 0, nil},
		{"bad-geometry", 8 * gib, map[string]string{"L3": "its 16,384 sets × 16 ways × 64-byte lines make 16 MiB, not the 32 MiB reported"}},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			for _, l := range levelsOf(t, tt.dir, tt.memory) {
				want, aside := tt.notUsed[l.Name()]
				switch {
				case aside && !strings.Contains(l.NotUsed, want):
					t.Errorf("%s: not used %q, want it to say %q", l.Name(), l.NotUsed, want)
				case !aside && l.NotUsed != "":
					t.Errorf("%s of %d bytes set aside: %s", l.Name(), l.Bytes, l.NotUsed)
				}
			}
		})
	}
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
	if len(SetAside(levels)) != 0 {
		t.Errorf("caches set aside on a plausible machine: %+v", SetAside(levels))
	}

	// On the Intel VM the last level used is the L2; the L3 is set aside, as the
	// records say it.
	intel := levelsOf(t, "intel-vm", 8<<30)
	if llc, ok := LastLevel(intel); !ok || llc.Name() != "L2" || llc.Bytes != 2<<20 {
		t.Errorf("Intel VM: LastLevel = %+v %v, want the L2 of 2 MiB", llc, ok)
	}
	if u := Usable(intel); len(u) != 2 || u[1].Name() != "L2" {
		t.Errorf("Intel VM: usable %+v, want L1d and L2", u)
	}
	aside := SetAside(intel)
	if len(aside) != 1 || !strings.HasPrefix(aside[0].NotUsedText(), "L3 480 MiB reported by the system, not used: shared by 2 CPUs") {
		t.Errorf("Intel VM: set aside %+v", aside)
	}
}

// The flush buffer is twice the last-level cache, or twice the fallback when the
// sizes are unknown or the last level reported was set aside, and the note says which.
func TestFlusherSize(t *testing.T) {
	tests := []struct {
		name   string
		levels []Level
		reason string
		bytes  int64
		note   []string
	}{
		{"the L2 of 1 MiB", []Level{{Level: 2, Type: "Unified", Bytes: 1 << 20}}, "", 2 << 20, []string{"twice the L2 of 1 MiB"}},
		{"unknown", nil, "no sysfs here", 2 * FallbackLLC, []string{"reading 128 MiB", "assumed 64 MiB", "no sysfs here"}},
		{"EPYC VM", levelsOf(t, "epyc-vm", 8<<30), "", 64 << 20, []string{"reading 64 MiB (twice the L3 of 32 MiB)"}},
		// Not 960 MiB, twice the host's L3 the guest is shown.
		{"Intel VM", levelsOf(t, "intel-vm", 8<<30), "", 2 * FallbackLLC,
			[]string{"reading 128 MiB (twice an assumed 64 MiB last-level cache: L3 480 MiB reported by the system, not used: shared by 2 CPUs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FlushBytes(tt.levels); got != tt.bytes {
				t.Fatalf("FlushBytes = %d, want %d", got, tt.bytes)
			}
			f, err := NewFlusher(tt.levels, tt.reason)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if f.Bytes() != uint64(tt.bytes) {
				t.Errorf("flusher of %d bytes, want %d", f.Bytes(), tt.bytes)
			}
			for _, want := range tt.note {
				if !strings.Contains(f.Note, want) {
					t.Errorf("note %q lacks %q", f.Note, want)
				}
			}
			f.Flush()
		})
	}
}

// SysfsEnv points Levels at another machine's caches, judged as this machine's would
// be, and Source says so.
func TestLevelsFromEnv(t *testing.T) {
	t.Setenv(SysfsEnv, filepath.Join("testdata", "intel-vm"))
	levels, err := Levels()
	if err != nil {
		t.Fatal(err)
	}
	if len(levels) != 3 || levels[2].Bytes != 480<<20 || !strings.Contains(levels[2].NotUsed, "240 MiB per CPU") {
		t.Errorf("Levels = %+v, want the Intel VM's, its L3 set aside", levels)
	}
	if s := Source(); !strings.Contains(s, "intel-vm") || !strings.Contains(s, "not from this machine") {
		t.Errorf("Source = %q", s)
	}
	t.Setenv(SysfsEnv, "")
	if s := Source(); s != "" {
		t.Errorf("Source without %s = %q", SysfsEnv, s)
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
	t.Logf("caches: %+v", levels)
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
