package result

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"localitylab/internal/units"
)

// A run's file is mostly its per-frame columns: six backings of 100,000 frames are
// about ten million numbers. encoding/json reads each through reflection, and took
// about two seconds of CPU for such a file on the development VM. So the walker reads
// them here, as whole numbers straight into their columns, and leaves encoding/json
// only the rest of the file.

var jsonUnmarshal = json.Unmarshal

// seriesColumn is one field of Series: its index and what its values are.
type seriesColumn struct {
	index int
	elem  reflect.Kind // Int64, Uint64 or String for a column; Invalid for another field
}

// seriesColumns are Series' fields by their JSON name, from the type, so that a column
// added to Series is read without a word here.
var seriesColumns = sync.OnceValue(func() map[string]seriesColumn {
	out := map[string]seriesColumn{}
	t := reflect.TypeFor[Series]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		c := seriesColumn{index: i}
		if f.Type.Kind() == reflect.Slice {
			switch k := f.Type.Elem().Kind(); k {
			case reflect.Int64, reflect.Uint64, reflect.String:
				c.elem = k
			}
		}
		out[name] = c
	}
	return out
})

// maxChecksum is a frame's checksum: 16 hex digits.
const maxChecksum = 16

// seriesValue decodes a backing's frames, column by column.
func (w *walker) seriesValue(sh *shape) (Series, error) {
	var s Series
	v := reflect.ValueOf(&s).Elem()
	limit := countOf(sh.path + ".*")
	mark := len(w.out)
	err := w.members(func(name string) error {
		c, ok := seriesColumns()[name]
		if !ok {
			return w.errorf("unknown field %q (a file of another version of Locality Lab, or not one of its files)", name)
		}
		w.steps = append(w.steps, step{name: name})
		defer func() { w.steps = w.steps[:len(w.steps)-1] }()
		f := v.Field(c.index)
		if w.peek() == 'n' && w.word("null") {
			f.SetZero()
			return nil
		}
		var col any
		var err error
		switch c.elem {
		case reflect.Int64:
			col, err = wholeNumbers[int64](w, limit, true)
		case reflect.Uint64:
			col, err = wholeNumbers[uint64](w, limit, false)
		case reflect.String:
			col, err = w.checksums(limit)
		default: // a field of another kind: encoding/json reads it
			start, at := w.pos, len(w.out)
			if err := w.value(&shape{kind: shapeScalar}); err != nil {
				return err
			}
			w.out = w.out[:at]
			return jsonUnmarshal(w.data[start:w.pos], f.Addr().Interface())
		}
		if err != nil {
			return err
		}
		f.Set(reflect.ValueOf(col))
		return nil
	})
	w.out = w.out[:mark]
	return s, err
}

// word consumes the word s if it is next.
func (w *walker) word(s string) bool {
	if w.pos+len(s) <= len(w.data) && string(w.data[w.pos:w.pos+len(s)]) == s &&
		(w.pos+len(s) == len(w.data) || isDelim(w.data[w.pos+len(s)])) {
		w.pos += len(s)
		return true
	}
	return false
}

// entries guesses how many entries the list at w.pos holds, from its commas, for
// the capacity of its column: at most limit.
func (w *walker) entries(limit int) int {
	rest := w.data[w.pos:]
	if end := bytes.IndexByte(rest, ']'); end >= 0 {
		rest = rest[:end]
	}
	return min(bytes.Count(rest, []byte{','})+1, limit)
}

// wholeNumbers decodes a list of whole numbers (signed: negative ones allowed) of at
// most limit entries; null stands for 0, as encoding/json reads it.
func wholeNumbers[T int64 | uint64](w *walker, limit int, signed bool) ([]T, error) {
	if w.peek() != '[' {
		return nil, w.errorf("want a list of whole numbers")
	}
	out := make([]T, 0, w.entries(limit))
	w.pos++
	d := w.data
	if w.peek() == ']' {
		w.pos++
		return out, nil
	}
	for {
		if len(out) >= limit {
			return nil, w.errorf("more than %s entries (at most %s)", units.Count(float64(limit)), units.Count(float64(limit)))
		}
		w.space()
		start := w.pos
		neg := w.pos < len(d) && d[w.pos] == '-'
		if neg {
			w.pos++
		}
		var u uint64
		from := w.pos
		for w.pos < len(d) && d[w.pos] >= '0' && d[w.pos] <= '9' {
			u = u*10 + uint64(d[w.pos]-'0')
			w.pos++
		}
		digits := w.pos - from
		overflow := false
		if digits >= 20 { // 19 digits always fit in 64 bits; 20 may not
			var err error
			u, err = strconv.ParseUint(string(d[from:w.pos]), 10, 64)
			overflow = err != nil
		}
		var x T
		switch {
		case digits == 0 && !neg && w.word("null"):
		case digits == 0:
			return nil, w.entryError(len(out), "want a whole number")
		case w.pos < len(d) && (d[w.pos] == '.' || d[w.pos] == 'e' || d[w.pos] == 'E'):
			for w.pos < len(d) && !isDelim(d[w.pos]) {
				w.pos++
			}
			return nil, w.entryError(len(out), "%s is not a whole number", d[start:w.pos])
		case neg && !signed:
			return nil, w.entryError(len(out), "%s is below 0 (a count or a size)", d[start:w.pos])
		case overflow || signed && (!neg && u > math.MaxInt64 || neg && u > 1<<63):
			return nil, w.entryError(len(out), "%s is out of range", d[start:w.pos])
		case neg:
			x = T(-int64(u)) // u ≤ 1<<63: -int64 wraps to MinInt64 exactly there
		default:
			x = T(u)
		}
		out = append(out, x)
		w.space()
		if w.pos >= len(d) {
			return nil, errCut
		}
		switch d[w.pos] {
		case ',':
			w.pos++
		case ']':
			w.pos++
			return out, nil
		default:
			return nil, w.entryError(len(out)-1, "want , or ] after it, found %q", d[w.pos])
		}
	}
}

func (w *walker) entryError(i int, format string, args ...any) error {
	w.steps = append(w.steps, step{index: i})
	defer func() { w.steps = w.steps[:len(w.steps)-1] }()
	return w.errorf(format, args...)
}

// checksums decodes the column of checksums: texts of at most 16 characters, held in
// one string (one allocation for the column rather than one a frame).
func (w *walker) checksums(limit int) ([]string, error) {
	if w.peek() != '[' {
		return nil, w.errorf("want a list of checksums (16 hex digits each)")
	}
	n := w.entries(limit)
	w.pos++
	var all []byte
	ends := make([]int, 0, n)
	if w.peek() == ']' {
		w.pos++
		return []string{}, nil
	}
	for {
		if len(ends) >= limit {
			return nil, w.errorf("more than %s entries (at most %s)", units.Count(float64(limit)), units.Count(float64(limit)))
		}
		switch w.peek() {
		case '"':
			if d := w.data[w.pos:]; len(d) >= maxChecksum+2 && d[maxChecksum+1] == '"' && isChecksum(string(d[1:maxChecksum+1])) {
				if all == nil {
					all = make([]byte, 0, n*maxChecksum)
				}
				all = append(all, d[1:maxChecksum+1]...) // the usual checksum: 16 hex digits, nothing to decode
				w.pos += maxChecksum + 2
				break
			}
			start := len(w.out)
			w.steps = append(w.steps, step{index: len(ends)})
			err := w.text(refuse(maxChecksum))
			w.steps = w.steps[:len(w.steps)-1]
			if err != nil {
				return nil, err
			}
			s, err := unquote(w.out[start:])
			w.out = w.out[:start]
			if err != nil {
				return nil, w.entryError(len(ends), "%v", err)
			}
			if all == nil {
				all = make([]byte, 0, n*maxChecksum)
			}
			all = append(all, s...)
		case 'n':
			if !w.word("null") {
				return nil, w.entryError(len(ends), "want a checksum (16 hex digits)")
			}
		default:
			return nil, w.entryError(len(ends), "want a checksum (16 hex digits)")
		}
		ends = append(ends, len(all))
		switch w.peek() {
		case ',':
			w.pos++
		case ']':
			w.pos++
			text := string(all)
			out := make([]string, len(ends))
			from := 0
			for i, e := range ends {
				out[i], from = text[from:e], e
			}
			return out, nil
		default:
			if w.pos >= len(w.data) {
				return nil, errCut
			}
			return nil, w.entryError(len(ends)-1, "want , or ] after it, found %q", w.data[w.pos])
		}
	}
}
