package result

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"localitylab/internal/atomicfile"
)

// WriteJSON writes r as an indented JSON result file. Arrays of plain values (the
// per-frame series) stay on one line each, so that a person can read the file's
// structure and a run of thousands of frames is not tens of thousands of lines.
func WriteJSON(w io.Writer, r *Run) error { return writeIndented(w, r) }

// writeIndented writes v as indented JSON with its scalar arrays on one line each:
// runs and sweeps are laid out alike, so that a reader of one can read the other.
func writeIndented(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("result: %w", err)
	}
	_, err = w.Write(append(flattenScalarArrays(data), '\n'))
	return err
}

// SaveJSON writes r to path through a temporary file (see atomicfile).
func SaveJSON(path string, r *Run) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteJSON(w, r) })
}

// ReadJSON reads a result file written by WriteJSON and checks it: a file of another
// schema, or whose series do not fit together, is refused with an error naming the
// field at fault. A version 1 file is read as it was measured: Schema stays SchemaV1,
// Cache is "" and Rounds nil (every frame was its own turn), and the columns version 2
// added are empty.
func ReadJSON(rd io.Reader) (*Run, error) {
	// Decode the schema first, so that a file of another version is reported as such
	// rather than as whatever field it happens to have that this one does not.
	data, schema, err := readSchema(rd)
	if err != nil {
		return nil, err
	}
	if schema != Schema && schema != SchemaV1 {
		return nil, fmt.Errorf("schema: %q is not %q (a file from another version of Locality Lab, or not a run)", schema, Schema)
	}
	return decodeStrict[Run](data)
}

// LoadJSON reads the result file at path; errors name the file.
func LoadJSON(path string) (*Run, error) {
	return loadFile(path, ReadJSON)
}

// readSchema reads a whole file and the schema it declares, which says how to read
// the rest.
func readSchema(rd io.Reader) (data []byte, schema string, err error) {
	if data, err = io.ReadAll(rd); err != nil {
		return nil, "", err
	}
	schema, err = FileSchema(data)
	return data, schema, err
}

// decodeStrict decodes data into a new T, refusing fields T does not have, and
// validates it: runs and sweeps are read with the same strictness, so that a file
// the other kind accepts is never half read.
func decodeStrict[T any, P interface {
	*T
	Validate() error
}](data []byte) (*T, error) {
	var v T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if err := P(&v).Validate(); err != nil {
		return nil, err
	}
	return &v, nil
}

// loadFile reads the file at path with read; errors name the file, which the
// readers cannot, since they read a stream.
func loadFile[T any](path string, read func(io.Reader) (*T, error)) (*T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return v, nil
}

// Validate checks that r is a run this code can show: its fields are in range and
// each backing's series have one value per frame. Errors name the field.
func (r *Run) Validate() error {
	v1 := r.Schema == SchemaV1
	if r.Schema != Schema && !v1 {
		return fmt.Errorf("schema: %q is not %q", r.Schema, Schema)
	}
	if r.Workload == "" {
		return errors.New("workload: empty")
	}
	if r.Frames < 1 {
		return fmt.Errorf("frames: %d (want at least 1)", r.Frames)
	}
	if r.Warmup < 0 || r.Warmup >= r.Frames {
		return fmt.Errorf("warmup: %d is out of range (want 0 to frames-1 = %d)", r.Warmup, r.Frames-1)
	}
	if len(r.Backings) == 0 {
		return errors.New("backings: none")
	}
	switch {
	case v1 && (r.Cache != "" || r.Rounds != nil):
		return errors.New("cache, rounds: set in a version 1 file")
	case !v1 && r.Cache != Warm && r.Cache != Cold:
		return fmt.Errorf("cache: %q (want %q or %q)", r.Cache, Warm, Cold)
	}
	ran, err := r.validateRounds()
	if err != nil {
		return err
	}
	for i := range r.Backings {
		b := &r.Backings[i]
		if err := b.validate(r.Frames, v1); err != nil {
			return fmt.Errorf("backings[%d] (%s): %w", i, b.Name, err)
		}
		if !v1 && b.Frames.Len() > ran {
			return fmt.Errorf("backings[%d] (%s): %d frames, the rounds ran %d", i, b.Name, b.Frames.Len(), ran)
		}
	}
	return nil
}

// validateRounds checks that the rounds follow one another from frame 0, each a
// burst of one or more frames run by distinct backings, and returns the frames they
// ran.
func (r *Run) validateRounds() (int, error) {
	next := 0
	for k, rd := range r.Rounds {
		if rd.First != next || rd.Frames < 1 || rd.First+rd.Frames > r.Frames {
			return 0, fmt.Errorf("rounds[%d]: frames %d to %d (want from %d, within the run's %d)",
				k, rd.First, rd.First+rd.Frames-1, next, r.Frames)
		}
		seen := make([]bool, len(r.Backings))
		for _, b := range rd.Order {
			if b < 0 || b >= len(r.Backings) || seen[b] {
				return 0, fmt.Errorf("rounds[%d].order: %v is not a list of distinct backings", k, rd.Order)
			}
			seen[b] = true
		}
		next += rd.Frames
	}
	return next, nil
}

func (b *Backing) validate(frames int, v1 bool) error {
	if b.Name == "" {
		return errors.New("name: empty")
	}
	s := &b.Frames
	n := len(s.NS)
	if n > frames {
		return fmt.Errorf("frames.ns: %d values for a run of %d frames", n, frames)
	}
	cols := []struct {
		name string
		len  int
		opt  bool // a counter column: null or one value per frame
	}{
		{"allocs", len(s.Allocs), false}, {"alloc_bytes", len(s.AllocBytes), false},
		{"heap_bytes", len(s.HeapBytes), false}, {"rss_bytes", len(s.RSSBytes), false},
		{"gc_cycles", len(s.GCCycles), false}, {"gc_pause_ns", len(s.GCPauseNS), false},
		{"gc_wait_ns", len(s.GCWaitNS), v1}, {"gc_cpu_ns", len(s.GCCPUNS), v1},
		{"checksum", len(s.Checksum), false},
		{"instructions", len(s.Instructions), true}, {"cycles", len(s.Cycles), true},
		{"mem_misses", len(s.MemMisses), true},
		{"lookups", len(s.Lookups), true}, {"lookup_ns", len(s.LookupNS), true},
		{"wall_ns", len(s.WallNS), true}, {"switches", len(s.Switches), true},
	}
	for _, c := range cols {
		if c.len != n && !(c.opt && c.len == 0) {
			return fmt.Errorf("frames.%s: %d values, frames.ns has %d", c.name, c.len, n)
		}
	}
	if (s.Instructions == nil) != (s.Cycles == nil) || (s.Instructions == nil && s.MemMisses != nil) {
		return errors.New("frames: instructions and cycles must both be null or both present, and mem_misses null without them")
	}
	if (s.Lookups == nil) != (s.LookupNS == nil) {
		return errors.New("frames: lookups and lookup_ns must both be absent or both present")
	}
	if (s.WallNS == nil) != (s.Switches == nil) {
		return errors.New("frames: wall_ns and switches must both be absent or both present")
	}
	for i, c := range s.Checksum {
		if _, err := ParseChecksum(c); err != nil {
			return fmt.Errorf("frames.checksum[%d]: %q is not 16 hex digits", i, c)
		}
	}
	return nil
}

// flattenScalarArrays puts every JSON array that holds no object or array on one line
// ("[1, 2, 3]"), leaving the rest of the indented document as it is.
func flattenScalarArrays(in []byte) []byte {
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '"':
			end := stringEnd(in, i)
			out = append(out, in[i:end]...)
			i = end - 1
		case c == '[':
			end, scalar := arrayEnd(in, i)
			if !scalar {
				out = append(out, c)
				continue
			}
			out = appendCompact(out, in[i:end])
			i = end - 1
		default:
			out = append(out, c)
		}
	}
	return out
}

// stringEnd returns the index just past the JSON string starting at in[i].
func stringEnd(in []byte, i int) int {
	for j := i + 1; j < len(in); j++ {
		switch in[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(in)
}

// arrayEnd returns the index just past the array starting at in[i], and whether it
// holds only scalars; for an array that does not, the index is meaningless.
func arrayEnd(in []byte, i int) (int, bool) {
	for j := i + 1; j < len(in); j++ {
		switch in[j] {
		case '"':
			j = stringEnd(in, j) - 1
		case '[', '{':
			return 0, false
		case ']':
			return j + 1, true
		}
	}
	return len(in), false
}

// appendCompact appends a scalar array without its line breaks and indentation, with
// one space after each comma.
func appendCompact(out, arr []byte) []byte {
	for j := 0; j < len(arr); j++ {
		switch c := arr[j]; c {
		case '"':
			end := stringEnd(arr, j)
			out = append(out, arr[j:end]...)
			j = end - 1
		case ' ', '\n', '\t', '\r':
		case ',':
			out = append(out, ',', ' ')
		default:
			out = append(out, c)
		}
	}
	return out
}
