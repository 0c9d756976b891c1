package compare

import (
	"strings"
	"testing"
)

func TestSharedShift(t *testing.T) {
	tests := []struct {
		name   string
		ratios []float64
		want   string // part of the text; "" for none
	}{
		{"all slower", []float64{1.033, 1.067, 1.098, 1.036}, "slower in the new run (+3.3% to +9.8%)"},
		{"all faster", []float64{0.9, 0.95, 0.97}, "faster in the new run (-10.0% to -3.0%)"},
		{"mixed", []float64{1.03, 0.98, 1.05}, ""},
		{"one unchanged", []float64{1.03, 1, 1.05}, ""},
		{"two only", []float64{1.2, 1.3}, ""},
		{"a failed backing is not counted", []float64{1.1, 0, 1.2, 1.05}, "(+5.0% to +20.0%)"},
		{"too few measured", []float64{1.1, 0, 1.2}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := &Report{}
			for _, r := range tc.ratios {
				rep.Backings = append(rep.Backings, Change{Ratio: r})
			}
			got := rep.SharedShiftText()
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("SharedShiftText() = %q, want %q", got, tc.want)
			}
		})
	}
}
