package compare

import (
	"math"
	"slices"

	"localitylab/lab/result"
)

// A run's forks (result.Fork) are fresh processes run one after another, minutes
// apart at most; two runs are two more sets of them. Rounds inside one process are
// not independent samples of a rerun: measured on a 2-core VM under a build, two
// identical runs of slotmap-churn a minute apart differed by 8.9% to 15.3% for every
// backing, each "significant" over its rounds. So a comparison also takes the forks as
// its units, each summed up by the median of its kept frames (robust where the rounds
// are not: a round of two kept frames, one of them preempted, has a median twice its
// frame's time), and asks two things of a change before it calls it one: that it
// exceed the spread of the forks within either run (the floor), and that it show
// between the forks of the two runs (Student's t over their log medians).

// forkLogs are the logarithms of a backing's fork medians (result.Summary.ForkP50NS)
// that measured frames.
func forkLogs(b *result.Backing) []float64 {
	var out []float64
	for _, x := range b.Summary.ForkP50NS {
		if x > 0 {
			out = append(out, math.Log(x))
		}
	}
	return out
}

// forkRange is how far apart, in logarithms, the medians of b's forks lie (highest
// less lowest): the spread between the processes of one run that a change must
// exceed before it is told from a rerun. 0 with fewer than two.
func forkRange(b *result.Backing) float64 {
	xs := forkLogs(b)
	if len(xs) < 2 {
		return 0
	}
	return slices.Max(xs) - slices.Min(xs)
}

// forkShift is the change from base to new with the forks as units: the mean of the
// new run's log fork medians less the base's, with Student's t interval at 1−alpha
// over their pooled variance. ok is false unless each run has two forks or more.
func forkShift(base, new *result.Backing) (d, lo, hi float64, ok bool) {
	x, y := forkLogs(base), forkLogs(new)
	n, m := len(x), len(y)
	if n < 2 || m < 2 {
		return 0, 0, 0, false
	}
	mx, my := mean(x), mean(y)
	ss := 0.0
	for _, v := range x {
		ss += (v - mx) * (v - mx)
	}
	for _, v := range y {
		ss += (v - my) * (v - my)
	}
	df := n + m - 2
	half := tCritical(df) * math.Sqrt(ss/float64(df)) * math.Sqrt(1/float64(n)+1/float64(m))
	d = my - mx
	return d, d - half, d + half, true
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// tCritical is Student's t quantile at 1 − alpha/2 (0.975) for df degrees of freedom:
// exact to three decimals from the table up to 30 (two runs of at most sixteen forks
// each give at most 30), the normal's 1.960 beyond.
func tCritical(df int) float64 {
	table := [...]float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	if df >= 1 && df <= len(table) {
		return table[df-1]
	}
	return 1.960
}
