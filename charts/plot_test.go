package charts

import "testing"

func TestBudgetShown(t *testing.T) {
	tests := []struct {
		name string
		pl   Plot
		hi   float64
		want bool
	}{
		{"log axis always", Plot{Metric: FrameTime, Log: true, Budget: 16.7e6}, 5e3, true},
		{"linear, near the data", Plot{Metric: FrameTime, Budget: 16.7e6}, 9e6, true},
		{"linear, far above", Plot{Metric: FrameTime, Budget: 16.7e6}, 1e6, false},
		{"switched off", Plot{Metric: FrameTime, Log: true}, 1e6, false},
		{"not on memory", Plot{Metric: Memory, Budget: 16.7e6}, 16e6, false},
	}
	for _, tt := range tests {
		if got := tt.pl.BudgetShown(tt.hi); got != tt.want {
			t.Errorf("%s: budgetShown = %v, want %v", tt.name, got, tt.want)
		}
	}
}
