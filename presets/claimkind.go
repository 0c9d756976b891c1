package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/lab/result"
)

// ClaimKind is what a claim is about, and so what checks it: a run ("frame", "load",
// "lookup", "budget", "gc") or a sweep ("growth", "cliff", "crossing"). A preset file
// names it in a claim's "metric".
type ClaimKind string

// A claimKind is one kind of claim, declared in a file of its own (claim_frame.go,
// claim_growth.go, …) and listed in claimKinds: what a claim of it must say, how a
// run or a sweep answers it, and what the app asks the student before either.
type claimKind struct {
	name ClaimKind
	// one: the claim is about one backing (Backing), not two compared (Slower and
	// Faster).
	one bool
	// owns are the optional fields (optionalFields) a claim of this kind may set;
	// no other kind's may.
	owns []string
	// check is what this kind asks of a claim beyond the backings it names: its
	// ratio above all, and the values of the fields it owns. backings are the
	// preset's.
	check func(c *Claim, backings []string) error
	// run answers a claim that a single run checks; sweep one that a sweep checks.
	// A kind has exactly one of them.
	run   func(c Claim, r *result.Run) Answer
	sweep func(c Claim, s *result.Sweep) Answer
	// ask is the question the app puts to the student before the run or the sweep
	// (sw is the preset's sweep, nil for none).
	ask func(c Claim, sw *Sweep) Question
	// reply, where the kind has its own, is what the answer adds about the
	// student's prediction (see Claim.Reply); nil: the prediction as the
	// question's unit reads it.
	reply func(c Claim, guess string, s *result.Sweep) string
}

// claimKinds are the kinds a claim can have, in the order an error lists them. A
// kind added is a file of its own and one line here.
var claimKinds = []*claimKind{
	&frameKind,
	&loadKind,
	&lookupKind,
	&budgetKind,
	&gcKind,
	&growthKind,
	&cliffKind,
	&crossingKind,
}

// kindOf returns the registered kind k, or nil.
func kindOf(k ClaimKind) *claimKind {
	for _, ck := range claimKinds {
		if ck.name == k {
			return ck
		}
	}
	return nil
}

// kindNames lists the registered kinds: "frame, load, …, crossing".
func kindNames() string {
	names := make([]string, len(claimKinds))
	for i, ck := range claimKinds {
		names[i] = string(ck.name)
	}
	return strings.Join(names, ", ")
}

// OfSweep reports whether the claim is about a sweep rather than a single run.
func (c *Claim) OfSweep() bool {
	ck := kindOf(c.Metric)
	return ck != nil && ck.sweep != nil
}

// optionalFields are the claim's fields that only the kinds owning them may set,
// each with whether c sets it.
var optionalFields = []struct {
	name string
	set  func(c *Claim) bool
}{
	{"control", func(c *Claim) bool { return c.Control != "" }},
	{"cost", func(c *Claim) bool { return c.Cost != "" }},
	{"knee", func(c *Claim) bool { return c.HasKnee() }},
}

// mayHave returns an error when c sets field and its kind does not own it, naming
// the kinds that do.
func (c *Claim) mayHave(field string) error {
	if ck := kindOf(c.Metric); ck != nil && slices.Contains(ck.owns, field) {
		return nil
	}
	var owners []string
	for _, ck := range claimKinds {
		if slices.Contains(ck.owns, field) {
			owners = append(owners, string(ck.name))
		}
	}
	return fmt.Errorf("%s: set in a %q claim (only a %s claim has one)", field, c.Metric, strings.Join(owners, " or "))
}
