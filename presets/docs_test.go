package presets

import (
	"os"
	"strings"
	"testing"
)

// TestLessonsDocumented: docs/lessons.md names every built-in lesson, so that a lesson
// added to presets/builtin is described where a teacher looks for it.
func TestLessonsDocumented(t *testing.T) {
	data, err := os.ReadFile("../docs/lessons.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range builtinOrder {
		if !strings.Contains(string(data), "`"+name+"`") {
			t.Errorf("%s: not named in docs/lessons.md (add it to the table of lessons)", name)
		}
	}
}
