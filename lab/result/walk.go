package result

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"localitylab/internal/units"
)

// walker is the second pass (see readfile.go). It goes through a file's bytes with
// the shape of its kind. It refuses an unknown field, and a text or a list past its
// bound; it shortens the prose past its own; it decodes the per-frame columns. What
// is left, the file without its columns and its spaces, goes to out for encoding/json.
type walker struct {
	data   []byte
	pos    int
	out    []byte
	steps  []step   // where the walker is, for the messages
	series []Series // the frames of backings[i], as decoded
	// backing is the index of the backing whose object the walker is in (-1 outside
	// the run's list of backings).
	backing int
}

// step is one step of a path: a field's name, or an entry's index (name "").
type step struct {
	name  string
	index int
}

// walk runs the second pass over data with shape sh, and returns the rest for
// encoding/json and the decoded frames of each backing.
func walk(data []byte, sh *shape) (rest []byte, series []Series, err error) {
	w := &walker{data: data, out: make([]byte, 0, min(len(data), 1<<20)), backing: -1}
	if err := w.value(sh); err != nil {
		return nil, nil, err
	}
	w.space()
	if w.pos < len(w.data) {
		return nil, nil, fmt.Errorf("not a result file: it goes on after its object ends")
	}
	return w.out, w.series, nil
}

// path names where the walker is: "backings[2].frames.ns[17]".
func (w *walker) path() string {
	var b strings.Builder
	for _, s := range w.steps {
		if s.name == "" {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	if b.Len() == 0 {
		return "the file"
	}
	return b.String()
}

func (w *walker) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: %s", w.path(), fmt.Sprintf(format, args...))
}

func (w *walker) space() {
	for w.pos < len(w.data) {
		switch w.data[w.pos] {
		case ' ', '\t', '\n', '\r':
			w.pos++
		default:
			return
		}
	}
}

// peek is the next byte that is not a space, 0 at the end.
func (w *walker) peek() byte {
	w.space()
	if w.pos >= len(w.data) {
		return 0
	}
	return w.data[w.pos]
}

var errCut = errors.New("not a result file: it ends in the middle of a value")

// expect consumes c, writing it out.
func (w *walker) expect(c byte) error {
	if w.peek() != c {
		if w.pos >= len(w.data) {
			return errCut
		}
		return w.errorf("want %q, found %q", c, w.data[w.pos])
	}
	w.pos++
	w.out = append(w.out, c)
	return nil
}

// value walks one value of shape sh. A value of another kind than the shape's is
// copied as it is, for encoding/json to refuse with its type.
func (w *walker) value(sh *shape) error {
	switch c := w.peek(); {
	case c == 0:
		return errCut
	case c == '{' && sh.kind == shapeObject:
		return w.object(sh)
	case c == '{' && sh.kind == shapeMap:
		return w.mapOf(sh)
	case c == '{' && sh.kind == shapeSeries:
		s, err := w.seriesValue(sh)
		if err != nil {
			return err
		}
		if w.backing >= 0 {
			for len(w.series) <= w.backing {
				w.series = append(w.series, Series{})
			}
			w.series[w.backing] = s
		}
		w.out = append(w.out, '{', '}')
		return nil
	case c == '[' && sh.kind == shapeList:
		return w.list(sh)
	case c == '"':
		rule := sh.text
		if sh.kind != shapeText {
			rule = defaultText
		}
		return w.text(rule)
	case c == '{' || c == '[':
		return w.any()
	default:
		return w.literal()
	}
}

// object walks an object of known fields.
func (w *walker) object(sh *shape) error {
	return w.members(func(name string) error {
		f, ok := sh.fields[name]
		if !ok {
			return w.errorf("unknown field %q (a file of another version of Locality Lab, or not one of its files)", name)
		}
		w.steps = append(w.steps, step{name: name})
		err := w.value(f)
		w.steps = w.steps[:len(w.steps)-1]
		return err
	})
}

// mapOf walks a map: at most sh.count entries, named within sh.text.
func (w *walker) mapOf(sh *shape) error {
	n := 0
	return w.members(func(name string) error {
		if n++; n > sh.count {
			return w.errorf("more than %s entries (at most %s)", units.Count(float64(sh.count)), units.Count(float64(sh.count)))
		}
		if k := utf8.RuneCountInString(name); k > sh.text.max {
			return w.errorf("a name of %s characters (at most %d)", units.Count(float64(k)), sh.text.max)
		}
		w.steps = append(w.steps, step{name: name})
		err := w.value(sh.elem)
		w.steps = w.steps[:len(w.steps)-1]
		return err
	})
}

// members walks an object's fields, each name handed to field, which walks its
// value.
func (w *walker) members(field func(name string) error) error {
	if err := w.expect('{'); err != nil {
		return err
	}
	if w.peek() == '}' {
		return w.expect('}')
	}
	for {
		if w.peek() != '"' {
			return w.expect('"')
		}
		start := len(w.out)
		if err := w.text(textRule{max: 1 << 10}); err != nil {
			return err
		}
		name, err := unquote(w.out[start:])
		if err != nil {
			return w.errorf("a field's name: %v", err)
		}
		if err := w.expect(':'); err != nil {
			return err
		}
		if err := field(name); err != nil {
			return err
		}
		switch w.peek() {
		case ',':
			w.expect(',')
		case '}':
			return w.expect('}')
		default:
			return w.expect('}')
		}
	}
}

// list walks a list of at most sh.count entries.
func (w *walker) list(sh *shape) error {
	if err := w.expect('['); err != nil {
		return err
	}
	if w.peek() == ']' {
		return w.expect(']')
	}
	backings := sh.path == "backings" && sh.elem.kind == shapeObject
	if backings {
		w.series = w.series[:0] // a second list of backings replaces the first, as encoding/json reads it
	}
	for i := 0; ; i++ {
		if i >= sh.count {
			return w.errorf("more than %s entries (at most %s)", units.Count(float64(sh.count)), units.Count(float64(sh.count)))
		}
		w.steps = append(w.steps, step{index: i})
		if backings {
			w.backing = i
		}
		err := w.value(sh.elem)
		w.steps = w.steps[:len(w.steps)-1]
		if err != nil {
			return err
		}
		switch w.peek() {
		case ',':
			w.expect(',')
		default:
			if backings {
				w.backing = -1
			}
			return w.expect(']')
		}
	}
}

// text walks a text, refusing or shortening one past rule (see bounds.go).
func (w *walker) text(rule textRule) error {
	start := w.pos
	w.pos++ // the opening quote
	chars, cut := 0, -1
	for {
		if w.pos >= len(w.data) {
			return errCut
		}
		c := w.data[w.pos]
		if c == '"' {
			return w.endText(start, chars, cut, rule)
		}
		if chars == rule.max && cut < 0 {
			cut = w.pos // the first character past the bound
		}
		chars++ // as encoding/json reads it: a byte that is no character becomes one (U+FFFD)
		switch {
		case c == '\\' && w.pos+1 < len(w.data) && w.data[w.pos+1] == 'u':
			w.pos += 6
		case c == '\\':
			w.pos += 2
		case c >= utf8.RuneSelf:
			_, n := utf8.DecodeRune(w.data[w.pos:])
			w.pos += n
		default:
			w.pos++
		}
	}
}

// endText writes the text that began at start and ends at the quote at w.pos.
func (w *walker) endText(start, chars, cut int, rule textRule) error {
	end := w.pos
	w.pos++
	switch {
	case chars <= rule.max:
		w.out = append(w.out, w.data[start:w.pos]...)
	case !rule.shorten:
		return w.errorf("%s characters (at most %d)", units.Count(float64(chars)), rule.max)
	default:
		cut = min(cut, end)
		w.out = append(w.out, w.data[start:cut]...)
		w.out = append(w.out, fmt.Sprintf("… [shortened on reading: %s characters more]\"", units.Count(float64(chars-rule.max)))...)
	}
	return nil
}

// literal copies a number or a word.
func (w *walker) literal() error {
	start := w.pos
	for w.pos < len(w.data) && !isDelim(w.data[w.pos]) {
		w.pos++
	}
	if w.pos == start {
		return w.errorf("unexpected %q", w.data[w.pos])
	}
	w.out = append(w.out, w.data[start:w.pos]...)
	return nil
}

// any walks a value the shape does not expect there (encoding/json says what is
// wrong with it), with the default bounds.
func (w *walker) any() error {
	open := w.data[w.pos]
	if open == '{' {
		return w.members(func(name string) error {
			w.steps = append(w.steps, step{name: name})
			err := w.value(&shape{kind: shapeScalar})
			w.steps = w.steps[:len(w.steps)-1]
			return err
		})
	}
	return w.list(&shape{kind: shapeList, count: defaultCount, elem: &shape{kind: shapeScalar}})
}

// unquote decodes a JSON text, quotes included.
func unquote(raw []byte) (string, error) {
	if len(raw) < 2 {
		return "", errCut
	}
	inner := raw[1 : len(raw)-1]
	simple := true
	for _, c := range inner {
		if c == '\\' || c < 0x20 || c >= 0x80 {
			simple = false
			break
		}
	}
	if simple {
		return string(inner), nil
	}
	var s string
	err := jsonUnmarshal(raw, &s)
	return s, err
}
