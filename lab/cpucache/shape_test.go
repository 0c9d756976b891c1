package cpucache

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestReadShapes(t *testing.T) {
	got, err := readShapes(filepath.Join("testdata", "shapes"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Shape{
		{Level{1, "Data", 48 << 10, 64}, 12, 64},
		{Level{2, "Unified", 1 << 20, 64}, 16, 64},
		{Level{3, "Unified", 32 << 20, 64}, 16, 64},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	// The other testdata machines report no associativity: an error naming the file.
	if _, err := readShapes(filepath.Join("testdata", "amd")); err == nil {
		t.Error("a cache without ways_of_associativity read without error")
	}
}
