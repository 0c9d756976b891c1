package presets

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"localitylab/workloads"
)

// A lesson's text holds no figure of a particular machine: the student reads it on
// another one, where the run in front of them gives other figures. Every number in
// it is one of these:
//   - a source's number ("source 003"), or a figure its claims quote with their
//     source (the claims' text and setting);
//   - a value of the lesson's setup: its parameters, the workload's defaults, its
//     sweep's values, its frames;
//   - a figure listed below for that lesson, as the words around it that it is
//     written in, each with the source that states it or the fact of the setup it
//     is (a size the code fixes, a version of Go).
// Whatever this machine measured, the run prints beside the lesson.

// lessonFigure is a number a lesson's text may hold beyond its claims and setup, and
// why: "source 001: ranging over a map took 129.9 ms", "setup: …".
type lessonFigure struct{ figure, why string }

// lessonFigures are, per lesson, the numbers of lessonFigure.
var lessonFigures = map[string][]lessonFigure{
	"pointer-chasing": {{"24-byte", "setup: a sprite object's size in the code"}},
	"cache-cliff": {
		{"128 bytes", "setup: the largest value Go's map keeps in its slot groups"},
		{"1,024 slots", "setup: the largest table of Go's map, which a map made for n entries has a power of two of"}},
	"aos-vs-soa": {
		{"24 bytes", "setup: the slot map's sprite record"},
		{"moving_pct 10", "setup: a value of moving_pct the lesson suggests"}},
	"linked-list": {{"32 bytes instead of 24", "setup: a sprite object's size with and without its link"}},
	"stride": {
		{"24 bytes", "setup: the slot map's sprite record"},
		{"1.25 times", "setup: the least bend the verdict counts (minBend)"}},
	"hot-cold": {
		{"24 bytes", "setup: the slot map's sprite record"},
		{"to 88", "setup: the slot map's record with 64 cold bytes inside"},
		{"0,64,128,256", "setup: values of cold_bytes the lesson suggests sweeping"}},
	"hot-cold-pointer": {
		{"280 bytes", "setup: a record with 256 cold bytes inside"},
		{"24-byte", "setup: the sprite record without its cold bytes"}},
	"packed-vs-holes": {{"0,25,50,75,90", "setup: values of dead_pct the lesson suggests sweeping"}},
	"maps-vs-slices": {
		{"over 80%", "source 001: the map's range took over 80% of its game's CPU time"},
		{"0.3 ns", "source 001: its slice's 3.0 ms over ten million turns"},
		{"Go 1.24", "setup: the Go release that made the map a Swiss table"}},
	"slotmap-churn":    {{"Go 1.24", "setup: the Go release that made the map a Swiss table"}},
	"allocs-per-frame": {{"24-byte", "setup: a trail object's size"}, {"(24 bytes,", "setup: a trail object's size"}},
	"sprites-million": {
		{"60 frames", "source 004: a pan at 60 frames a second"},
		{"16.7 ms", "setup: the frame budget at 60 frames a second"}},
	"row-order": {
		{"4 KiB", "setup: the small page of x86-64 Linux"},
		{"2 MiB", "setup: the huge page of x86-64 Linux"},
		{"256 rows", "setup: 2 MiB of 8 KB rows of heads"},
		{"256 steps", "setup: 2 MiB of 8 KB rows of heads"}},
	"tiles-rows": {
		{"4,700", "setup: forty million entries over 107 by 80 tiles"},
		{"17%", "source 000: 479,508,224 bytes against 410,546,720"},
		{"12 bytes", "setup: an entry's id, next and prev"},
		{"(6 MB)", "setup: half a million 12-byte entries"},
		{"growth to 2", "setup: a value of growth the lesson suggests"}},
	"lookup-by-id":       {{"-handles 1024", "setup: a value of handles the lesson suggests"}},
	"spatialhash-motion": {{"0, 1, 5 and 50", "setup: values of moving % the lesson suggests"}},
	"spatialhash-overlap": {
		{"72 units", "setup: source 004's cells, twice the mean sprite side"},
		{"2.2 on average", "setup: the cells a sprite covers at the defaults, which the seed fixes"}},
}

// figureToken matches a number in running text: "9,999,999", "129.9", "64".
var figureToken = regexp.MustCompile(`[0-9][0-9.,]*[0-9]|[0-9]`)

// figuresOf lists the numbers of text, each as written and as a value; a digit that
// is part of a word ("L1", "x86", "go1") is a name, not a figure, and is left out.
func figuresOf(text string) (written []string, values []float64) {
	for _, m := range figureToken.FindAllStringIndex(text, -1) {
		if m[0] > 0 && isLetter(text[m[0]-1]) {
			continue
		}
		w := text[m[0]:m[1]]
		v, err := strconv.ParseFloat(strings.ReplaceAll(w, ",", ""), 64)
		if err != nil {
			continue
		}
		written, values = append(written, w), append(values, v)
	}
	return written, values
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// allowedFigures are the values a lesson's text may hold (see above).
func allowedFigures(t *testing.T, p Preset) map[float64]bool {
	t.Helper()
	ok := map[float64]bool{float64(p.Frames): true, float64(p.Warmup): true}
	add := func(text string) {
		_, vs := figuresOf(text)
		for _, v := range vs {
			ok[v] = true
		}
	}
	for _, c := range p.Claims {
		add(c.Source)
		add(c.Text)
		add(c.Setting)
		for _, v := range c.Conditions {
			ok[float64(v)] = true
		}
	}
	spec, err := workloads.Lookup(p.Workload)
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := spec.Resolve(p.Params)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range resolved {
		ok[float64(v)] = true
	}
	if p.Sweep != nil {
		for _, v := range p.Sweep.Values {
			ok[float64(v)] = true
		}
	}
	return ok
}

// sourceNumber matches a source's name, whose digits are no figure.
var sourceNumber = regexp.MustCompile(`(?i)sources? [0-9]{3}((, | and | or )[0-9]{3})*`)

// TestLessonFigures holds every built-in lesson's text to the rule above.
func TestLessonFigures(t *testing.T) {
	for _, p := range builtins {
		ok := allowedFigures(t, p)
		text := sourceNumber.ReplaceAllString(p.Title+"\n"+p.Lesson, "source")
		for _, f := range lessonFigures[p.Name] {
			text = strings.ReplaceAll(text, f.figure, "")
		}
		written, values := figuresOf(text)
		for i, v := range values {
			if !ok[v] {
				t.Errorf("%s: %q is neither a source's figure, nor the lesson's setup, nor listed in lessonFigures with its source", p.Name, written[i])
			}
		}
	}
}

// TestLessonFiguresListed keeps the list honest: each figure it allows says where it
// comes from, and is one that the lesson's text holds.
func TestLessonFiguresListed(t *testing.T) {
	for name, figs := range lessonFigures {
		p, found := builtinNamed(name)
		if !found {
			t.Errorf("lessonFigures: %q is no built-in lesson", name)
			continue
		}
		for _, f := range figs {
			if !strings.HasPrefix(f.why, "source ") && !strings.HasPrefix(f.why, "setup: ") {
				t.Errorf("%s: figure %q: why %q (want \"source NNN: …\" or \"setup: …\")", name, f.figure, f.why)
			}
			if !strings.Contains(p.Lesson, f.figure) {
				t.Errorf("%s: figure %q is listed but not in the lesson's text", name, f.figure)
			}
		}
	}
}
