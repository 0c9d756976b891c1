package compare

import (
	"math"
	"slices"

	"localitylab/lab/result"
)

// A run's forks (result.Fork) are fresh processes run one after another; two runs
// are two more sets of them. Rounds inside one process are not independent samples of
// a rerun. Measured on a 2-core VM under a build, two identical runs of slotmap-churn
// a minute apart came out "significantly" faster for every backing (−8.9% to −15.3%)
// over their rounds.
//
// So when both runs have forks, the forks are the comparison's units. Each is summed
// up by the median of its kept frames, which is robust where a round is not: a round
// of two kept frames, one of them preempted, has a median twice its frame's time. A
// change must show between the forks of the two runs (Student's t over their log
// medians). It must also exceed the noise floor the runs measured themselves, the
// spread of one run's forks: two runs of the same code differ by that much for no
// reason but the processes and the moments they ran in.
//
// Measured under a build, ten identical pairs of slotmap-churn runs gave 0
// significant changes of 40, where the rounds' test alone gave 7. A quarter more
// entities was still reported for the backings whose forks agreed, and twice as many
// for all four.

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

// shiftBeyond is a change between two runs with the forks as units. d is the mean of
// the new run's log fork medians less the base's. lo–hi is its Student's t interval
// at 1−alpha, widened on each side by the floor. p is the two-sided p-value of the t
// test of a change beyond the floor (1 for a change within it).
type shiftBeyond struct{ d, lo, hi, p float64 }

// forkShift compares base and new with the forks as units (see shiftBeyond); ok is
// false unless each run has two forks or more that measured frames.
func forkShift(base, new *result.Backing, floor float64) (shiftBeyond, bool) {
	x, y := forkLogs(base), forkLogs(new)
	n, m := len(x), len(y)
	if n < 2 || m < 2 {
		return shiftBeyond{}, false
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
	se := math.Sqrt(ss/float64(df)) * math.Sqrt(1/float64(n)+1/float64(m))
	d := my - mx
	half := tCritical(df)*se + floor
	s := shiftBeyond{d: d, lo: d - half, hi: d + half, p: 1}
	if beyond := math.Abs(d) - floor; beyond > 0 {
		s.p = 0
		if se > 0 {
			s.p = tTwoSided(beyond/se, df)
		}
	}
	return s, true
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

// tTwoSided is the two-sided p-value of Student's t statistic t with df degrees of
// freedom, P(|T| ≥ t) = I_{df/(df+t²)}(df/2, 1/2), the regularized incomplete beta
// function computed by its continued fraction (Lentz's method), as in any statistics
// library.
func tTwoSided(t float64, df int) float64 {
	nu := float64(df)
	return incBeta(nu/2, 0.5, nu/(nu+t*t))
}

// incBeta is the regularized incomplete beta function I_x(a, b).
func incBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log(1-x))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - front*betaCF(b, a, 1-x)/b
}

// betaCF evaluates the continued fraction of the incomplete beta function.
func betaCF(a, b, x float64) float64 {
	const tiny, eps = 1e-300, 1e-15
	c, d := 1.0, 1-(a+b)*x/(a+1)
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= 300; m++ {
		fm := float64(m)
		for _, num := range []float64{
			fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm)),
			-(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1)),
		} {
			d = 1 + num*d
			if math.Abs(d) < tiny {
				d = tiny
			}
			c = 1 + num/c
			if math.Abs(c) < tiny {
				c = tiny
			}
			d = 1 / d
			h *= d * c
		}
		if math.Abs(d*c-1) < eps {
			break
		}
	}
	return h
}
