package testcheck

import (
	"errors"
	"testing"
)

func TestPanicOf(t *testing.T) {
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
		if got := PanicOf(tt.op); got != tt.want {
			t.Errorf("%s: PanicOf = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// recorder keeps what Err reports instead of failing the test that runs it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, format)
}

func TestErr(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		want  string
		fails bool
	}{
		{"nil, as wanted", nil, "", false},
		{"an error where none was wanted", errors.New("no such file"), "", true},
		{"the error wanted", errors.New("open x: no such file"), "no such file", false},
		{"another error", errors.New("permission denied"), "no such file", true},
		{"no error where one was wanted", nil, "no such file", true},
	}
	for _, tt := range tests {
		r := &recorder{TB: t}
		Err(r, tt.err, tt.want, "Open(%q)", "x")
		if got := len(r.errs) > 0; got != tt.fails {
			t.Errorf("%s: Err reported %v, want a failure: %v", tt.name, r.errs, tt.fails)
		}
	}
}
