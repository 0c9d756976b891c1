package cli

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// paramFlag is one workload parameter as a flag. The three workloads share some names
// (entities, cell) with different ranges, so one flag stands for the name in every
// workload that has it, and the range is checked once the workload is known.
type paramFlag struct {
	name  string
	value int64
	set   bool
}

func (p *paramFlag) String() string {
	if p == nil || !p.set {
		return ""
	}
	return strconv.FormatInt(p.value, 10)
}

// Set accepts Go integer syntax, so 1_000_000 and 0x100 work as well as 1000000.
func (p *paramFlag) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	p.value, p.set = v, true
	return nil
}

// workloadFlags name the workload a command runs and set its parameters: every
// command that runs one (bench, sweep, check, inspect) takes them alike.
type workloadFlags struct {
	workload string
	params   []*paramFlag
}

// add adds -workload, saying when it is required, and a flag per parameter.
func (w *workloadFlags) add(fs *flag.FlagSet, required string) {
	fs.StringVar(&w.workload, "workload", "", "the workload: "+strings.Join(workloads.Names(), ", ")+" ("+required+")")
	w.params = paramFlags(fs)
}

// paramFlags adds a flag for every parameter of every workload to fs.
func paramFlags(fs *flag.FlagSet) []*paramFlag {
	var names []string
	docs := map[string][]string{}
	for _, spec := range workloads.All() {
		for _, q := range spec.Params {
			if !slices.Contains(names, q.Name) {
				names = append(names, q.Name)
			}
			docs[q.Name] = append(docs[q.Name], fmt.Sprintf("%s: %s, default %s", spec.Name,
				q.Allowed(func(v int64) string { return units.Count(float64(v)) }), units.Count(float64(q.Default))))
		}
	}
	flags := make([]*paramFlag, len(names))
	for i, name := range names {
		if fs.Lookup(name) != nil {
			panic("cli: workload parameter " + name + " has the name of a bench flag")
		}
		flags[i] = &paramFlag{name: name}
		fs.Var(flags[i], name, paramDoc(name)+" ("+strings.Join(docs[name], "; ")+")")
	}
	return flags
}

// paramDoc is the first workload's description of the parameter.
func paramDoc(name string) string {
	for _, spec := range workloads.All() {
		if q, ok := spec.Param(name); ok {
			return q.Doc
		}
	}
	return ""
}

// applyParams writes the parameter flags that were set into p. They are checked
// with the rest of the run, against the chosen workload, by lab.Config.Check, whose
// errors checkError reports by the flag: a flag the workload does not have, or a
// value it does not allow, is an error naming the flag.
func applyParams(flags []*paramFlag, p workload.Params) {
	for _, f := range flags {
		if f.set {
			p[f.name] = f.value
		}
	}
}
