package summary

import (
	"errors"
	"fmt"

	"localitylab/lab/result"
)

// Ratio measures how many times slower backing slower ran than backing faster in r,
// by the same statistics as the summary's ratios (see Summarize). Each round gives
// the median of t_slower[k] / t_faster[k] over the kept frames both ran; the ratio
// is the median over the rounds. Its 95% interval is over the rounds of every fork,
// widened to hold each fork's own median. Ratio(r, a, b) is exactly the reciprocal
// of Ratio(r, b, a).
//
// A lesson uses it to put a measured figure beside a source's claim about two
// backings, neither of which need be the fastest. A median below 1 means the claim's
// direction did not hold here.
//
// It returns a *RatioError naming the backing that r lacks. It also refuses two backings
// that share no frame after warm-up (a run stopped early, a worker that failed in its
// warm-up). Wrapping ErrUnresolved, it says that either ran frames too short for the
// machine's clock to time (result.Run.Unresolved).
func Ratio(r *result.Run, slower, faster string) (result.Ratio, error) {
	a, b, err := pairOf(r, slower, faster)
	if err != nil {
		return result.Ratio{}, err
	}
	if r.Unresolved(&r.Backings[a]) || r.Unresolved(&r.Backings[b]) {
		return result.Ratio{}, &UnresolvedError{Text: r.UnresolvedText()}
	}
	return ratioOrError(r, a, b, r.Backings[a].Frames.NS, r.Backings[b].Frames.NS)
}

// ErrUnresolved is what Ratio's error wraps when a backing's frames were shorter
// than the machine's clock resolves: no figure of them says which is faster.
var ErrUnresolved = errors.New("frames shorter than the clock resolves")

// UnresolvedError says which frames the clock could not time (see
// result.Run.UnresolvedText); it is ErrUnresolved.
type UnresolvedError struct{ Text string }

func (e *UnresolvedError) Error() string        { return e.Text }
func (e *UnresolvedError) Is(target error) bool { return target == ErrUnresolved }

// RatioError says why a run gives no ratio of two backings: one the run lacks, no
// frame the two share, no handle resolved. Why is the reason alone, for a sentence
// of the caller's own.
type RatioError struct{ Why string }

func (e *RatioError) Error() string { return "ratio: " + e.Why }

// pairOf returns the indexes of the two named backings, or an error naming the one r
// lacks.
func pairOf(r *result.Run, slower, faster string) (a, b int, err error) {
	a, b = backingIndex(r, slower), backingIndex(r, faster)
	switch {
	case a < 0:
		return a, b, &RatioError{fmt.Sprintf("the run has no backing %q", slower)}
	case b < 0:
		return a, b, &RatioError{fmt.Sprintf("the run has no backing %q", faster)}
	}
	return a, b, nil
}

// ratioOrError is ratioOf, or an error saying that the two share no kept frame.
func ratioOrError[T int64 | uint64](r *result.Run, a, b int, at, bt []T) (result.Ratio, error) {
	rt, ok := ratioOf(r, a, b, at, bt)
	if !ok {
		return result.Ratio{}, &RatioError{fmt.Sprintf("%s and %s share no measured frame after the %d warm-up frames",
			r.Backings[a].Name, r.Backings[b].Name, r.Warmup)}
	}
	return rt, nil
}

// backingIndex returns the index of the named backing in r, or -1.
func backingIndex(r *result.Run, name string) int {
	for i := range r.Backings {
		if r.Backings[i].Name == name {
			return i
		}
	}
	return -1
}

// LookupRatio is Ratio over the time the two backings took to resolve each
// frame's handles again on their own (result.Sample.LookupNS), by the same statistics
// over the same kept frames. It returns an error when either backing's frames
// resolved no handle.
func LookupRatio(r *result.Run, slower, faster string) (result.Ratio, error) {
	a, b, err := pairOf(r, slower, faster)
	if err != nil {
		return result.Ratio{}, err
	}
	for _, i := range []int{a, b} {
		if r.Backings[i].Frames.LookupNS == nil {
			return result.Ratio{}, &RatioError{r.Backings[i].Name + "'s frames resolved no handle"}
		}
	}
	return ratioOrError(r, a, b, r.Backings[a].Frames.LookupNS, r.Backings[b].Frames.LookupNS)
}

// ForkRatios is Ratio within each fork of r on its own: one ratio per fork (its
// median and interval over that fork's rounds, a range below six of them), for the
// verdict each fork alone would give. A fork where the two share no kept frame gives
// a zero Ratio (Blocks 0). A run of one fork gives that one.
func ForkRatios(r *result.Run, slower, faster string) ([]result.Ratio, error) {
	a, b, err := pairOf(r, slower, faster)
	if err != nil {
		return nil, err
	}
	return perFork(r, a, b, r.Backings[a].Frames.NS, r.Backings[b].Frames.NS), nil
}

// LookupForkRatios is ForkRatios over the lookups (see LookupRatio).
func LookupForkRatios(r *result.Run, slower, faster string) ([]result.Ratio, error) {
	a, b, err := pairOf(r, slower, faster)
	if err != nil {
		return nil, err
	}
	return perFork(r, a, b, r.Backings[a].Frames.LookupNS, r.Backings[b].Frames.LookupNS), nil
}

func perFork[T int64 | uint64](r *result.Run, a, b int, at, bt []T) []result.Ratio {
	out := make([]result.Ratio, r.NumForks())
	for k := range out {
		out[k], _ = forkRatioOf(r, a, b, at, bt, k)
	}
	return out
}
