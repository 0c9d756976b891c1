package result

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"localitylab/internal/atomicfile"
	"localitylab/internal/units"
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
	if data, err = readCapped(rd); err != nil {
		return nil, "", err
	}
	schema, err = FileSchema(data)
	return data, schema, err
}

// MaxFileBytes bounds what a result file may weigh. The largest run the lab writes,
// MaxFrames frames of MaxBackings backings with every column at its widest, takes
// about 190 MiB (TestMaxFileBytesHoldsTheLargestRun); a file beyond the bound is not
// one of its files, and reading it would take the memory the charts need.
const MaxFileBytes = 256 << 20

// maxFileBytes is MaxFileBytes, lowered by the tests.
var maxFileBytes int64 = MaxFileBytes

// readCapped reads all of rd, refusing at once what cannot be a result file (its
// first character does not open a JSON object: /dev/zero, a PNG) and anything
// longer than MaxFileBytes, without reading further.
func readCapped(rd io.Reader) ([]byte, error) {
	br := bufio.NewReader(io.LimitReader(rd, maxFileBytes+1))
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			return nil, errors.New("not a result file: it is empty")
		}
		if err != nil {
			return nil, err
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if c != '{' {
			return nil, fmt.Errorf("not a result file: it starts with %q, and a result file is a JSON object", c)
		}
		br.UnreadByte()
		break
	}
	data, err := io.ReadAll(br)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > maxFileBytes {
		return nil, fmt.Errorf("not a result file: larger than %s, more than the longest run the lab writes", units.Bytes(float64(maxFileBytes)))
	}
	return data, nil
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
