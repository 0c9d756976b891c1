package result

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"localitylab/internal/units"
)

// Reading a file is two passes over its bytes, then a decoding of what is left:
//
//  1. readRaw reads the file into memory once, and while it reads refuses what no
//     result file holds whatever its kind: a text of more than 16 MiB, lists
//     nested deeper than 32, a number of more than 128 characters. It stops at the
//     first: a 240 MiB CPU name costs the reader 16 MiB, not the gigabytes that
//     decoding it would. It also notes the schema, which says what kind of file it
//     is. (A list's length it leaves to the walker, which knows each list's bound
//     and holds none of it past that.)
//  2. walk (walk.go) goes through the bytes again knowing the kind's shape: every
//     field known, every text and list within its bound (bounds.go), the per-frame
//     columns decoded as they are met (seriesjson.go); it leaves the rest, a few
//     kilobytes, to encoding/json.
//
// Validate then checks what the fields say.

// Bounds of the first pass, which knows no kind of file: well above anything a run
// or a sweep holds, so that only a file that is no result file meets them.
const (
	maxDepth   = 32
	maxRawText = 16 << 20 // a text, in bytes as written
	maxLiteral = 128      // a number, true, false or null, in bytes
)

// rawLevel is one object or list the first pass is inside.
type rawLevel struct {
	list             bool
	n                int  // entries (a list) or fields (an object) begun so far
	wantKey          bool // an object, between fields: the next text is a name
	keyStart, keyEnd int  // an object: the current field's name, in the buffer
}

// rawReader is the first pass's state between the chunks it reads.
type rawReader struct {
	buf      []byte
	stack    []rawLevel
	inText   bool // inside a text ("…"), begun at start
	isKey    bool // the text is a field's name
	escape   bool // the last byte of the chunk was a backslash inside a text
	inLit    bool // inside a number or a word, begun at start
	start    int
	done     bool // the top object has ended
	schema   string
	haveHead bool // the first byte of the file was seen
}

// readRaw reads all of rd (size: its length where known, else 0) and returns the
// bytes and the schema the file declares ("" if none). It refuses at once what
// cannot be a result file: a first character that does not open a JSON object
// (/dev/zero, a PNG), anything longer than MaxFileBytes, and what the first pass
// bounds.
func readRaw(rd io.Reader, size int64) ([]byte, string, error) {
	if size <= 0 || size > maxFileBytes {
		size = 64 << 10
	}
	r := &rawReader{buf: getBuffer(int(size) + 1)}
	if err := r.read(rd, false); err != nil {
		putBuffer(r.buf)
		return nil, "", err
	}
	return r.buf, r.schema, nil
}

// The buffer a file is read into is let go of once the file is decoded (nothing
// decoded points into it), and the next file is read into it. Thirty files of a
// class are read into one buffer rather than thirty, which the system would have to
// hand over page by page each time.
var buffers sync.Pool

// getBuffer returns an empty buffer of at least n bytes.
func getBuffer(n int) []byte {
	if b, ok := buffers.Get().(*[]byte); ok && cap(*b) >= n {
		return (*b)[:0]
	}
	return make([]byte, 0, n)
}

// putBuffer hands b back once nothing uses it.
func putBuffer(b []byte) {
	if cap(b) >= 1<<20 {
		buffers.Put(&b)
	}
}

// sniffSchema reads rd only as far as the schema its top object declares (the lab
// writes it first), and returns it.
func sniffSchema(rd io.Reader) (string, error) {
	r := &rawReader{buf: make([]byte, 0, 16<<10)}
	if err := r.read(rd, true); err != nil {
		return "", err
	}
	return r.schema, nil
}

// read reads rd through the first pass, to its end or, with toSchema, until the
// schema is known.
func (r *rawReader) read(rd io.Reader, toSchema bool) error {
	lim := io.LimitReader(rd, maxFileBytes+1)
	for {
		if len(r.buf) == cap(r.buf) {
			r.buf = append(r.buf, 0)[:len(r.buf)]
		}
		from := len(r.buf)
		chunk := 1 << 20
		if from == 0 {
			chunk = 4 << 10 // what is no result file is refused at its first byte
		}
		n, err := lim.Read(r.buf[from:min(cap(r.buf), from+chunk)])
		r.buf = r.buf[:from+n]
		if perr := r.scan(from); perr != nil {
			return perr
		}
		if int64(len(r.buf)) > maxFileBytes {
			return fmt.Errorf("not a result file: larger than %s, more than the longest run the lab writes", units.Bytes(float64(maxFileBytes)))
		}
		if toSchema && r.schema != "" {
			return nil
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	switch {
	case !r.haveHead:
		return errors.New("not a result file: it is empty")
	case !r.done:
		return errors.New("not a result file: it ends before its last object closes (cut short?)")
	}
	return nil
}

// scan goes through the bytes from from on, which the last read added.
func (r *rawReader) scan(from int) error {
	b := r.buf
	i := from
	for i < len(b) {
		var err error
		switch {
		case r.inText:
			i, err = r.scanText(i)
		case r.inLit:
			i, err = r.scanLiteral(i)
		case isSpace(b[i]):
			i++
		default:
			i, err = r.scanToken(i)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// scanText goes on through a text from i and returns where to go on. A chunk may
// end inside the text, or right after a backslash, which escape carries over.
func (r *rawReader) scanText(i int) (int, error) {
	b := r.buf
	j := i
	if r.escape {
		r.escape, j = false, j+1
	}
	for j < len(b) && b[j] != '"' && b[j] != '\\' {
		j++
	}
	if j-r.start > maxRawText {
		return 0, fmt.Errorf("%s: a text of more than %s (no field of a result file is that long)", r.path(), units.Bytes(maxRawText))
	}
	switch {
	case j >= len(b):
		return j, nil
	case b[j] == '\\':
		if j+1 >= len(b) {
			r.escape = true
		}
		return j + 2, nil
	default:
		r.endText(j)
		return j + 1, nil
	}
}

// scanLiteral goes on through a number or a word from i and returns where to go on;
// it stays inside the literal if the chunk ends first.
func (r *rawReader) scanLiteral(i int) (int, error) {
	b := r.buf
	j := i
	for j < len(b) && !isDelim(b[j]) {
		j++
	}
	if j-r.start > maxLiteral {
		return 0, fmt.Errorf("%s: a number or word of more than %d characters", r.path(), maxLiteral)
	}
	if j < len(b) {
		r.inLit = false
	}
	return j, nil
}

// scanToken reads the byte at i, which is no space and in no text or literal: it
// opens or closes a level, begins a text or a literal, or separates. It returns
// where to go on.
func (r *rawReader) scanToken(i int) (int, error) {
	c := r.buf[i]
	if !r.haveHead {
		if c != '{' {
			return 0, fmt.Errorf("not a result file: it starts with %q, and a result file is a JSON object", c)
		}
		r.haveHead = true
	}
	if r.done {
		return 0, fmt.Errorf("not a result file: it goes on after its object ends (%q)", c)
	}
	switch c {
	case '{', '[':
		r.begin(false)
		if len(r.stack) >= maxDepth {
			return 0, fmt.Errorf("%s: lists and objects nested deeper than %d (no result file nests more than a few)", r.path(), maxDepth)
		}
		r.stack = append(r.stack, rawLevel{list: c == '[', wantKey: c == '{'})
	case '}', ']':
		if len(r.stack) == 0 {
			return 0, fmt.Errorf("not a result file: %q closes nothing", c)
		}
		r.stack = r.stack[:len(r.stack)-1]
		r.done = len(r.stack) == 0
	case '"':
		isKey := len(r.stack) > 0 && !r.top().list && r.top().wantKey
		r.begin(isKey)
		r.inText, r.isKey, r.start = true, isKey, i+1
	case ':':
		if len(r.stack) > 0 {
			r.top().wantKey = false
		}
	case ',':
		if len(r.stack) > 0 && !r.top().list {
			r.top().wantKey = true
		}
	default:
		r.begin(false)
		if len(r.stack) > 0 && r.top().list {
			if j := r.numbers(i); j > i {
				return j, nil
			}
		}
		r.inLit, r.start = true, i
		return i, nil
	}
	return i + 1, nil
}

// numbers skips the numbers of a list from the one that begins at i, the bulk of a
// run's file, and returns where they end. It neither counts them nor measures them:
// the walker bounds each list of numbers before it holds any of it, and the file's
// bound its length; the first pass only needs to know where they end.
func (r *rawReader) numbers(i int) int {
	b := r.buf
	j := i
	for j < len(b) && numberRun[b[j]] {
		j++
	}
	if j == len(b) && j > i && b[j-1] != ',' && !isSpace(b[j-1]) { // the chunk ends inside a number
		k := j
		for k > i && !(b[k-1] == ',' || isSpace(b[k-1])) {
			k--
		}
		r.inLit, r.start = true, k
	}
	return j
}

// numberRun holds the bytes of a list of numbers: digits, signs, points, exponents,
// commas and spaces.
var numberRun = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-.eE, \t\n\r") {
		t[c] = true
	}
	return t
}()

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isDelim reports whether c ends a number or a word.
func isDelim(c byte) bool {
	return c == ',' || c == ']' || c == '}' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '[' || c == '{'
}

func (r *rawReader) top() *rawLevel { return &r.stack[len(r.stack)-1] }

// begin notes a value (or, with key, a field's name) beginning in the current list
// or object, for the path of a message.
func (r *rawReader) begin(key bool) {
	if len(r.stack) == 0 {
		return
	}
	if l := r.top(); l.list || key {
		l.n++
	}
}

// endText ends the text that closes at end; a field's name is kept for the path,
// and the top object's schema noted.
func (r *rawReader) endText(end int) {
	r.inText = false
	if len(r.stack) == 0 {
		return
	}
	l := r.top()
	if r.isKey {
		l.keyStart, l.keyEnd = r.start, end
		return
	}
	if len(r.stack) == 1 && string(r.buf[l.keyStart:l.keyEnd]) == "schema" {
		var s string
		if json.Unmarshal(r.buf[r.start-1:end+1], &s) == nil {
			r.schema = s
		}
	}
}

// path names where the reader is: "backings[2].error".
func (r *rawReader) path() string { return r.pathTo(len(r.stack)) }

// pathTo names the place inside the first n levels.
func (r *rawReader) pathTo(n int) string {
	var b strings.Builder
	for _, l := range r.stack[:n] {
		switch {
		case l.list:
			b.WriteString("[" + strconv.Itoa(max(0, l.n-1)) + "]")
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(r.buf[l.keyStart:l.keyEnd]))
		}
	}
	if b.Len() == 0 {
		return "the file"
	}
	return b.String()
}

// loadFile reads the file at path with read; errors name the file, which the
// readers cannot, since they read a stream. Anything but a regular file is refused
// before it is opened: a named pipe would keep the reader waiting for a writer
// forever, a device would feed it without end (an unpacked archive of submissions
// may hold either).
func loadFile[T any](path string, read func(io.Reader, int64) (*T, error)) (*T, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	v, err := read(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return v, nil
}

// openRegular opens the regular file at path for reading and returns its size; it
// refuses anything else (a directory, a named pipe, a device, a socket) by name,
// without opening it.
func openRegular(path string) (*os.File, int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if err := checkRegular(path, st); err != nil {
		return nil, 0, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	now, err := f.Stat()
	if err == nil && !os.SameFile(st, now) {
		err = fmt.Errorf("%s: replaced while it was opened", filepath.Base(path))
	}
	if err == nil {
		err = checkRegular(path, now)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, now.Size(), nil
}

// checkRegular refuses a file that is not a regular one, saying what it is.
func checkRegular(path string, st os.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		if st.Size() > maxFileBytes {
			return fmt.Errorf("%s: not a result file: %s, larger than %s, more than the longest run the lab writes",
				filepath.Base(path), units.Bytes(float64(st.Size())), units.Bytes(float64(maxFileBytes)))
		}
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a folder"
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe (FIFO), which would keep the reader waiting"
	case m&os.ModeSocket != 0:
		what = "a socket"
	case m&os.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%s: %s, not a saved run or sweep: give a file", path, what)
}
