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
	cases := []struct { // err "" for none; want "" for none wanted
		err, want string
		fails     bool
	}{
		{"", "", false},
		{"no such file", "", true},
		{"open x: no such file", "no such file", false},
		{"permission denied", "no such file", true},
		{"", "no such file", true},
	}
	for _, c := range cases {
		var err error
		if c.err != "" {
			err = errors.New(c.err)
		}
		r := &recorder{TB: t}
		Err(r, err, c.want, "Open(%q)", "x")
		if got := len(r.errs) > 0; got != c.fails {
			t.Errorf("error %q, want %q: Err reported %v, want a failure: %v", c.err, c.want, r.errs, c.fails)
		}
	}
}

func TestRejects(t *testing.T) {
	parse := func(s string) (int, error) { // accepts "" and "ok" only
		if s == "" || s == "ok" {
			return 1, nil
		}
		return 0, errors.New("bad")
	}
	tests := []struct {
		inputs []string
		fails  int // how many of them Rejects reports
	}{
		{nil, 0},
		{[]string{"x", "y"}, 0},
		{[]string{"x", "ok", "y", ""}, 2},
	}
	for _, tt := range tests {
		r := &recorder{TB: t}
		Rejects(r, "parse", parse, tt.inputs...)
		if len(r.errs) != tt.fails {
			t.Errorf("Rejects(%q) reported %d failures, want %d", tt.inputs, len(r.errs), tt.fails)
		}
	}
}
