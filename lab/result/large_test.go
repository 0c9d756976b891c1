package result_test

import (
	"bytes"
	"reflect"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// TestLargestRunReadsBack: a run as long as the lab writes them, six backings of
// 100,000 frames with the lab's own words in every text, reads back whole: the bounds
// on reading leave room for everything the lab writes.
func TestLargestRunReadsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("a 50 MB file")
	}
	want := runtest.Large(result.MaxFrames, "All six on all three: the camera pan", 1)
	var buf bytes.Buffer
	if err := result.WriteJSON(&buf, want); err != nil {
		t.Fatal(err)
	}
	got, err := result.ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the run read back differs from the run written")
	}
}

// BenchmarkReadLargestRun reads a run as long as the lab writes them (about 52 MB):
// 0.25 to 0.45 s of CPU a file on the development VM under load, against 2 s when
// encoding/json read the per-frame columns.
func BenchmarkReadLargestRun(b *testing.B) {
	var buf bytes.Buffer
	if err := result.WriteJSON(&buf, runtest.Large(result.MaxFrames, "", 1)); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := result.ReadJSON(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
