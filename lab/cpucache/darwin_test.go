package cpucache

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readSysctls reads `sysctl hw`'s output: the numeric names into a map, and
// hw.cacheconfig's array apart.
func readSysctls(t *testing.T, file string) (map[string]uint64, []uint64) {
	t.Helper()
	v := map[string]uint64{}
	var config []uint64
	for line := range strings.Lines(string(readFixture(t, "darwin", file))) {
		name, value, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok {
			continue
		}
		if name == darwinCacheConfig {
			for _, f := range strings.Fields(value) {
				n, err := strconv.ParseUint(f, 10, 64)
				if err != nil {
					t.Fatalf("%s: %s: %v", file, name, err)
				}
				config = append(config, n)
			}
			continue
		}
		if n, err := strconv.ParseUint(value, 10, 64); err == nil && slices.Contains(darwinNames, name) {
			v[name] = n
		}
	}
	return v, config
}

// macOS's caches: on Apple Silicon the performance cores' (128-byte lines, no L3),
// on an Intel Mac the unnumbered names with their L3, the CPUs sharing each from
// cpusperl2 or hw.cacheconfig.
func TestDarwinLevels(t *testing.T) {
	tests := []struct {
		file string
		want []Level
	}{
		{"apple-m1.txt", []Level{
			{Level: 1, Type: "Data", Bytes: 128 << 10, LineBytes: 128, SharedBy: 1},
			{Level: 2, Type: "Unified", Bytes: 12 << 20, LineBytes: 128, SharedBy: 4}}},
		{"intel-i7-9750h.txt", []Level{
			{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64, SharedBy: 2},
			{Level: 2, Type: "Unified", Bytes: 256 << 10, LineBytes: 64, SharedBy: 2},
			{Level: 3, Type: "Unified", Bytes: 12 << 20, LineBytes: 64, SharedBy: 12}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := darwinLevels(readSysctls(t, tt.file))
			if err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("got\n%+v, %v; want\n%+v", got, err, tt.want)
			}
		})
	}
	_, err := darwinLevels(readSysctls(t, "no-caches.txt"))
	if !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "hw.perflevel0.l1dcachesize") {
		t.Errorf("no caches: %v, want ErrUnknown naming the sysctls", err)
	}
}

// A sysctl's number is 4 or 8 bytes; hw.cacheconfig an array of 8-byte ones.
func TestSysctlNumber(t *testing.T) {
	if n, ok := sysctlNumber([]byte{0, 0, 2, 0}); !ok || n != 128<<10 {
		t.Errorf("4 bytes: %d, %v", n, ok)
	}
	if n, ok := sysctlNumber([]byte{0, 0, 0xc0, 0, 0, 0, 0, 0}); !ok || n != 12<<20 {
		t.Errorf("8 bytes: %d, %v", n, ok)
	}
	if _, ok := sysctlNumber([]byte{1, 2, 3}); ok {
		t.Error("3 bytes read as a number")
	}
	if got := sysctlNumbers([]byte{8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9}); !slices.Equal(got, []uint64{8, 1}) {
		t.Errorf("sysctlNumbers = %v", got)
	}
}
