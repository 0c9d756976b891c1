package slotmap

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSlotMap compares the slot map with the built-in map over the same values,
// one operation kind per sub-benchmark. Each iteration does n operations, and the
// ns/value metric is the time of one:
//
//	go test -run '^$' -bench SlotMap -benchtime 10x ./backings/slotmap/
func BenchmarkSlotMap(b *testing.B) {
	for _, n := range []int{1_000, 1_000_000} {
		for _, op := range []string{"insert", "get", "churn", "iterate"} {
			for _, kind := range []string{"slotmap", "map"} {
				b.Run(fmt.Sprintf("%s/%s/%s", op, kind, sizeName(n)), func(b *testing.B) {
					benchmarkOp(b, op, kind, n)
				})
			}
		}
	}
}

func sizeName(n int) string {
	if n >= 1_000_000 {
		return fmt.Sprintf("%dM", n/1_000_000)
	}
	return fmt.Sprintf("%dk", n/1_000)
}

// benchmarkOp runs n operations of one kind per iteration on a slot map or a map of n
// values, and checks a sum of what the operations saw after the timer stops.
func benchmarkOp(b *testing.B, op, kind string, n int) {
	order := rand.New(rand.NewPCG(1, 2)).Perm(n) // random access order
	sm := New[int64](n)
	hs := make([]Handle, n)
	mm := make(map[uint64]int64, n)
	keys := make([]uint64, n)
	for i := range n {
		hs[i] = sm.Insert(int64(i))
		keys[i] = uint64(i) * 0x9e3779b97f4a7c15 // ids as a game might hand them out
		mm[keys[i]] = int64(i)
	}
	b.ReportAllocs()
	var sum int64
	for b.Loop() {
		switch op + "/" + kind {
		case "insert/slotmap":
			sum += insertSlotMap(n)
		case "insert/map":
			sum += insertMap(keys)
		case "get/slotmap":
			sum += getSlotMap(sm, hs, order)
		case "get/map":
			sum += getMap(mm, keys, order)
		case "churn/slotmap":
			sum += churnSlotMap(sm, hs, order)
		case "churn/map":
			sum += churnMap(mm, keys, order)
		case "iterate/slotmap":
			sum += iterateSlotMap(sm)
		case "iterate/map":
			sum += iterateMap(mm)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/value")
	// Every operation kind sees either n values or the sum 0+1+…+(n-1) per iteration.
	perIter := sum / int64(b.N)
	if perIter != int64(n) && perIter != int64(n)*int64(n-1)/2 {
		b.Fatalf("%s/%s saw %d per iteration, want %d or %d", op, kind, perIter, n, int64(n)*int64(n-1)/2)
	}
}

// The loops of benchmarkOp, one function each so that their sums stay in registers
// (b.Loop keeps what its own body touches alive). Each returns n or 0+1+…+(n-1).

func insertSlotMap(n int) int64 {
	m := New[int64](0)
	for i := range n {
		m.Insert(int64(i))
	}
	return int64(m.Len())
}

func insertMap(keys []uint64) int64 {
	m := make(map[uint64]int64)
	for i, k := range keys {
		m[k] = int64(i)
	}
	return int64(len(m))
}

func getSlotMap(m *Map[int64], hs []Handle, order []int) int64 {
	var sum int64
	for _, k := range order {
		p, _ := m.Get(hs[k])
		sum += *p
	}
	return sum
}

func getMap(m map[uint64]int64, keys []uint64, order []int) int64 {
	var sum int64
	for _, k := range order {
		sum += m[keys[k]]
	}
	return sum
}

// churnSlotMap removes each value in turn, in random order, and inserts it again.
func churnSlotMap(m *Map[int64], hs []Handle, order []int) int64 {
	for _, k := range order {
		m.Remove(hs[k])
		hs[k] = m.Insert(int64(k))
	}
	return int64(m.Len())
}

// churnMap does what churnSlotMap does to a map, under a fresh key each time, as a
// game handing out ids would.
func churnMap(m map[uint64]int64, keys []uint64, order []int) int64 {
	for _, k := range order {
		delete(m, keys[k])
		keys[k] = keys[k]*0x9e3779b97f4a7c15 + 1
		m[keys[k]] = int64(k)
	}
	return int64(len(m))
}

func iterateSlotMap(m *Map[int64]) int64 {
	var sum int64
	for _, v := range m.Values() {
		sum += v
	}
	return sum
}

func iterateMap(m map[uint64]int64) int64 {
	var sum int64
	for _, v := range m {
		sum += v
	}
	return sum
}
