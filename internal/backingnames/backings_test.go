package backingnames

import (
	"slices"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
)

func TestAdd(t *testing.T) {
	t.Cleanup(func() { extra = nil })
	tests := []struct {
		name string
		want string // part of the error; "" for none
	}{
		{"aos", ""},
		{"chunked-pool_2", ""},
		{"soa", "taken by a built-in backing"},
		{"aos", "registered twice"},
		{"AoS", "lower-case"},
		{"", "lower-case"},
		{"a,b", "lower-case"},
		{"9lives", "lower-case"},
		{strings.Repeat("x", 33), "lower-case"},
	}
	for _, tc := range tests {
		testcheck.Err(t, Add(tc.name), tc.want, "Add(%q)", tc.name)
	}
	if got, want := Extra(), []string{"aos", "chunked-pool_2"}; !slices.Equal(got, want) {
		t.Errorf("Extra() = %v, want %v", got, want)
	}
	if got := All(); len(got) != len(Builtin)+2 || !slices.Equal(got[:len(Builtin)], Builtin) || got[len(Builtin)] != "aos" {
		t.Errorf("All() = %v, want the built-ins then aos, chunked-pool_2", got)
	}
	for _, name := range []string{"soa", "aos", "chunked-pool_2"} {
		if !Known(name) {
			t.Errorf("Known(%q) = false", name)
		}
	}
	if Known("nope") {
		t.Error(`Known("nope") = true`)
	}
}
