package ptrarray

import (
	"fmt"
	"testing"
)

// BenchmarkIterate sums one field of every object, front to back, in three layouts:
// pointers to scattered objects (Scatter), pointers to objects allocated in index
// order, and the objects by value in one slice. ns/object is the time per object:
//
//	go test -run '^$' -bench Iterate -benchtime 20x ./backings/ptrarray/
func BenchmarkIterate(b *testing.B) {
	for _, n := range []int{1_000, 1_000_000} {
		for _, layout := range []string{"scattered", "in-order", "by-value"} {
			b.Run(fmt.Sprintf("%s/%d", layout, n), func(b *testing.B) {
				benchmarkIterate(b, layout, n)
			})
		}
	}
}

func benchmarkIterate(b *testing.B, layout string, n int) {
	fill := func(i int, p *object) { p.c = int32(i) }
	var ptrs Array[object]
	var vals []object
	switch layout {
	case "scattered":
		ptrs.Items = Scatter(n, 1, fill)
	case "in-order":
		for i := range n {
			p := new(object)
			fill(i, p)
			ptrs.Append(p)
		}
	case "by-value":
		vals = make([]object, n)
		for i := range vals {
			fill(i, &vals[i])
		}
	}
	var sum int64
	b.ReportAllocs()
	for b.Loop() {
		if vals != nil {
			sum += sumValues(vals)
		} else {
			sum += sumPointers(ptrs.Items)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/object")
	if want := int64(b.N) * int64(n) * int64(n-1) / 2; sum != want {
		b.Fatalf("sum %d, want %d", sum, want)
	}
}

// sumPointers and sumValues are BenchmarkIterate's loops, in functions of their own so
// that the sum stays in a register (b.Loop keeps what its body touches alive).
func sumPointers(items []*object) int64 {
	var sum int64
	for _, p := range items {
		sum += int64(p.c)
	}
	return sum
}

func sumValues(vals []object) int64 {
	var sum int64
	for i := range vals {
		sum += int64(vals[i].c)
	}
	return sum
}
