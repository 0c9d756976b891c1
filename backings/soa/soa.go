// Package soa is a table of typed columns, a structure of arrays: each field of an
// entity lives in a slice of its own, and row i of every slice together make entity i.
// A loop that needs two fields of every entity then streams two slices and reads no
// other byte, where an array of structs would drag every field through the cache.
//
// The table keeps the columns in step: Append adds a row to every column, SwapRemove
// moves the last row into a removed one in every column. The columns are generic, so
// the table reaches them through an interface, one dynamic call per column per
// operation. That is fine for a store that appends or removes a few rows per frame, but
// a store with heavy churn should use the batched forms, AppendRows and
// SwapRemoveRows, which make one call per column for a whole batch. The hot loops
// themselves never go through the table: they range over Column.Data.
//
// Measured costs (BenchmarkTable and BenchmarkScan beside this file, six int32
// columns, best of three runs on a shared 2-core x86-64 VM):
//
//   - appending a row and swap-removing it again, one call each: about 4× the same
//     work written by hand over six slices, the price of twelve dynamic calls; with
//     AppendRows and SwapRemoveRows over 4,096 rows it is 3.5× faster than the hand
//     loop, since each column is then handled in one tight loop;
//   - summing two fields of every row: 2.2× faster from two columns than from a slice
//     of 24-byte structs at 1M rows, the same at 1k rows, where both are in cache.
package soa

import "fmt"

// Table is a set of columns of equal length. The zero Table is empty and ready.
type Table struct {
	n    int
	cap  int
	cols []column
}

// column is what the table needs of a Column, whatever its element type.
// Each method is given the table's row count n and panics if the column's length
// differs: someone resliced Data, and the columns no longer describe the same rows.
// Checking there rather than in a method of its own keeps it to one dynamic call per
// column per operation.
type column interface {
	appendZero(k, n int)
	swapRemove(i, n int)
	swapRemoveRows(rows []int, n int)
}

// Column is one field of every row. Data may be read and written in place; its length
// is the table's and must not be changed other than through the table.
type Column[T any] struct {
	Data []T
}

// NewTable returns an empty table whose columns start with room for capacity rows.
func NewTable(capacity int) *Table {
	if capacity < 0 {
		panic(fmt.Sprintf("soa: capacity = %d is negative", capacity))
	}
	return &Table{cap: capacity}
}

// AddColumn adds a column of T to t, with one zero value per existing row.
func AddColumn[T any](t *Table) *Column[T] {
	c := &Column[T]{Data: make([]T, t.n, max(t.cap, t.n))}
	t.cols = append(t.cols, c)
	return c
}

// Len is the number of rows.
func (t *Table) Len() int { return t.n }

// Append adds one row of zero values and returns its index, Len()-1.
func (t *Table) Append() int {
	return t.AppendRows(1)
}

// AppendRows adds k rows of zero values, one call per column, and returns the index of
// the first.
func (t *Table) AppendRows(k int) (first int) {
	if k < 0 {
		panic(fmt.Sprintf("soa: AppendRows(%d): k is negative", k))
	}
	first = t.n
	for _, c := range t.cols {
		c.appendZero(k, t.n)
	}
	t.n += k
	return first
}

// SwapRemove removes row i by moving the last row into it, in every column. It returns
// the old index of the row that moved, or -1 when i was the last row. It panics when i
// is out of range.
func (t *Table) SwapRemove(i int) (moved int) {
	if i < 0 || i >= t.n {
		panic(fmt.Sprintf("soa: SwapRemove(%d) with %d rows", i, t.n))
	}
	for _, c := range t.cols {
		c.swapRemove(i, t.n)
	}
	t.n--
	if i == t.n {
		return -1
	}
	return t.n
}

// SwapRemoveRows removes the rows one after another, exactly as that many SwapRemove
// calls in the same order would, but with one call per column for the whole batch. Each
// index refers to the table as the earlier removals left it; rows in decreasing order
// refer to the table as it was, since each removal only moves a row from above. It
// appends to moved, per row removed, SwapRemove's result, and returns it. It panics,
// before changing anything, when a row is out of range.
func (t *Table) SwapRemoveRows(rows []int, moved []int) []int {
	n := t.n
	for _, i := range rows {
		if i < 0 || i >= n {
			panic(fmt.Sprintf("soa: SwapRemove(%d) with %d rows", i, n))
		}
		n--
		if i == n {
			moved = append(moved, -1)
		} else {
			moved = append(moved, n)
		}
	}
	for _, c := range t.cols {
		c.swapRemoveRows(rows, t.n)
	}
	t.n = n
	return moved
}

// checkLen panics unless the column holds n rows.
func (c *Column[T]) checkLen(n int) {
	if len(c.Data) != n {
		panic(fmt.Sprintf("soa: a column holds %d rows, the table %d: Data was resliced", len(c.Data), n))
	}
}

// appendZero adds k zero rows, without a temporary slice or a call to the runtime
// while the capacity lasts.
func (c *Column[T]) appendZero(k, n int) {
	c.checkLen(n)
	if n+k <= cap(c.Data) {
		c.Data = c.Data[:n+k]
		clear(c.Data[n:])
		return
	}
	c.Data = append(c.Data, make([]T, k)...)
}

// swapRemove removes row i from a column of n rows by moving the last row into it,
// and clears the vacated element so that the column keeps nothing alive that it no
// longer holds.
func (c *Column[T]) swapRemove(i, n int) {
	c.checkLen(n)
	var zero T
	c.Data[i] = c.Data[n-1]
	c.Data[n-1] = zero
	c.Data = c.Data[:n-1]
}

// swapRemoveRows is swapRemove for each of rows in turn.
func (c *Column[T]) swapRemoveRows(rows []int, n int) {
	c.checkLen(n)
	d := c.Data
	var zero T
	for _, i := range rows {
		n--
		d[i] = d[n]
		d[n] = zero
	}
	c.Data = d[:n]
}
