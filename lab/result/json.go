package result

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

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
// added are empty. How it reads (readfile.go): every text and list within its bound
// first, prose past its bound shortened (bounds.go).
func ReadJSON(rd io.Reader) (*Run, error) { return readRun(rd, 0) }

// readRun is ReadJSON of a file of size bytes (0: not known).
func readRun(rd io.Reader, size int64) (*Run, error) {
	data, schema, err := readRaw(rd, size)
	if err != nil {
		return nil, err
	}
	defer putBuffer(data)
	return decodeRun(data, schema)
}

// decodeRun decodes the bytes of a run's file, which declares schema.
func decodeRun(data []byte, schema string) (*Run, error) {
	// The schema first, so that a file of another version is reported as such
	// rather than as whatever field it happens to have that this one does not.
	if schema != Schema && schema != SchemaV1 {
		return nil, fmt.Errorf("schema: %q is not %q (a file from another version of Locality Lab, or not a run)", schema, Schema)
	}
	run, _ := shapes()
	rest, series, err := walk(data, run)
	if err != nil {
		return nil, err
	}
	return decodeRest(rest, func(r *Run) {
		for i := range min(len(r.Backings), len(series)) {
			r.Backings[i].Frames = series[i]
		}
	})
}

// LoadJSON reads the result file at path; errors name the file.
func LoadJSON(path string) (*Run, error) {
	return loadFile(path, readRun)
}

// MaxFileBytes bounds what a result file may weigh. The largest run the lab writes,
// MaxFrames frames of MaxBackings backings with every column at its widest, takes
// about 190 MiB (TestMaxFileBytesHoldsTheLargestRun); a file beyond the bound is not
// one of its files, and reading it would take the memory the charts need.
const MaxFileBytes = 256 << 20

// maxFileBytes is MaxFileBytes, lowered by the tests.
var maxFileBytes int64 = MaxFileBytes

// decodeRest decodes what the walker left of a file (readfile.go) into a new T,
// refusing fields T does not have. It lets fill add what the walker decoded itself,
// and validates the whole. Runs and sweeps are read with the same strictness, so a
// file the other kind accepts is never half read.
func decodeRest[T any, P interface {
	*T
	Validate() error
}](rest []byte, fill func(*T)) (*T, error) {
	var v T
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if fill != nil {
		fill(&v)
	}
	if err := P(&v).Validate(); err != nil {
		return nil, err
	}
	return &v, nil
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
