package result

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// TestSetAsideCachesRoundTrip: a cache the lab did not use keeps its reason in both
// files, and the simulated record its geometry as reported and the caches set aside;
// files written before (every file in testdata) read with none of them.
func TestSetAsideCachesRoundTrip(t *testing.T) {
	const why = "shared by 2 CPUs, it would hold 240 MiB per CPU"
	s := testSweep()
	s.Caches = append(s.Caches, Cache{Name: "L3", Level: 3, Type: "Unified", Bytes: 480 << 20, LineBytes: 64, NotUsed: why})
	s.Host.Caches = append(s.Host.Caches, CacheLevel{Level: 3, Type: "Unified", Bytes: 480 << 20, LineBytes: 64, NotUsed: why})
	sim := &Simulated{Tool: "valgrind", D1: SimCache{Name: "L1d", Bytes: 48 << 10, Ways: 12, Line: 64},
		LL:       SimCache{Name: "L3", Bytes: 36 << 20, Ways: 18, Line: 64, Reported: &SimCache{Name: "L3", Bytes: 36 << 20, Ways: 12, Line: 64}},
		SetAside: []string{"L4 1 GiB reported by the system, not used: " + why}}
	s.Counters.Simulated = sim
	var buf bytes.Buffer
	if err := WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"not_used": "` + why + `"`, `"reported": {`, `"set_aside": [`, `"name": "L3"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the sweep file lacks %s", want)
		}
	}
	back, err := ReadSweepJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Caches, s.Caches) || !reflect.DeepEqual(back.Host.Caches, s.Host.Caches) || !reflect.DeepEqual(back.Counters.Simulated, sim) {
		t.Errorf("read back as caches %+v, host %+v, simulated %+v", back.Caches, back.Host.Caches, back.Counters.Simulated)
	}
	if back.Caches[len(back.Caches)-1].Used() || !back.Caches[0].Used() {
		t.Error("Used() does not follow not_used")
	}
	if got := back.Host.Caches[len(back.Host.Caches)-1].Text(); got != "L3 480 MiB reported by the system, not used: "+why {
		t.Errorf("Text() = %q", got)
	}

	// A reported geometry that is itself negative, or reports another, is refused.
	for _, bad := range []*SimCache{{Bytes: -1, Ways: 12, Line: 64}, {Bytes: 1, Ways: 1, Line: 64, Reported: &SimCache{}}} {
		s.Counters.Simulated = &Simulated{LL: SimCache{Bytes: 36 << 20, Ways: 18, Line: 64, Reported: bad}}
		buf.Reset()
		if err := WriteSweepJSON(&buf, s); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadSweepJSON(&buf); err == nil || !strings.Contains(err.Error(), "counters: simulated: ll:") {
			t.Errorf("reported %+v: %v, want it refused naming the field", bad, err)
		}
	}
}

// TestOlderFilesHaveNoJudgement: files written before caches were judged read with
// every cache used and no simulated geometry reported apart.
func TestOlderFilesHaveNoJudgement(t *testing.T) {
	r, err := LoadJSON("testdata/run-before-load.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Host.Caches) == 0 {
		t.Fatal("the older run records no caches to look at")
	}
	for _, c := range r.Host.Caches {
		if c.NotUsed != "" {
			t.Errorf("%s not used: %q", c.Name(), c.NotUsed)
		}
	}
	s, err := LoadSweepJSON("testdata/sweep-before-load.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Caches) == 0 {
		t.Fatal("the older sweep records no caches to look at")
	}
	for _, c := range s.Caches {
		if !c.Used() {
			t.Errorf("%s not used in an older file", c.Name)
		}
	}
}
