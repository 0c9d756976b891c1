// Package backings is the list of backing names this binary knows: the six built in,
// then those a program of its own registered at start (package byo), in the order they
// were registered. It is a leaf so that everything that names or shows a backing (the
// workloads' registry, the charts' colours) reads the one list.
//
// Registration happens before any run starts, from main; reads may come from any
// goroutine after that, and are guarded all the same.
package backingnames

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Builtin lists the six built-in backings in the order the app shows them.
var Builtin = []string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}

// MaxPerRun is how many backings one run compares at most, whatever number this
// binary knows: each gets a colour, a line per chart and a row of the table that
// stay readable. It is here, in the leaf, so that the lab that refuses more, the
// result files that check a saved run and the charts laid out for them read one
// number (workload.MaxPerRun is this one).
const MaxPerRun = 6

var (
	mu    sync.RWMutex
	extra []string
)

// validName is what a backing's name may be: it travels in comma-separated flags, file
// names and result files, so plain lower-case words only.
var validName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,31}$`)

// Add registers a backing of its own by name. It refuses a name that is not a plain
// lower-case word, and one that a built-in or an earlier registration already took,
// with a message that says which.
func Add(name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("backing name %q: want a lower-case letter, then up to 31 lower-case letters, digits, - or _", name)
	}
	mu.Lock()
	defer mu.Unlock()
	if slices.Contains(Builtin, name) {
		return fmt.Errorf("backing %q: that name is taken by a built-in backing (%s); give yours another", name, strings.Join(Builtin, ", "))
	}
	if slices.Contains(extra, name) {
		return fmt.Errorf("backing %q: registered twice; each backing needs a name of its own", name)
	}
	extra = append(extra, name)
	return nil
}

// Remove forgets registered backings, for tests: a test that registers backings of
// its own removes them when it ends (t.Cleanup), so that the next run of it in the
// same process (go test -count=N) finds the list as the first did. A program
// registers at start and never removes one.
func Remove(names ...string) {
	mu.Lock()
	defer mu.Unlock()
	extra = slices.DeleteFunc(extra, func(n string) bool { return slices.Contains(names, n) })
}

// Extra returns the registered backings, in the order they were registered.
func Extra() []string {
	mu.RLock()
	defer mu.RUnlock()
	return slices.Clone(extra)
}

// All returns every backing this binary knows: the built-ins, then the registered ones.
func All() []string { return append(slices.Clone(Builtin), Extra()...) }

// Known reports whether name is a built-in or a registered backing.
func Known(name string) bool {
	if slices.Contains(Builtin, name) {
		return true
	}
	mu.RLock()
	defer mu.RUnlock()
	return slices.Contains(extra, name)
}
