package result

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The readers under fuzzing: whatever the bytes, a reader returns (no input takes
// more than fuzzSlowest), and what it accepts is a whole file that writes and reads
// back. Run each with go test -fuzz FuzzReadJSON ./lab/result/ (and FuzzReadSweepJSON).

// fuzzSlowest is the longest one input may take: a reader that took longer on a few
// kilobytes would take the teacher's machine on a file of megabytes.
const fuzzSlowest = 5 * time.Second

// seedFiles adds the testdata files whose names match pattern to the corpus.
func seedFiles(f *testing.F, pattern string) {
	paths, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seed matches %s: %v", pattern, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func FuzzReadJSON(f *testing.F) {
	seedFiles(f, "run*.json")
	f.Add([]byte(`{"schema":"localitylab/run/v2","backings":[{"frames":{"ns":[1,-2,3e4,"x",null]}}]}`))
	f.Add([]byte(`{"schema":"localitylab/run/v2","rounds":[true, x, 1]}`)) // a word among numbers once looped for ever
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		r, err := ReadJSON(bytes.NewReader(data))
		if err == nil {
			var buf bytes.Buffer
			if err := WriteJSON(&buf, r); err != nil {
				t.Fatalf("an accepted run does not write: %v", err)
			}
			if _, err := ReadJSON(&buf); err != nil {
				t.Fatalf("an accepted run, written again, is refused: %v", err)
			}
		}
		if d := time.Since(start); d > fuzzSlowest {
			t.Fatalf("one input of %d bytes took %v", len(data), d)
		}
	})
}

func FuzzReadSweepJSON(f *testing.F) {
	seedFiles(f, "sweep*.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		s, err := ReadSweepJSON(bytes.NewReader(data))
		if err == nil {
			var buf bytes.Buffer
			if err := WriteSweepJSON(&buf, s); err != nil {
				t.Fatalf("an accepted sweep does not write: %v", err)
			}
			if _, err := ReadSweepJSON(&buf); err != nil {
				t.Fatalf("an accepted sweep, written again, is refused: %v", err)
			}
			if err := WriteSweepCSV(&bytes.Buffer{}, s); err != nil {
				t.Fatalf("an accepted sweep's CSV: %v", err)
			}
		}
		if d := time.Since(start); d > fuzzSlowest {
			t.Fatalf("one input of %d bytes took %v", len(data), d)
		}
	})
}
