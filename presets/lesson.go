package presets

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// BuiltinTitled returns the built-in lesson of that title on that workload: the
// lesson a saved run came from, since a run records its title but not its lesson.
func BuiltinTitled(title, workloadName string) (Preset, bool) {
	for _, b := range builtins {
		if title != "" && b.Title == title && b.Workload == workloadName {
			return b, true
		}
	}
	return Preset{}, false
}

// ConditionsNote says how params differ from the parameters the lesson was written
// for, or "" when they do not (or lesson is no built-in's). A lesson's text names
// its sizes ("a million sprites"); once -entities or the panel changes them, the text
// describes another setup, and the note says so where the text is shown. what names
// the changed thing: "this run", "this setup".
func ConditionsNote(lesson, workloadName string, params workload.Params, what string) string {
	var origin *Preset
	for i := range builtins {
		if lesson != "" && builtins[i].Lesson == lesson && builtins[i].Workload == workloadName {
			origin = &builtins[i]
		}
	}
	if origin == nil {
		return ""
	}
	spec, err := workloads.Lookup(workloadName)
	if err != nil {
		return ""
	}
	was, err1 := spec.Resolve(origin.Params)
	now, err2 := spec.Resolve(params)
	if err1 != nil || err2 != nil {
		return ""
	}
	names := make([]string, len(spec.Params))
	for i, q := range spec.Params {
		names[i] = q.Name
	}
	before, after := differences(names, was, now)
	if len(before) == 0 {
		return ""
	}
	return fmt.Sprintf("The lesson was written for %s; %s has %s. The sizes its text names are the lesson's, not %s.",
		strings.Join(before, ", "), what, strings.Join(after, ", "), what+"'s")
}

// differences lists, for each of names whose value differs between was and now, the
// two values as "name = value"; a name that now lacks (a run saved before the
// parameter existed) is not a difference.
func differences(names []string, was, now workload.Params) (before, after []string) {
	for _, k := range names {
		if v, ok := now[k]; ok && v != was[k] {
			before = append(before, k+" = "+units.Count(float64(was[k])))
			after = append(after, k+" = "+units.Count(float64(v)))
		}
	}
	return before, after
}

// Paragraphs splits a lesson's text at its blank lines, each paragraph's line breaks
// and runs of spaces folded into single spaces, so that the app and the command line
// can set each one apart.
func Paragraphs(lesson string) []string {
	var out []string
	for _, para := range strings.Split(strings.ReplaceAll(lesson, "\r\n", "\n"), "\n\n") {
		if p := strings.Join(strings.Fields(para), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}
