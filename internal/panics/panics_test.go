package panics

import (
	"errors"
	"testing"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name string
		op   func()
		want string
	}{
		{"returns", func() {}, ""},
		{"a string", func() { panic("full") }, "full"},
		{"an error", func() { panic(errors.New("bad index")) }, "bad index"},
		{"a number", func() { panic(42) }, "42"},
	}
	for _, tt := range tests {
		if got := Of(tt.op); got != tt.want {
			t.Errorf("%s: Of = %q, want %q", tt.name, got, tt.want)
		}
	}
}
