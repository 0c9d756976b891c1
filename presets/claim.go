package presets

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"localitylab/workloads/workload"
)

// Claim is one figure a source article states, in a form a run or a sweep can check.
// Its kind (Metric) says what checks it; each kind's file says what a claim of it
// states (claim_frame.go, claim_growth.go, …). A run's kinds compare two backings,
// Slower and Faster; a sweep's judge one backing's cost per entity (Backing) or
// where two cross. A Ratio of 1 records a claim with no figure ("faster than any
// hash table"): only the direction is claimed.
type Claim struct {
	Source  string    `json:"source"` // "source 003, Game Programming Patterns"
	Text    string    `json:"text"`   // the claim in a sentence
	Metric  ClaimKind `json:"metric"` // one of claimKinds
	Slower  string    `json:"slower,omitempty"`
	Faster  string    `json:"faster,omitempty"`
	Backing string    `json:"backing,omitempty"` // growth and cliff: the backing whose cost is claimed
	// Control, for a growth claim, is a backing of the sweep that the swept parameter
	// leaves alone: the growth is judged against the control's over the same values,
	// so that a change of the whole machine between the points is not read as the
	// parameter's effect.
	Control string `json:"control,omitempty"`
	// Cost, for a growth claim, is what it judges the cost per entity by: "" (or
	// CostFrame), the median frame time; CostFrameGC, the median frame time with the
	// collector's CPU time per frame added, the bill a frame's allocations run up
	// after the frame (see withCollector), which the frame time alone leaves out.
	Cost string `json:"cost,omitempty"`
	// Knee, for a growth claim, is a value of the sweep at which the claim puts the
	// curve's steepest step: the step up from the value before it (see
	// claim_growth_knee.go).
	Knee int64 `json:"knee,omitempty"`
	// KneeFieldBytes, for a growth claim over strides, puts the knee where reads of
	// fields this many bytes wide come to lie a cache line apart: at the machine's
	// line, as the sweep's file records it, over KneeFieldBytes (stride 16 for 4-byte
	// fields on 64-byte lines, 32 on Apple Silicon's 128-byte lines). Where the file
	// records no line, 64 bytes is assumed and the answer says so. Set in place of
	// Knee (see Claim.KneeOn).
	KneeFieldBytes int     `json:"knee_field_bytes,omitempty"`
	Ratio          float64 `json:"ratio,omitempty"`
	// Conditions are the parameter values under which the lesson tests the claim, the
	// nearest the lab comes to the source's setup; a run with other values of them has
	// its answer marked "conditions differ", with Setting beside it.
	Conditions workload.Params `json:"conditions,omitempty"`
	// Setting is the source's own setup in words: what it measured, and how.
	Setting string `json:"setting,omitempty"`
}

// validate checks the claim against the preset's backings and its sweep (nil for
// none): its kind, the backings it names, the fields only some kinds have, what its
// kind asks of it, its text, and its knee.
func (c *Claim) validate(backings []string, sw *Sweep) error {
	ck := kindOf(c.Metric)
	switch {
	case ck == nil:
		return fmt.Errorf("metric: %q (want one of %s)", c.Metric, kindNames())
	case ck.sweep != nil && sw == nil:
		return fmt.Errorf("metric: %q is about a sweep, and the preset has none", c.Metric)
	}
	if err := c.validateNames(ck, backings); err != nil {
		return err
	}
	for _, f := range optionalFields {
		if f.set(c) {
			if err := c.mayHave(f.name); err != nil {
				return err
			}
		}
	}
	if err := ck.check(c, backings); err != nil {
		return err
	}
	if strings.TrimSpace(c.Text) == "" {
		return errors.New("text: empty")
	}
	return c.validateKnee(sw)
}

// validateNames checks the backings the claim names: one, or two that differ, as
// its kind wants, each among the preset's.
func (c *Claim) validateNames(ck *claimKind, backings []string) error {
	if ck.one {
		if c.Slower != "" || c.Faster != "" {
			return fmt.Errorf("slower and faster: set in a %q claim, which is about one backing", c.Metric)
		}
		return named("backing", c.Backing, backings)
	}
	if c.Backing != "" {
		return fmt.Errorf("backing: set in a %q claim, which compares two backings", c.Metric)
	}
	if err := named("slower", c.Slower, backings); err != nil {
		return err
	}
	if err := named("faster", c.Faster, backings); err != nil {
		return err
	}
	if c.Slower == c.Faster {
		return fmt.Errorf("slower and faster are both %q", c.Slower)
	}
	return nil
}

// named returns an error naming field when backing b is not among the preset's.
func named(field, b string, backings []string) error {
	if !slices.Contains(backings, b) {
		return fmt.Errorf("%s: %q is not one of the preset's backings (%s)", field, b, strings.Join(backings, ", "))
	}
	return nil
}

// positiveRatio is the check of a kind whose claims state a factor, or 1 for a
// direction alone.
func positiveRatio(c *Claim, _ []string) error {
	if !(c.Ratio > 0) {
		return fmt.Errorf("ratio: %v (want a positive number)", c.Ratio)
	}
	return nil
}

// validateConditions checks that a claim's conditions name parameters of the workload
// within their ranges, and that a claim with conditions says what the source's were.
// They need not be the preset's own values: a setup saved with other sizes keeps its
// lesson's claims, and its runs are marked as differing (a built-in lesson's do match:
// TestBuiltins).
func (c *Claim) validateConditions(spec *workload.Spec) error {
	if len(c.Conditions) == 0 {
		return nil
	}
	if strings.TrimSpace(c.Setting) == "" {
		return errors.New("setting: empty, but the claim has conditions: say what the source measured")
	}
	if _, err := spec.Resolve(c.Conditions); err != nil {
		return fmt.Errorf("conditions: %w", err)
	}
	return nil
}

// names are the backings the claim is about.
func (c *Claim) names() []string {
	if c.Backing != "" {
		return []string{c.Backing}
	}
	return []string{c.Slower, c.Faster}
}
