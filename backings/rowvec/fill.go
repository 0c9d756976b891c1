package rowvec

import "sync"

// Fill calls fill once for every row, from up to workers goroutines at a time, each
// taking a contiguous band of rows. Rows share no memory, so fill may Insert into and
// Remove from the row it was given without locks, which is source 000's point that a
// map's rows can be loaded in parallel; it must not touch other rows. Each row is
// filled by one call, so its contents are the same as a sequential fill would give.
// workers < 1 means 1.
func (g *Grid[T]) Fill(workers int, fill func(r int, row *Row[T])) {
	workers = max(1, min(workers, len(g.rows)))
	band := (len(g.rows) + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < len(g.rows); lo += band {
		hi := min(lo+band, len(g.rows))
		wg.Go(func() {
			for r := lo; r < hi; r++ {
				fill(r, &g.rows[r])
			}
		})
	}
	wg.Wait()
}
