package result

import (
	"reflect"
	"strings"
	"sync"
	"time"
)

// A shape is what the reader expects at one place of a file: an object with these
// fields, a list of at most so many entries, a text within its bound. It is made
// from the Go types themselves (their json tags), so that a field added to Run or
// Sweep is read with its bound (the defaults where bounds.go names none) without a
// second list of fields to keep in step.
type shape struct {
	kind   shapeKind
	path   string            // "backings[].error", as bounds.go names it
	fields map[string]*shape // an object's fields, by their JSON name
	elem   *shape            // a list's or a map's entries
	text   textRule          // a text's bound; a map's keys'
	count  int               // the most entries of a list or a map
}

type shapeKind int

const (
	shapeScalar shapeKind = iota // a number or a bool: bounded by Validate
	shapeText
	shapeObject
	shapeMap
	shapeList
	shapeSeries // a backing's frames, read column by column (seriesjson.go)
)

var (
	shapesOnce                       sync.Once
	runShape, sweepShape, probeShape *shape
)

// shapes returns the shapes of a run's file and a sweep's.
func shapes() (run, sweep *shape) {
	shapesOnce.Do(func() {
		runShape = shapeOf(reflect.TypeFor[Run](), "")
		sweepShape = shapeOf(reflect.TypeFor[Sweep](), "")
		probeShape = shapeOf(reflect.TypeFor[Probe](), "")
	})
	return runShape, sweepShape
}

// shapeOfProbe returns the shape of a probe's own file, whose bounds are the probe's
// (Probe.Validate) beyond the defaults.
func shapeOfProbe() *shape {
	shapes()
	return probeShape
}

var (
	timeType   = reflect.TypeFor[time.Time]()
	seriesType = reflect.TypeFor[Series]()
)

// shapeOf is the shape of a value of type t found at path.
func shapeOf(t reflect.Type, path string) *shape {
	return shapeIn(t, path, map[reflect.Type]*shape{})
}

// shapeIn is shapeOf within the structs being made (open): a struct that holds
// itself (a simulated cache's reported geometry, another SimCache) has the shape of
// the one it is in.
func shapeIn(t reflect.Type, path string, open map[reflect.Type]*shape) *shape {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := open[t]; ok {
		return s
	}
	s := &shape{path: path}
	switch {
	case t == timeType || t.Kind() == reflect.String:
		s.kind, s.text = shapeText, ruleOf(path)
	case t == seriesType:
		s.kind = shapeSeries
	case t.Kind() == reflect.Struct:
		s.kind, s.fields = shapeObject, map[string]*shape{}
		open[t] = s
		addFields(s, t, path, open)
		delete(open, t)
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		s.kind, s.count, s.elem = shapeList, countOf(path), shapeIn(t.Elem(), path+"[]", open)
	case t.Kind() == reflect.Map:
		s.kind, s.count, s.elem = shapeMap, countOf(path), shapeIn(t.Elem(), path+".*", open)
		s.text = defaultText
		if r, ok := keyRules[path]; ok {
			s.text = r
		}
	default:
		s.kind = shapeScalar
	}
	return s
}

// addFields adds the fields of struct t to s, those of an embedded struct without a
// name of its own inline, as encoding/json reads them.
func addFields(s *shape, t reflect.Type, path string, open map[reflect.Type]*shape) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported() && !f.Anonymous:
			continue
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			addFields(s, f.Type, path, open)
			continue
		case name == "":
			name = f.Name
		}
		child := name
		if path != "" {
			child = path + "." + name
		}
		s.fields[name] = shapeIn(f.Type, child, open)
	}
}

func ruleOf(path string) textRule {
	if r, ok := textRules[path]; ok {
		return r
	}
	return defaultText
}

func countOf(path string) int {
	if n, ok := countRules[path]; ok {
		return n
	}
	return defaultCount
}
