package lab

import (
	"fmt"
	"path/filepath"

	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// A saved run or sweep is read by the command line (report, compare, the app's
// -compare) and by the window (Open, Compare with a saved run) through LoadRun and
// LoadSweep, so that every door checks a file alike: against itself (the result
// package's Validate, before anything is sized from it), then against this binary,
// whose workloads and backings are the only ones whose figures it can name.

// LoadRun reads the run saved at path and checks it: errors name the file and the
// field at fault.
func LoadRun(path string) (*result.Run, error) {
	r, err := result.LoadJSON(path)
	if err != nil {
		return nil, err
	}
	if err := CheckKnown(r.Workload, backingNames(r), r.Params); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return r, nil
}

// LoadSweep reads the sweep saved at path and checks it as LoadRun does a run.
func LoadSweep(path string) (*result.Sweep, error) {
	s, err := result.LoadSweepJSON(path)
	if err != nil {
		return nil, err
	}
	if err := checkSweep(s); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return s, nil
}

// LoadSaved reads the file at path once, a saved run or a saved sweep as its schema
// says (the other nil), and checks it as LoadRun and LoadSweep do.
func LoadSaved(path string) (*result.Run, *result.Sweep, error) {
	r, s, err := result.LoadSaved(path)
	switch {
	case err != nil:
	case s != nil:
		err = checkSweep(s)
	default:
		err = CheckKnown(r.Workload, backingNames(r), r.Params)
	}
	if err != nil {
		if r != nil || s != nil {
			err = fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		return nil, nil, err
	}
	return r, s, nil
}

// checkSweep checks a sweep against this binary: its workload, backings and fixed
// parameters as a run's, and the parameter it swept, each value it took and each
// value a tied parameter took with it within the parameter's range, since a point
// is drawn and divided by its value (entities −5 is no world).
func checkSweep(s *result.Sweep) error {
	if err := CheckKnown(s.Workload, s.Backings, s.Params); err != nil {
		return err
	}
	spec, err := workloads.Lookup(s.Workload)
	if err != nil {
		return fmt.Errorf("workload: %w", err)
	}
	q, ok := spec.Param(s.Param)
	if !ok && s.Param == result.PagesParam { // the page mode, each value one (result.Sweep.Validate checked them)
		q, ok = workload.Param{Name: s.Param, Max: int64(len(result.PagesModes) - 1)}, true
	}
	if !ok {
		return fmt.Errorf("param: the %s workload has no parameter %q", s.Workload, s.Param)
	}
	for i, v := range s.Values {
		if v < q.Min || v > q.Max {
			return fmt.Errorf("values[%d]: %s = %d is out of range for %s (want %d to %d)", i, s.Param, v, spec.Name, q.Min, q.Max)
		}
	}
	for i := range s.Points {
		if err := CheckKnown(s.Workload, nil, s.Points[i].Tied); err != nil {
			return fmt.Errorf("points[%d] (%s = %d): tied %w", i, s.Param, s.Points[i].Value, err)
		}
	}
	return nil
}

// CheckKnown reports a workload this binary does not have, a backing it does not
// offer for that workload (a backing of one's own is known only to the program that
// registers it, which the error says), or a parameter out of the workload's range. A
// parameter the workload does not have is let be: a run saved by another version
// shows it as recorded.
func CheckKnown(workloadName string, backings []string, p workload.Params) error {
	spec, err := workloads.Lookup(workloadName)
	if err != nil {
		return fmt.Errorf("workload: %w", err)
	}
	for _, k := range p.Keys() {
		if q, ok := spec.Param(k); ok && (p[k] < q.Min || p[k] > q.Max) {
			return fmt.Errorf("params: %s = %d is out of range for %s (want %d to %d)", k, p[k], spec.Name, q.Min, q.Max)
		}
	}
	for i, b := range backings {
		if err := spec.CheckBacking(b); err != nil {
			if workload.CheckKnown(b) != nil {
				return fmt.Errorf("backings[%d]: %w; a run of a backing of one's own is read by the program that registers it", i, err)
			}
			return fmt.Errorf("backings[%d]: %w", i, err)
		}
	}
	return nil
}

func backingNames(r *result.Run) []string {
	out := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		out[i] = b.Name
	}
	return out
}
