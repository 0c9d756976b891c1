package lab

import (
	"fmt"

	"localitylab/lab/result"
)

// Compare measures how many times slower backing slower ran than backing faster in r,
// by the same statistics as the summary's ratios (see Summarize): the median over the
// rounds of each round's median t_slower[k] / t_faster[k], over the kept frames both
// ran, with its 95% interval over the rounds. A lesson uses it to put a measured figure beside a source's claim about
// two backings, neither of which need be the fastest. A median below 1 means the
// claim's direction did not hold here.
//
// It returns an error naming the backing that r lacks, or saying that the two share
// no frame after warm-up (a run stopped early, a worker that failed in its warm-up).
func Compare(r *result.Run, slower, faster string) (result.Ratio, error) {
	a, b := backingIndex(r, slower), backingIndex(r, faster)
	for _, x := range []struct {
		name string
		i    int
	}{{slower, a}, {faster, b}} {
		if x.i < 0 {
			return result.Ratio{}, fmt.Errorf("compare: the run has no backing %q", x.name)
		}
	}
	rt, ok := blockRatio(r, a, b)
	if !ok {
		return result.Ratio{}, fmt.Errorf("compare: %s and %s share no measured frame after the %d warm-up frames", slower, faster, r.Warmup)
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

// CompareLookups is Compare over the time the two backings took to resolve each
// frame's handles again on their own (result.Sample.LookupNS), by the same statistics
// over the same kept frames. It returns an error when either backing's frames
// resolved no handle.
func CompareLookups(r *result.Run, slower, faster string) (result.Ratio, error) {
	a, b := backingIndex(r, slower), backingIndex(r, faster)
	for _, x := range []struct {
		name string
		i    int
	}{{slower, a}, {faster, b}} {
		if x.i < 0 {
			return result.Ratio{}, fmt.Errorf("compare: the run has no backing %q", x.name)
		}
		if r.Backings[x.i].Frames.LookupNS == nil {
			return result.Ratio{}, fmt.Errorf("compare: %s's frames resolved no handle", x.name)
		}
	}
	rt, ok := ratioOver(r, a, b, columnRatios(nil, r, r.Backings[a].Frames.LookupNS, r.Backings[b].Frames.LookupNS))
	if !ok {
		return result.Ratio{}, fmt.Errorf("compare: %s and %s share no measured frame after the %d warm-up frames", slower, faster, r.Warmup)
	}
	return rt, nil
}
