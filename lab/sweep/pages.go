package sweep

import (
	"fmt"
	"strings"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// pagesParam is the page mode as the parameter of a sweep (result.PagesParam): not a
// workload's, but a condition of each point's whole run (lab.Config.Pages), so that
// one sweep runs the same work in huge and in small pages, the points interleaved in
// time as any sweep's. Its values are result.PagesModes' indexes; they name ways of
// working, not amounts.
func pagesParam() workload.Param {
	return workload.Param{Name: result.PagesParam, Default: 0, Min: 0, Max: int64(len(result.PagesModes) - 1), Modes: true,
		Doc: "the memory pages each point's heaps get: " + strings.Join(result.PagesModes, ", ")}
}

// Param is the parameter of spec's sweeps named name: the workload's own of that
// name, or the page mode (result.PagesParam).
func Param(spec *workload.Spec, name string) (workload.Param, bool) {
	if q, ok := spec.Param(name); ok {
		return q, true
	}
	if name == result.PagesParam {
		return pagesParam(), true
	}
	return workload.Param{}, false
}

// Params are the names of the parameters a sweep of spec can vary: the workload's,
// then the page mode.
func Params(spec *workload.Spec) []string {
	var names []string
	for _, q := range spec.Params {
		names = append(names, q.Name)
	}
	return append(names, result.PagesParam)
}

// sweptParam is the parameter c sweeps: the workload's of that name, or the page
// mode. A sweep of the page mode is refused where the lab has no say in the pages
// (lab.PagesControl), since its points would all run in the same ones.
func sweptParam(spec *workload.Spec, name string) (workload.Param, error) {
	if q, ok := Param(spec, name); ok {
		if why := lab.PagesControl(); why != "" && name == result.PagesParam {
			return workload.Param{}, fmt.Errorf("param: the page mode cannot be swept here: %s", why)
		}
		return q, nil
	}
	names := make([]string, len(spec.Params))
	for i, p := range spec.Params {
		names[i] = p.Name
	}
	return workload.Param{}, fmt.Errorf("param: the %s workload has no parameter %q (want one of %s, or %s for the page mode)",
		spec.Name, name, strings.Join(names, ", "), result.PagesParam)
}

// ParseValuesOf reads the values of a sweep of param as a person types them: page
// modes for the page mode (ParsePagesValues), numbers for any other (ParseValues).
func ParseValuesOf(param, s string) ([]int64, error) {
	if param == result.PagesParam {
		return ParsePagesValues(s)
	}
	return ParseValues(s)
}

// FormatValuesOf writes the values of a sweep of param as ParseValuesOf reads them.
func FormatValuesOf(param string, values []int64) string {
	if param == result.PagesParam {
		return FormatPagesValues(values)
	}
	return FormatValues(values)
}

// ParsePagesValues reads the values of a sweep of the page mode as a person types
// them: page modes separated by commas ("huge,small"). The error names the word
// that is not one.
func ParsePagesValues(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		v, err := result.PagesValue(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// FormatPagesValues writes the values of a sweep of the page mode as
// ParsePagesValues reads them back: "huge, small".
func FormatPagesValues(values []int64) string {
	return strings.Join(result.PagesLabels(values), ", ")
}
