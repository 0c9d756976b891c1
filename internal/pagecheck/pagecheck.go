// Package pagecheck holds the tests' checks of a written page as a browser reads it
// (tests only). It gives the elements, attributes and comments an HTML parser builds
// from the page. It also puts hostile text into every string a record carries. A
// test can then write the same record twice, once with plain words and once with
// markup, and ask whether any of the markup became part of the page.
package pagecheck

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"golang.org/x/net/html"
)

// Hostile is text that becomes a live script wherever a page fails to escape it:
// in a script block (its JSON or a JavaScript string of either quote), in an
// element's text, in an attribute of either quote or none, and in a comment.
const Hostile = `</script><script>alert(1)</script><!--<script>'"--></style><img src=x onerror=alert(2)> ` + "\u2028\u2029"

// Shape is the page as a browser's parser builds it, one line per node in document
// order: each element with the names of its attributes, each comment, and the text
// of each script (what runs). The text of every other element is left out. So two
// pages that differ only in their words have the same shape, and markup that a word
// turned into (an element, an attribute, a script's end) changes it. scripts counts
// the script elements.
func Shape(page []byte) (shape string, scripts int, err error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return "", 0, err
	}
	var b strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		ind := strings.Repeat(" ", depth)
		switch n.Type {
		case html.ElementNode:
			var attrs []string
			for _, a := range n.Attr {
				attrs = append(attrs, a.Key)
			}
			fmt.Fprintf(&b, "%s<%s %s>\n", ind, n.Data, strings.Join(attrs, " "))
			if n.Data == "script" {
				scripts++
			}
		case html.CommentNode:
			fmt.Fprintf(&b, "%s<!-- comment -->\n", ind)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth+1)
		}
	}
	walk(doc, 0)
	return b.String(), scripts, nil
}

// ScriptTexts are the texts of the page's script elements, as the browser hands
// them to its JavaScript engine.
func ScriptTexts(page []byte) ([]string, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, err
	}
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" {
			var t strings.Builder
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				t.WriteString(c.Data)
			}
			out = append(out, t.String())
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out, nil
}

// Diff is the first line where two shapes differ, with a few lines around it, or
// "" when they are the same.
func Diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		if i < len(w) && i < len(g) && w[i] == g[i] {
			continue
		}
		lo := max(0, i-3)
		return fmt.Sprintf("line %d:\nwant:\n%s\ngot:\n%s", i+1,
			strings.Join(w[lo:min(len(w), i+3)], "\n"), strings.Join(g[lo:min(len(g), i+3)], "\n"))
	}
	return ""
}

// Strings replaces every non-empty string reachable from v (a pointer) by f of it:
// struct fields, the elements of slices and arrays, the keys and values of maps,
// through pointers. An empty string stays empty, so that what a record leaves out
// stays left out. A struct field named in skip as "Type.Field" (its type's Go name,
// a dot, its own) is left as it is: the fields whose values a writer checks against
// a fixed list (a schema, a mode).
// Unexported fields and interfaces are left as they are.
func Strings(v any, f func(string) string, skip ...string) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic("pagecheck: Strings wants a non-nil pointer")
	}
	walkStrings(rv.Elem(), f, skip)
}

func walkStrings(v reflect.Value, f func(string) string, skip []string) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); s != "" && v.CanSet() {
			v.SetString(f(s))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			walkStrings(v.Elem(), f, skip)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).IsExported() && !slices.Contains(skip, t.Name()+"."+t.Field(i).Name) {
				walkStrings(v.Field(i), f, skip)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkStrings(v.Index(i), f, skip)
		}
	case reflect.Map:
		if v.IsNil() || !v.CanSet() {
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			k := reflect.New(v.Type().Key()).Elem()
			k.Set(iter.Key())
			walkStrings(k, f, skip)
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(iter.Value())
			walkStrings(e, f, skip)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	}
}

// Within is for a fuzz target's body. It crashes the fuzzing process, naming the
// input, if the body has not returned in limit (call the function Within returns,
// deferred). So the fuzzer keeps an input that takes too long as it keeps one that
// panics.
func Within(limit time.Duration, input string) (done func()) {
	t := time.AfterFunc(limit, func() {
		panic(fmt.Sprintf("pagecheck: one input took over %v (%d bytes): %.200q", limit, len(input), input))
	})
	return func() { t.Stop() }
}

// Limit is the most a fuzz target's input may take: 5 s, or ten times what plain
// (the target's work on a plain input) takes in this process, whichever is more. A
// fuzzing process is instrumented for coverage, which slows everything alike: a
// handout's chart drawn and encoded took 0.5 s in a test and over 5 s fuzzed, on a
// loaded 2-core VM. An input that makes the work grow with its length still stands
// out.
func Limit(plain func()) time.Duration {
	start := time.Now()
	plain()
	return max(5*time.Second, 10*time.Since(start))
}
