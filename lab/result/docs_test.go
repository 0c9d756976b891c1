package result

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestFieldsDocumented: every key of a run's and a sweep's file, down to a backing's
// summary and a point's backing, is named in docs/files.md. A field added to the
// format fails here until the page says what it holds.
func TestFieldsDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/files.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, v := range []any{Run{}, Backing{}, Load{}, Series{}, Summary{}, Sweep{}, Point{}, PointBacking{}} {
		typ := reflect.TypeOf(v)
		for _, key := range jsonKeys(typ) {
			if !strings.Contains(doc, "`"+key+"`") {
				t.Errorf("%s.%s is not named in docs/files.md", typ.Name(), key)
			}
		}
	}
}

// jsonKeys are the keys a struct is written with, those of embedded structs included.
func jsonKeys(typ reflect.Type) []string {
	var out []string
	for f := range typ.Fields() {
		tag := f.Tag.Get("json")
		if f.Anonymous && tag == "" {
			out = append(out, jsonKeys(f.Type)...)
			continue
		}
		if name, _, _ := strings.Cut(tag, ","); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}
