package charts

import "image/color"

// A class's machines are drawn as classview.Class, a leaf model that presets/class
// fills. What stays here is how the drawers tell the machines apart.

// machineColors tell the machines apart on a chart, where each backing is a group
// and each machine a bar in it: distinct hues that stay apart for colour-blind
// readers (Okabe and Ito's palette), repeated past eight machines with their letter
// telling them apart.
var machineColors = []color.NRGBA{
	{0x00, 0x72, 0xB2, 0xFF}, {0xE6, 0x9F, 0x00, 0xFF}, {0x00, 0x9E, 0x73, 0xFF}, {0xCC, 0x79, 0xA7, 0xFF},
	{0x56, 0xB4, 0xE9, 0xFF}, {0xD5, 0x5E, 0x00, 0xFF}, {0x4D, 0x4D, 0x4D, 0xFF}, {0xF0, 0xE4, 0x42, 0xFF},
}

// MachineColor is machine i's colour on every chart of a class.
func MachineColor(i int) color.NRGBA { return machineColors[i%len(machineColors)] }

// ClassLetter is machine i's short name on a chart: A, B, … Z, then AA.
func ClassLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return ClassLetter(i/26-1) + ClassLetter(i%26)
}
