package units

import (
	"math"
	"testing"
)

func TestFormats(t *testing.T) {
	tests := []struct {
		name string
		f    func(float64) string
		in   float64
		want string
	}{
		{"ns", Duration, 812, "812 ns"},
		{"µs", Duration, 3421, "3.42 µs"},
		{"budget", Duration, 16_666_667, "16.7 ms"},
		{"rounds into the next unit", Duration, 999_999, "1.00 ms"},
		{"s", Duration, 1.25e9, "1.25 s"},
		{"unmeasured", Duration, math.NaN(), "n/a"},
		{"bytes", Bytes, 512, "512 B"},
		{"KiB", Bytes, 1536, "1.50 KiB"},
		{"MiB", Bytes, 100 << 20, "100 MiB"},
		{"GiB", Bytes, 1.2 * (1 << 30), "1.20 GiB"},
		{"count", Count, 1_000_000, "1,000,000"},
		{"negative count", Count, -4096, "-4,096"},
		{"small mean", Count, 0.5, "0.5"},
		{"zero", Count, 0, "0"},
		{"ratio", Ratio, 7.843, "7.84×"},
		{"big ratio", Ratio, 1234, "1,234×"},
		{"one", Ratio, 1, "1.00×"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f(tt.in); got != tt.want {
				t.Errorf("%s(%v) = %q, want %q", tt.name, tt.in, got, tt.want)
			}
		})
	}
}
