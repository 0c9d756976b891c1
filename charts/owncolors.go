package charts

import (
	"hash/fnv"
	"image/color"
	"math"
	"slices"
	"sync"

	"localitylab/internal/backingnames"
)

// ownColors are the colours of backings of one's own: dark, saturated colours from
// Paul Tol's schemes, each far from the six of the palette and from the others, and
// readable as a thin line on white.
var ownColors = []color.NRGBA{
	{0x88, 0x22, 0x55, 0xFF}, // wine
	{0x11, 0x77, 0x33, 0xFF}, // green
	{0x33, 0x22, 0x88, 0xFF}, // indigo
	{0x99, 0x99, 0x33, 0xFF}, // olive
	{0xAA, 0x44, 0x99, 0xFF}, // purple
	{0x66, 0x11, 0x00, 0xFF}, // brown
	{0x00, 0x00, 0x00, 0xFF}, // black
}

// owned caches the colour of every registered backing, made again when the list of
// registrations grows (they all happen at start, so in practice once).
var owned struct {
	sync.Mutex
	names  []string
	colors map[string]color.NRGBA
}

// ownColor is the colour of a backing outside the palette. A backing's colour follows
// from its name: its slot in ownColors is a hash of the name, so the same backing has
// the same colour in every run, every file and every binary that registers it. Two
// registered backings never share one: a later registration whose slot is taken takes
// the next free slot, and past len(ownColors) registrations colours are spread around
// the hue circle. A name this binary did not register (a run saved by another) takes
// its hashed slot.
func ownColor(name string) color.NRGBA {
	owned.Lock()
	defer owned.Unlock()
	if extra := backingnames.Extra(); !slices.Equal(extra, owned.names) {
		owned.names, owned.colors = extra, assignOwn(extra)
	}
	if c, ok := owned.colors[name]; ok {
		return c
	}
	return ownColors[slotOf(name)]
}

// assignOwn gives each name, in order, a colour of its own.
func assignOwn(names []string) map[string]color.NRGBA {
	out := make(map[string]color.NRGBA, len(names))
	taken := make([]bool, len(ownColors))
	for i, name := range names {
		if i >= len(ownColors) {
			out[name] = hueColor(i - len(ownColors))
			continue
		}
		s := slotOf(name)
		for taken[s] {
			s = (s + 1) % len(ownColors)
		}
		taken[s] = true
		out[name] = ownColors[s]
	}
	return out
}

// slotOf is name's place in ownColors.
func slotOf(name string) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int(h.Sum32() % uint32(len(ownColors)))
}

// hueColor is the k-th colour past ownColors: hues a golden angle apart, at a
// saturation and lightness that read on white.
func hueColor(k int) color.NRGBA {
	hue := math.Mod(float64(k)*137.508+20, 360)
	const s, l = 0.65, 0.42
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(hue/60, 2)-1))
	var r, g, b float64
	switch {
	case hue < 60:
		r, g = c, x
	case hue < 120:
		r, g = x, c
	case hue < 180:
		g, b = c, x
	case hue < 240:
		g, b = x, c
	case hue < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := l - c/2
	to := func(v float64) uint8 { return uint8(math.Round((v + m) * 255)) }
	return color.NRGBA{to(r), to(g), to(b), 0xFF}
}
