// Package testcheck holds the checks that many packages' table tests make alike, so
// that each says what it expects and not how to find it out.
package testcheck

import (
	"fmt"
	"strings"
	"testing"
)

// PanicOf runs op and returns its panic message, "" if it did not panic.
func PanicOf(op func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	op()
	return ""
}

// Err fails t unless err is what want asks for: no error when want is "", otherwise
// an error whose text contains want. call (a format, with args) names what returned
// err in the message.
func Err(t testing.TB, err error, want string, call string, args ...any) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s = %v, want nil", fmt.Sprintf(call, args...), err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%s = %v, want an error containing %q", fmt.Sprintf(call, args...), err, want)
	}
}

// Rejects fails t for every one of inputs that parse accepts: each of them is text
// that parse must refuse. name names parse in the message.
func Rejects[T any](t testing.TB, name string, parse func(string) (T, error), inputs ...string) {
	t.Helper()
	for _, in := range inputs {
		if _, err := parse(in); err == nil {
			t.Errorf("%s(%q) accepted it", name, in)
		}
	}
}
