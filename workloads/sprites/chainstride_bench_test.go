package sprites

import (
	"fmt"
	"testing"

	"localitylab/workloads/workload"
)

// BenchmarkChainFrame runs whole frames of a still world of a million sprites (the
// chain lesson's setup) for the pointer array at each value of chain, soa beside
// them: Go's own harness on the stores the lab measures, for what a frame costs.
// chain 1 and chain 2 differ only in how the cull reaches the same objects:
//
//	go test -run '^$' -bench ChainFrame -benchtime 20x ./workloads/sprites/
func BenchmarkChainFrame(b *testing.B) {
	p := resolve(b, workload.Params{pEntities: 1_000_000, pMovingPct: 0})
	for _, chain := range []int64{chainNone, chainLinked, chainFollow} {
		q := p.Clone()
		q[pChain] = chain
		b.Run(fmt.Sprintf("ptrarray/chain=%d", chain), func(b *testing.B) { benchmarkFrames(b, q, workload.PtrArray) })
	}
	b.Run("soa", func(b *testing.B) { benchmarkFrames(b, p, workload.SoA) })
}

// BenchmarkStrideFrame runs whole frames of a still world of a million sprites (the
// stride lesson's setup) for soa, slotmap and ptrarray at strides 1 to 256; every
// frame tests every sprite, so ns/op over a million is the cost per sprite:
//
//	go test -run '^$' -bench StrideFrame -benchtime 10x ./workloads/sprites/
func BenchmarkStrideFrame(b *testing.B) {
	p := resolve(b, workload.Params{pEntities: 1_000_000, pMovingPct: 0})
	for _, backing := range []string{workload.SoA, workload.SlotMap, workload.PtrArray} {
		for _, k := range []int64{1, 2, 4, 8, 16, 32, 64, 128, 256} {
			q := p.Clone()
			q[pStride] = k
			b.Run(fmt.Sprintf("%s/stride=%d", backing, k), func(b *testing.B) { benchmarkFrames(b, q, backing) })
		}
	}
}
