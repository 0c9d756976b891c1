// Package owned holds the backings a program registered of its own (package byo), for
// the workloads to find: each one's name and its store on each workload it implements.
// It is internal so that byo is the one way in; the workloads' Spec reads it.
//
// It knows nothing of a workload's Store: S is the type a store is made as, which
// package byo registers and package workload looks up, so that this leaf sits below
// both. Registration happens from main before any run starts; lookups may come from
// any goroutine after that, and are guarded all the same.
package owned

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"localitylab/internal/backingnames"
	"localitylab/internal/params"
)

// Store is a registered backing's store on one workload.
type Store[S any] struct {
	// New makes the store for resolved parameters p; it allocates nothing big, since
	// the world is built by the store's Load.
	New func(p params.Map) (S, error)
	// Estimate is a rough upper bound of the store's heap after Load, so that a run
	// that cannot fit is refused before loading. Nil means the largest estimate of the
	// workload's built-in backings.
	Estimate func(p params.Map) int64
	// Note says what the backing is and why it should win or lose here, for the app.
	Note string
}

var (
	mu     sync.RWMutex
	stores = map[string]map[string]any{} // backing, workload: a Store[S]
	errNew = errors.New("has no New")
)

// Register adds a backing of one's own with its stores by workload name. Its name
// must be a plain lower-case word that no built-in or earlier registration took, and
// it must implement a workload; the error says which rule it broke.
func Register[S any](name string, byWorkload map[string]Store[S]) error {
	if len(byWorkload) == 0 {
		return fmt.Errorf("backing %q implements no workload", name)
	}
	for _, w := range slices.Sorted(maps.Keys(byWorkload)) {
		if byWorkload[w].New == nil {
			return fmt.Errorf("backing %q: its %s store %w", name, w, errNew)
		}
	}
	if err := backingnames.Add(name); err != nil {
		return err
	}
	kept := make(map[string]any, len(byWorkload))
	for w, s := range byWorkload {
		kept[w] = s
	}
	mu.Lock()
	defer mu.Unlock()
	stores[name] = kept
	return nil
}

// Unregister forgets a backing of one's own, for tests: a test that registers one
// removes it when it ends (t.Cleanup), so that running it again in the same process
// (go test -count=N) does not find the name taken. A program registers at start and
// never unregisters.
func Unregister(name string) {
	mu.Lock()
	delete(stores, name)
	mu.Unlock()
	backingnames.Remove(name)
}

// Lookup returns the registered store of backing on workload, made as S.
func Lookup[S any](backing, workload string) (Store[S], bool) {
	mu.RLock()
	defer mu.RUnlock()
	s, ok := stores[backing][workload].(Store[S])
	return s, ok
}

// Workloads lists the workloads a registered backing implements, sorted.
func Workloads(backing string) []string {
	mu.RLock()
	defer mu.RUnlock()
	return slices.Sorted(maps.Keys(stores[backing]))
}
