package ptrarray

import (
	"fmt"
	"testing"
)

// link is an object of a sprite's size (24 bytes) that also points to the next one.
type link struct {
	next *link
	c    int32
	_    [3]int32 // the rest of a sprite's fields, which the walk never reads
}

// BenchmarkChain visits the same scattered objects in the same order two ways: from
// an array of pointers read front to back, where the address of each object is known
// before the previous object arrives, so the processor has many loads in flight at
// once; and by following each object's next pointer, where every load must wait for
// the one before it (a linked list, or a tile's chain of entries). ns/object shows the
// cost of a miss that overlaps others against one that does not:
//
//	go test -run '^$' -bench Chain -benchtime 20x ./backings/ptrarray/
func BenchmarkChain(b *testing.B) {
	for _, n := range []int{1_000, 1_000_000} {
		items := Scatter(n, 1, func(i int, p *link) { p.c = int32(i) })
		for i := range n - 1 {
			items[i].next = items[i+1]
		}
		want := int64(n) * int64(n-1) / 2
		for _, walk := range []string{"array", "chain"} {
			b.Run(fmt.Sprintf("%s/%d", walk, n), func(b *testing.B) {
				var sum int64
				for b.Loop() {
					if walk == "array" {
						sum = sumArray(items)
					} else {
						sum = sumChain(items[0])
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/object")
				if sum != want {
					b.Fatalf("sum %d, want %d", sum, want)
				}
			})
		}
	}
}

// sumArray and sumChain are BenchmarkChain's two walks.
func sumArray(items []*link) int64 {
	var sum int64
	for _, p := range items {
		sum += int64(p.c)
	}
	return sum
}

func sumChain(p *link) int64 {
	var sum int64
	for ; p != nil; p = p.next {
		sum += int64(p.c)
	}
	return sum
}
