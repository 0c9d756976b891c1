package workload

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/backingnames"
	"localitylab/internal/owned"
)

// MaxPerRun is how many backings one run compares at most, whatever number this binary
// knows: each gets a colour, a line per chart and a row of the table that stay readable.
const MaxPerRun = backingnames.MaxPerRun

// AllBackings returns every backing this binary knows, in the order the app shows
// them: the built-ins, then those registered, in the order of registration.
func AllBackings() []string { return backingnames.All() }

// IsBuiltin reports whether name is one of the six built-in Backings.
func IsBuiltin(name string) bool { return slices.Contains(Backings, name) }

// CheckKnown returns an error naming the backing when this binary knows no backing of
// that name, built in or registered.
func CheckKnown(name string) error {
	if backingnames.Known(name) {
		return nil
	}
	return fmt.Errorf("unknown backing %q (want one of %s)", name, strings.Join(AllBackings(), ", "))
}

// own returns the registered store of backing b on workload w.
func own(b, w string) (owned.Store[Store], bool) { return owned.Lookup[Store](b, w) }

// Backings returns the backings offered for this workload, in display order: every
// built-in, then each registered backing that implements it.
func (s *Spec) Backings() []string {
	out := slices.Clone(Backings)
	for _, b := range backingnames.Extra() {
		if _, ok := own(b, s.Name); ok {
			out = append(out, b)
		}
	}
	return out
}

// CheckBacking returns an error when b is not offered for this workload: a name this
// binary does not know, or a registered backing that does not implement the workload.
func (s *Spec) CheckBacking(b string) error {
	if IsBuiltin(b) {
		return nil
	}
	if _, ok := own(b, s.Name); ok {
		return nil
	}
	if backingnames.Known(b) {
		return fmt.Errorf("backing %q does not implement %s (it implements %s); for %s want one of %s",
			b, s.Name, strings.Join(owned.Workloads(b), ", "), s.Name, strings.Join(s.Backings(), ", "))
	}
	return fmt.Errorf("unknown backing %q (want one of %s)", b, strings.Join(s.Backings(), ", "))
}

// NewStore makes the store of backing b for resolved parameters p: a built-in through
// s.New, a registered one through its own New. The lab and the registry make every
// store through it. A store that refuses p says so with a *StoreError.
func (s *Spec) NewStore(p Params, b string) (Store, error) {
	if err := s.CheckBacking(b); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if o, ok := own(b, s.Name); ok {
		st, err := o.New(p)
		if err != nil {
			return nil, &StoreError{Workload: s.Name, Backing: b, Err: fmt.Errorf("%s: %s: %w", s.Name, b, err)}
		}
		if st == nil {
			return nil, fmt.Errorf("%s: %s: New returned no store", s.Name, b)
		}
		return st, nil
	}
	st, err := s.New(p, b)
	if err != nil {
		return nil, &StoreError{Workload: s.Name, Backing: b, Err: err}
	}
	return st, nil
}

// StoreError is a store refusing resolved parameters: values each allowed alone that
// do not go together (a band too small for the world), or that a backing of one's
// own does not take. Its message names the workload and the parameters, so that a
// caller shows it as it is, whatever field it came through; a single value out of
// range is a *ParamError inside it.
type StoreError struct {
	Workload, Backing string
	Err               error // what the store's New said: "sprites: min_size = 9 is larger than max_size = 8"
}

func (e *StoreError) Error() string { return e.Err.Error() }
func (e *StoreError) Unwrap() error { return e.Err }

// Estimate is a rough upper bound of backing b's heap for resolved parameters p: the
// workload's own figure for a built-in, the backing's for a registered one, or, when
// that gives none, the largest of the built-ins'.
func (s *Spec) Estimate(p Params, b string) int64 {
	if o, ok := own(b, s.Name); ok {
		if o.Estimate != nil {
			return o.Estimate(p)
		}
		var most int64
		for _, bb := range Backings {
			most = max(most, s.EstimateBytes(p, bb))
		}
		return most
	}
	return s.EstimateBytes(p, b)
}

// Note is what the app says about backing b on this workload.
func (s *Spec) Note(b string) string {
	if o, ok := own(b, s.Name); ok {
		return o.Note
	}
	return s.Notes[b]
}

// Core is what every store implements: the part of Store a store of one's own must
// write (package byo), since its workload supplies Scene from its own records.
type Core interface {
	Load(ctx context.Context, progress func(fraction float64)) error
	Frame() uint64
	Entities() int
}
