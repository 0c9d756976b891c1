package cpucache

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func readFixture(t *testing.T, path ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{"testdata"}, path...)...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Windows' records of the caches processor 0 uses, from what Wine 8 answered on the
// EPYC VM (the layout before Windows 11) and from records written by hand in Windows
// 11's layout (see testdata/windows/README).
func TestParseWindowsCaches(t *testing.T) {
	tests := []struct {
		file string
		want []Level
	}{
		{"wine8-epyc-vm.bin", []Level{
			{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64, Ways: 8, SharedBy: 1},
			{Level: 2, Type: "Unified", Bytes: 512 << 10, LineBytes: 64, Ways: 8, SharedBy: 1},
			{Level: 3, Type: "Unified", Bytes: 32 << 20, LineBytes: 64, Ways: 16, SharedBy: 2}}},
		// The P-core's caches, shared by its two threads; not the E-cores'.
		{"win11-i9-13900k.bin", []Level{
			{Level: 1, Type: "Data", Bytes: 48 << 10, LineBytes: 64, Ways: 12, SharedBy: 2},
			{Level: 2, Type: "Unified", Bytes: 2 << 20, LineBytes: 64, Ways: 16, SharedBy: 2},
			{Level: 3, Type: "Unified", Bytes: 36 << 20, LineBytes: 64, Ways: 12, SharedBy: 32}}},
		// The L3 over two groups counts both; a fully associative one has one set of
		// all its lines; the third group's cache is not processor 0's.
		{"two-groups.bin", []Level{
			{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64, Ways: 8, SharedBy: 1},
			{Level: 2, Type: "Unified", Bytes: 1 << 20, LineBytes: 64, Ways: 8, SharedBy: 1},
			{Level: 3, Type: "Unified", Bytes: 256 << 20, LineBytes: 64, Ways: 4 << 20, Sets: 1, SharedBy: 128}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := parseWindowsCaches(readFixture(t, "windows", tt.file), 8)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("got\n%+v, %v; want\n%+v", got, err, tt.want)
			}
			judge(got, 16<<30)
			for _, l := range got {
				if l.NotUsed != "" {
					t.Errorf("%s set aside: %s", l.Name(), l.NotUsed)
				}
			}
		})
	}
}

// A truncated or inconsistent buffer is an error that says where, never a panic nor
// a cache made up of the bytes that follow.
func TestParseWindowsCachesBroken(t *testing.T) {
	good := readFixture(t, "windows", "win11-i9-13900k.bin")
	bigSize := slices.Clone(good)
	binary.LittleEndian.PutUint32(bigSize[4:], 1<<20)
	tinySize := slices.Clone(good)
	binary.LittleEndian.PutUint32(tinySize[4:], 4)
	manyGroups := slices.Clone(good)
	binary.LittleEndian.PutUint16(manyGroups[8+30:], 9)
	short := slices.Clone(good[:24])
	binary.LittleEndian.PutUint32(short[4:], 24)
	tests := []struct {
		name string
		buf  []byte
		want string
	}{
		{"cut in a head", good[:len(good)-50], "less than a record's head"},
		{"a size past the end", bigSize, "says it has 1048576 bytes"},
		{"a size below the head", tinySize, "says it has 4 bytes"},
		{"more groups than bytes", manyGroups, "too short for its 9 processor groups"},
		{"a cache record too short", short, "too short for its processors"},
		{"nothing", nil, "lists no data cache of processor 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseWindowsCaches(tt.buf, 8)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to say %q", err, tt.want)
			}
		})
	}
	if _, err := parseWindowsCaches(nil, 8); !errors.Is(err, ErrUnknown) {
		t.Errorf("no records: %v, want ErrUnknown", err)
	}
}
