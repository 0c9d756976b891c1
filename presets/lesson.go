package presets

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/scenarios"
	"localitylab/scenarios/workload"
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
	spec, err := scenarios.Lookup(workloadName)
	if err != nil {
		return ""
	}
	was, err1 := spec.Resolve(origin.Params)
	now, err2 := spec.Resolve(params)
	if err1 != nil || err2 != nil {
		return ""
	}
	var before, after []string
	for _, q := range spec.Params {
		if was[q.Name] != now[q.Name] {
			before = append(before, q.Name+" = "+units.Count(float64(was[q.Name])))
			after = append(after, q.Name+" = "+units.Count(float64(now[q.Name])))
		}
	}
	if len(before) == 0 {
		return ""
	}
	return fmt.Sprintf("The lesson was written for %s; %s has %s. The sizes its text names are the lesson's, not %s.",
		strings.Join(before, ", "), what, strings.Join(after, ", "), what+"'s")
}
