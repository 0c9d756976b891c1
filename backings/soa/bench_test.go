package soa

import (
	"fmt"
	"testing"
)

// rowsPerIter is how many rows one iteration of BenchmarkTable appends or removes:
// few enough that the columns stay in cache, so the figure is the dispatch cost.
const rowsPerIter = 4096

// sixCols is a table of six int32 columns, the shape of the sprites workload.
type sixCols struct {
	t    *Table
	cols [6]*Column[int32]
}

func newSixCols(capacity int) *sixCols {
	s := &sixCols{t: NewTable(capacity)}
	for i := range s.cols {
		s.cols[i] = AddColumn[int32](s.t)
	}
	return s
}

// BenchmarkTable compares the table's append and swap-remove, one row per call and
// batched, with the same work written by hand over six slices. One iteration appends
// rowsPerIter rows and then removes them all, row 0 each time (the last row moves
// there), so the table ends each iteration empty, as a store with steady churn would
// be. ns/row is the time to append and remove one row:
//
//	go test -run '^$' -bench Table -benchtime 2000x ./backings/soa/
func BenchmarkTable(b *testing.B) {
	for _, how := range []string{"table", "batched", "by-hand"} {
		b.Run("churn/"+how, func(b *testing.B) { benchmarkTable(b, how) })
	}
}

func benchmarkTable(b *testing.B, how string) {
	s := newSixCols(rowsPerIter)
	var hand [6][]int32
	for i := range hand {
		hand[i] = make([]int32, 0, rowsPerIter)
	}
	zeros := make([]int, rowsPerIter)
	moved := make([]int, 0, rowsPerIter)
	sum := 0
	b.ReportAllocs()
	for b.Loop() {
		switch how {
		case "table":
			for range rowsPerIter {
				s.t.Append()
			}
			for range rowsPerIter {
				sum += s.t.SwapRemove(0)
			}
		case "batched":
			s.t.AppendRows(rowsPerIter)
			for _, m := range s.t.SwapRemoveRows(zeros, moved[:0]) {
				sum += m
			}
		case "by-hand":
			for range rowsPerIter {
				for i := range hand {
					hand[i] = append(hand[i], 0)
				}
			}
			for range rowsPerIter {
				last := len(hand[0]) - 1
				for i := range hand {
					c := hand[i]
					c[0], c[last] = c[last], 0
					hand[i] = c[:last]
				}
				if last == 0 {
					last = -1
				}
				sum += last
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rowsPerIter), "ns/row")
	// Removing row 0 of k rows moves k-1, k-2, …, 1, then nothing (-1).
	want := b.N * (rowsPerIter*(rowsPerIter-1)/2 - 1)
	if s.t.Len() != 0 || len(hand[0]) != 0 || sum != want {
		b.Fatalf("left %d rows in the table, %d by hand; moves sum to %d, want %d", s.t.Len(), len(hand[0]), sum, want)
	}
}

// sprite is the same six fields as one struct: the array-of-structs layout.
type sprite struct{ X, Y, W, H, Depth, ID int32 }

// BenchmarkScan sums x+w over every row, reading two fields of each: from two
// columns, and from a slice of 24-byte structs. The loop has no branch, so its speed is
// that of memory. ns/row is the time per row:
//
//	go test -run '^$' -bench Scan -benchtime 50x ./backings/soa/
func BenchmarkScan(b *testing.B) {
	for _, n := range []int{1_000, 1_000_000} {
		for _, layout := range []string{"columns", "structs"} {
			b.Run(fmt.Sprintf("%s/%d", layout, n), func(b *testing.B) { benchmarkScan(b, layout, n) })
		}
	}
}

func benchmarkScan(b *testing.B, layout string, n int) {
	s := newSixCols(n)
	s.t.AppendRows(n)
	aos := make([]sprite, n)
	var want int64
	for i := range n {
		x, w := int32(i*7919%100_000), int32(i%64)
		s.cols[0].Data[i], s.cols[2].Data[i] = x, w
		aos[i].X, aos[i].W = x, w
		want += int64(x + w)
	}
	xs, ws := s.cols[0].Data, s.cols[2].Data
	var sum int64
	b.ReportAllocs()
	for b.Loop() {
		if layout == "columns" {
			sum += sumColumns(xs, ws)
		} else {
			sum += sumStructs(aos)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	if sum != want*int64(b.N) {
		b.Fatalf("sum %d, want %d", sum, want*int64(b.N))
	}
}

// sumColumns and sumStructs are the two loops of BenchmarkScan, in functions of their
// own so that the sum stays in a register (b.Loop keeps what its body touches alive).
func sumColumns(xs, ws []int32) int64 {
	ws = ws[:len(xs)]
	var sum int64
	for i, x := range xs {
		sum += int64(x + ws[i])
	}
	return sum
}

func sumStructs(aos []sprite) int64 {
	var sum int64
	for i := range aos {
		sum += int64(aos[i].X + aos[i].W)
	}
	return sum
}
