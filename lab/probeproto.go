package lab

import (
	"encoding/json"
	"fmt"

	"localitylab/lab/probe"
	"localitylab/lab/result"
)

// probeRequest is what a probe's worker needs to know: the probe to take, the pages
// its buffer gets, the CPU to run on and why that one, and the memory it may take.
type probeRequest struct {
	Kind     string    `json:"kind"`  // result.ProbeShort or result.ProbeFull
	Pages    PagesMode `json:"pages"` // as a run's heap
	CPU      int       `json:"cpu"`   // -1: do not pin
	CPUWhy   string    `json:"cpu_why"`
	MaxBytes int64     `json:"max_bytes"` // 0: no bound
}

func (r *probeRequest) check() error {
	if r.Kind != result.ProbeShort && r.Kind != result.ProbeFull {
		return fmt.Errorf("protocol: probe kind %q", r.Kind)
	}
	if _, err := ParsePagesMode(string(r.Pages)); err != nil {
		return fmt.Errorf("protocol: %w", err)
	}
	if r.CPU < -1 || r.CPU >= 1<<16 || r.MaxBytes < 0 {
		return fmt.Errorf("protocol: probe on CPU %d within %d bytes", r.CPU, r.MaxBytes)
	}
	return nil
}

// putJSON sends v as the JSON payload of a message of type t.
func putJSON(m *writer, t msgType, v any) error {
	js, err := json.Marshal(v)
	if err != nil {
		return err
	}
	m.start(t)
	m.raw(js)
	return m.flush()
}

func getProbeStep(m *reader) (probe.Step, error) {
	var s probe.Step
	if err := json.Unmarshal(m.buf, &s); err != nil {
		return s, fmt.Errorf("protocol: probe step: %w", err)
	}
	if s.Done < 0 || s.Of < s.Done {
		return s, fmt.Errorf("protocol: probe step %d of %d", s.Done, s.Of)
	}
	return s, nil
}

// getProbeData decodes the probe's record and checks it as a file's would be.
func getProbeData(m *reader) (*result.Probe, error) {
	var p result.Probe
	if err := json.Unmarshal(m.buf, &p); err != nil {
		return nil, fmt.Errorf("protocol: probe data: %w", err)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("protocol: %w", err)
	}
	return &p, nil
}
