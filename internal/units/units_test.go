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
		{"one in 92 frames", Count, 1.0 / 92, "0.011"},
		{"one in a million", Count, 1e-6, "0.0000010"},
		{"just under a twentieth", Count, -0.049, "-0.049"},
		{"a twentieth", Count, 0.05, "0.1"},
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

func TestRatioCI(t *testing.T) {
	tests := []struct {
		med, lo, hi     float64
		isRange, signif bool
		want            string
	}{
		{7.84, 7.71, 7.98, false, true, "7.84× (7.71–7.98)"},
		{1.03, 0.96, 1.11, false, false, "1.03× (0.96–1.11) n.s."},
		{1.2, 1.1, 1.3, true, false, "1.20× (range 1.10–1.30)"},
		{1.004, 1.002, 1.006, false, true, "1.004× (1.002–1.006)"},
		{0.9996, 0.9993, 0.9999, false, true, "0.9996× (0.9993–0.9999)"},
		{1.01, 1.0004, 1.02, false, true, "1.0100× (1.0004–1.0200)"},
		{32.3, 29.5, 34.3, false, true, "32.3× (29.5–34.3)"},
	}
	for _, tt := range tests {
		if got := RatioCI(tt.med, tt.lo, tt.hi, tt.isRange, tt.signif); got != tt.want {
			t.Errorf("RatioCI(%v, %v, %v, %v, %v) = %q, want %q", tt.med, tt.lo, tt.hi, tt.isRange, tt.signif, got, tt.want)
		}
	}
}

func TestChange(t *testing.T) {
	tests := []struct {
		ratio, lo, hi         float64
		interval, significant bool
		want                  string
	}{
		{0.799, 0.78, 0.817, true, true, "-20.1% (-22.0% to -18.3%)"},
		{1.012, 0.992, 1.031, true, false, "+1.2% (-0.8% to +3.1%) n.s."},
		{1.04, 0.95, 1.12, false, false, "+4.0% (range -5.0% to +12.0%) n.s."},
		{3.5, 3.4, 3.6, true, true, "+250% (+240% to +260%)"},
		{1, 1, 1, true, false, "0.0% (0.0% to 0.0%) n.s."},
	}
	for _, tc := range tests {
		if got := Change(tc.ratio, tc.lo, tc.hi, tc.interval, tc.significant); got != tc.want {
			t.Errorf("Change(%v, %v, %v) = %q, want %q", tc.ratio, tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestParamValue(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		unit string
		want string
	}{{3, "%", "3%"}, {3.4567, "%", "3.5%"}, {316227.7, "", "320,000"}, {40, "bytes", "40 bytes"}, {1000, "", "1,000"}, {0.123, "", "0.1"}} {
		if got := ParamValue(tc.v, tc.unit); got != tc.want {
			t.Errorf("ParamValue(%v, %q) = %q, want %q", tc.v, tc.unit, got, tc.want)
		}
	}
}

func TestShareRange(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   string
	}{{1, 1, "100%"}, {0, 0, "0%"}, {0.62, 1, "62–100%"}, {0.994, 0.996, "99–100%"}, {0.996, 0.999, "100%"}} {
		if got := ShareRange(tc.lo, tc.hi); got != tc.want {
			t.Errorf("ShareRange(%v, %v) = %q, want %q", tc.lo, tc.hi, got, tc.want)
		}
	}
}
