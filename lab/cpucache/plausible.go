package cpucache

import "fmt"

// MaxBytesPerCPU is the most cache a logical CPU can have to itself (rule 3 of the
// package documentation): AMD's X3D core complexes hold 96 MiB, and a guest may be
// shown one of them through a single vCPU.
const MaxBytesPerCPU = 96 << 20

// judge sets NotUsed on each cache of levels that cannot be this machine's, for a
// machine of memory bytes (0: not known, and rule 2 is not applied). The rules are the
// package documentation's, in its order; the first that fails is the reason.
func judge(levels []Level, memory uint64) {
	for i := range levels {
		levels[i].NotUsed = implausible(levels[i], memory)
	}
}

func implausible(l Level, memory uint64) string {
	if l.Sets > 0 && l.Ways > 0 && l.LineBytes > 0 {
		if g := int64(l.Sets) * int64(l.Ways) * int64(l.LineBytes); g != l.Bytes {
			return fmt.Sprintf("its %s sets × %d ways × %d-byte lines make %s, not the %s reported",
				count(l.Sets), l.Ways, l.LineBytes, sizeText(g), sizeText(l.Bytes))
		}
	}
	if memory > 0 && uint64(l.Bytes) > memory/4 {
		return fmt.Sprintf("larger than a quarter of the machine's %s of memory", sizeText(int64(memory)))
	}
	if l.SharedBy > 0 && l.Bytes/int64(l.SharedBy) > MaxBytesPerCPU {
		return fmt.Sprintf("shared by %s, it would hold %s per CPU, more than any processor has (%s at most): "+
			"a virtual machine shown its host's whole cache", cpus(l.SharedBy), sizeText(l.Bytes/int64(l.SharedBy)), sizeText(MaxBytesPerCPU))
	}
	return ""
}

func cpus(n int) string {
	if n == 1 {
		return "one CPU"
	}
	return fmt.Sprintf("%d CPUs", n)
}

// sizeText is a size in the largest binary unit that divides it ("48 KiB", "480 MiB"),
// or with decimals where none does ("1.25 MiB", "23.5 GiB").
func sizeText(b int64) string {
	switch {
	case b >= 1<<30 && b%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", b>>30)
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20 && b%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", b>>20)
	case b >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(b)/(1<<20))
	case b >= 1<<10 && b%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", b>>10)
	}
	return fmt.Sprintf("%d B", b)
}

// count writes n with thousands separators: "491,520".
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
