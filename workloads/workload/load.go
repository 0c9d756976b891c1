package workload

import "context"

// ProgressEvery is how many entities a Load places between two calls of Progress: often
// enough that a cancelled load of millions stops within milliseconds, rarely enough
// that the context check costs nothing measurable.
const ProgressEvery = 1 << 14

// Progress is what a Load does every ProgressEvery entities: it returns ctx.Err() once
// the load has been cancelled, and otherwise reports done of total as a fraction. A
// total below 1 counts as 1, so an empty world reports 0 rather than NaN.
func Progress(ctx context.Context, progress func(float64), done, total int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	progress(float64(done) / float64(max(total, 1)))
	return nil
}

// Fill is the loop of a Load: it calls fill(lo, hi) for consecutive chunks of
// ProgressEvery of the n entities, reporting progress before each chunk and
// returning ctx.Err() as soon as the load is cancelled, then reports the load done.
// The closure is called once per chunk of thousands of entities, so the loop inside
// it stays concrete: no call per entity goes through it.
func Fill(ctx context.Context, progress func(float64), n int, fill func(lo, hi int)) error {
	for lo := 0; lo < n; lo += ProgressEvery {
		if err := Progress(ctx, progress, lo, n); err != nil {
			return err
		}
		fill(lo, min(lo+ProgressEvery, n))
	}
	progress(1)
	return nil
}
