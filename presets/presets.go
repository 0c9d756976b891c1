// Package presets holds saved runs: the built-in lessons embedded in the binary, and
// files a user saves and loads. A preset names a workload, its backings and parameters,
// and, for a lesson, what the source article claims, so that the app can put the
// measured answer beside the claim.
//
// A claim's kind (ClaimKind) is one file, claim_<kind>.go: what a claim of it must
// say, its verdict on a run or a sweep, and the question the app asks before. The
// table in claimkind.go lists the kinds, a line each.
package presets

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"localitylab/internal/atomicfile"
	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// Schema names the version of a preset file.
const Schema = "localitylab/preset/v1"

// MaxFrames bounds a preset's run length, so that a typo cannot start an hour-long
// run: the lab's bound (result.MaxFrames, which lab.MaxFrames is), since a preset is
// a run to be.
const MaxFrames = result.MaxFrames

// Limits on what a preset file holds: far above anything a lesson needs (the longest
// built-in lesson is 4.9 KB in 9 paragraphs, its longest claim 0.3 KB, its longest
// sweep 9 values), far below what would stall the window, which lays the lesson out
// in full (a lesson of a megabyte once kept it busy past 100 s) and draws every claim.
// A file over a limit is refused with the limit it exceeds.
const (
	MaxFileBytes   = 4 << 20  // the whole file
	MaxName        = 100      // characters of the name
	MaxLessonBytes = 32 << 10 // the lesson's text
	MaxClaims      = 16
	MaxClaimText   = 2000 // characters of a claim's text, source or setting, each
	MaxSweepValues = 50
)

// Preset is a saved run.
type Preset struct {
	Schema   string          `json:"schema"`
	Name     string          `json:"name"`   // short id: "sprites-million"
	Title    string          `json:"title"`  // shown in the picker
	Lesson   string          `json:"lesson"` // paragraphs, a blank line between; empty for a plain saved run
	Workload string          `json:"workload"`
	Backings []string        `json:"backings"`
	Params   workload.Params `json:"params"` // on top of the workload's defaults
	Frames   int             `json:"frames"`
	Warmup   int             `json:"warmup"`
	Cache    string          `json:"cache,omitempty"` // "warm" (also when empty) or "cold"; a lesson says why
	Forks    int             `json:"forks,omitempty"` // sets of fresh workers the frames are split among; 0: result.DefaultForks
	Pages    string          `json:"pages,omitempty"` // "system", "huge" or "small"; empty for the lab's default
	Claims   []Claim         `json:"claims,omitempty"`
	// Sweep, for a lesson told by a sweep, is the parameter swept and its values; the
	// run at each value is the one the other fields describe. A preset without it is
	// a single run (and one with it can still be run as one, at Params).
	Sweep *Sweep `json:"sweep,omitempty"`
}

// Sweep is the parameter a sweep lesson varies, and the values it takes: a parameter
// of the workload, or the page mode (result.PagesParam, its values result.PagesModes'
// indexes: 0 huge, 1 small, 2 system).
type Sweep struct {
	Param  string  `json:"param"`
	Values []int64 `json:"values"` // at least two, increasing
}

//go:embed builtin/*.json
var builtinFS embed.FS

var builtins = mustLoadBuiltins()

func mustLoadBuiltins() []Preset {
	var out []Preset
	for _, name := range builtinOrder {
		data, err := fs.ReadFile(builtinFS, "builtin/"+name+".json")
		if err != nil {
			panic(err) // the embedded files are part of the binary
		}
		// The backings are checked when a preset is offered, not here: a lesson may
		// compare a backing of one's own, which main registers after this runs.
		p, err := parse(data, name+".json", false)
		if err != nil {
			panic(err) // TestBuiltins catches this before a build ships
		}
		out = append(out, p)
	}
	return out
}

// Builtin returns the built-in presets this binary can run, in picker order: a lesson
// about a backing of one's own (such as examples/aos's) would be offered only by a
// binary that registered that backing. Every lesson built in today runs on the six.
func Builtin() []Preset {
	var out []Preset
	for _, p := range builtins {
		if p.checkBackings() == nil {
			out = append(out, p)
		}
	}
	return out
}

// Unavailable returns the built-in presets this binary cannot run, each with the
// reason: a backing it compares that this binary does not have.
func Unavailable() (ps []Preset, why []error) {
	for _, p := range builtins {
		if err := p.checkBackings(); err != nil {
			ps, why = append(ps, p), append(why, err)
		}
	}
	return ps, why
}

// defaultName is the lesson the tests and the command line's checks start from: the
// million sprites, whose layouts a newcomer sees at a glance. The app itself first
// opens on the course's first lesson (FirstLesson).
const defaultName = "sprites-million"

// Default returns the preset the app opens on.
func Default() Preset {
	p, _ := builtinNamed(defaultName)
	return p
}

// FirstLesson returns the course's first lesson, which the app opens on the first
// time it starts (and when what it remembers cannot be used): a class starts at
// step 1.
func FirstLesson() Preset {
	if c := Course(); len(c) > 0 {
		if p, ok := builtinNamed(c[0].Name); ok {
			return p
		}
	}
	return Default()
}

// Lookup returns the built-in preset with that name or, when the argument names a file
// (it has a path separator or a .json suffix, or no built-in has that name), the preset
// in that file. A built-in lesson about a backing this binary does not have is
// refused with the reason.
func Lookup(nameOrFile string) (Preset, error) {
	for _, p := range builtins {
		if p.Name == nameOrFile {
			if err := p.checkBackings(); err != nil {
				return Preset{}, fmt.Errorf("preset %s: %w", p.Name, err)
			}
			return p, nil
		}
	}
	// "/" separates a path's elements on every system, Windows included, beside
	// the system's own.
	looksLikeFile := strings.ContainsAny(nameOrFile, "/"+string(filepath.Separator)) || strings.HasSuffix(nameOrFile, ".json")
	if _, err := os.Stat(nameOrFile); err == nil || looksLikeFile {
		return Load(nameOrFile)
	}
	names := make([]string, len(builtins))
	for i, p := range builtins {
		names[i] = p.Name
	}
	return Preset{}, fmt.Errorf("unknown preset %q (want a file or one of %s)", nameOrFile, strings.Join(names, ", "))
}

// IsBuiltin reports whether name is a built-in preset's, offered by this binary or
// not: Lookup reads no file for it.
func IsBuiltin(name string) bool {
	return slices.ContainsFunc(builtins, func(p Preset) bool { return p.Name == name })
}

// Load reads and validates a preset file; a file larger than MaxFileBytes is refused
// unread past that.
func Load(path string) (Preset, error) {
	f, err := os.Open(path)
	if err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", path, err)
	}
	if len(data) > MaxFileBytes {
		return Preset{}, fmt.Errorf("preset %s: larger than %d MiB, the most a preset file may be (a lesson's is a few KiB)", filepath.Base(path), MaxFileBytes>>20)
	}
	return Parse(data, filepath.Base(path))
}

// Parse decodes and validates a preset; errors name the source and the field at fault.
func Parse(data []byte, source string) (Preset, error) { return parse(data, source, true) }

// parse is Parse, checking the backings against this binary's only when asked.
func parse(data []byte, source string, backings bool) (Preset, error) {
	var p Preset
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", source, jsonError(data, err))
	}
	// A second value or stray text after the preset means the file is not what its
	// author thinks it is (two presets pasted together, a half-deleted edit).
	if off := dec.InputOffset(); dec.More() || len(bytes.TrimSpace(data[off:])) > 0 {
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		return Preset{}, fmt.Errorf("preset %s: line %d: text after the preset's closing brace", source, line)
	}
	if err := p.validate(backings); err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", source, err)
	}
	return p, nil
}

// jsonError adds the line number to a syntax error, which encoding/json gives only as
// a byte offset.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		line := 1 + bytes.Count(data[:min(int(syn.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: %w", line, err)
	}
	return err
}

// Validate checks every field and returns an error naming the first that is wrong. A
// backing must be one this binary offers for the workload: built in, or registered by
// the program (package byo) and implementing it.
func (p *Preset) Validate() error { return p.validate(true) }

// validate is Validate; without backings, a backing needs only a well-formed name
// that is not given twice.
func (p *Preset) validate(backings bool) error {
	if p.Schema != Schema {
		return fmt.Errorf("schema: %q is not %q", p.Schema, Schema)
	}
	if strings.TrimSpace(p.Title) == "" {
		return errors.New("title: empty")
	}
	if err := p.checkLimits(); err != nil {
		return err
	}
	spec, err := workloads.Lookup(p.Workload)
	if err != nil {
		return fmt.Errorf("workload: %w", err)
	}
	if len(p.Backings) < 1 || len(p.Backings) > workload.MaxPerRun {
		return fmt.Errorf("backings: %d given (want 1 to %d)", len(p.Backings), workload.MaxPerRun)
	}
	for i, b := range p.Backings {
		if strings.TrimSpace(b) == "" {
			return errors.New("backings: an empty name")
		}
		if slices.Contains(p.Backings[:i], b) {
			return fmt.Errorf("backings: %q given twice", b)
		}
	}
	if backings {
		if err := p.checkBackings(); err != nil {
			return err
		}
	}
	if _, err := spec.Resolve(p.Params); err != nil {
		return fmt.Errorf("params: %w", err)
	}
	if p.Frames < 1 || p.Frames > MaxFrames {
		return fmt.Errorf("frames: %d is out of range (want 1 to %d)", p.Frames, MaxFrames)
	}
	if p.Warmup < 0 || p.Warmup >= p.Frames {
		return fmt.Errorf("warmup: %d is out of range (want 0 to frames-1 = %d)", p.Warmup, p.Frames-1)
	}
	if p.Cache != "" && p.Cache != "warm" && p.Cache != "cold" {
		return fmt.Errorf("cache: %q (want warm or cold)", p.Cache)
	}
	if p.Forks < 0 || p.Forks > result.MaxForks {
		return fmt.Errorf("forks: %d is out of range (want 1 to %d, or leave it out for %d)", p.Forks, result.MaxForks, result.DefaultForks)
	}
	forks := p.Forks
	if forks == 0 {
		forks = result.DefaultForks
	}
	if _, err := result.PlanForks(p.Frames, p.Warmup, forks); err != nil {
		return err
	}
	switch p.Pages {
	case "", result.PagesSystem, result.PagesHuge, result.PagesSmall:
	default:
		return fmt.Errorf("pages: %q (want %s, %s or %s)", p.Pages, result.PagesSystem, result.PagesHuge, result.PagesSmall)
	}
	if p.Sweep != nil {
		if err := p.Sweep.validate(spec, p.Pages); err != nil {
			return fmt.Errorf("sweep: %w", err)
		}
	}
	for i, c := range p.Claims {
		if err := c.validate(p.Backings, p.Sweep); err != nil {
			return fmt.Errorf("claims[%d]: %w", i, err)
		}
		if err := c.validateConditions(spec); err != nil {
			return fmt.Errorf("claims[%d]: %w", i, err)
		}
	}
	return nil
}

// checkLimits refuses text longer than any lesson needs, naming the limit.
func (p *Preset) checkLimits() error {
	chars := utf8.RuneCountInString
	switch {
	case chars(p.Name) > MaxName:
		return fmt.Errorf("name: %d characters (at most %d)", chars(p.Name), MaxName)
	case chars(p.Title) > result.MaxTitle:
		return fmt.Errorf("title: %d characters (at most %d)", chars(p.Title), result.MaxTitle)
	case len(p.Lesson) > MaxLessonBytes:
		return fmt.Errorf("lesson: %s of text (at most %s)", units.Bytes(float64(len(p.Lesson))), units.Bytes(MaxLessonBytes))
	case len(p.Claims) > MaxClaims:
		return fmt.Errorf("claims: %d (at most %d)", len(p.Claims), MaxClaims)
	case p.Sweep != nil && len(p.Sweep.Values) > MaxSweepValues:
		return fmt.Errorf("sweep: values: %d (at most %d)", len(p.Sweep.Values), MaxSweepValues)
	}
	for i, c := range p.Claims {
		for _, f := range []struct{ name, text string }{{"text", c.Text}, {"source", c.Source}, {"setting", c.Setting}} {
			if n := chars(f.text); n > MaxClaimText {
				return fmt.Errorf("claims[%d]: %s: %d characters (at most %d)", i, f.name, n, MaxClaimText)
			}
		}
	}
	return nil
}

// validate checks the swept parameter and its values against the workload, or, for
// a sweep of the page mode (result.PagesParam), against the page modes; such a sweep
// leaves the preset's own page mode (pages) unset, since each point runs in its own.
func (s *Sweep) validate(spec *workload.Spec, pages string) error {
	q, ok := spec.Param(s.Param)
	if !ok && s.Param == result.PagesParam {
		if pages != "" {
			return fmt.Errorf("param: %q varies the page mode, and the preset sets pages %q for the whole sweep: leave pages out", s.Param, pages)
		}
		q, ok = workload.Param{Name: s.Param, Max: int64(len(result.PagesModes) - 1)}, true
	}
	if !ok {
		return fmt.Errorf("param: the %s workload has no parameter %q", spec.Name, s.Param)
	}
	if len(s.Values) < 2 {
		return fmt.Errorf("values: %d given (want at least 2)", len(s.Values))
	}
	for i, v := range s.Values {
		if v < q.Min || v > q.Max {
			return fmt.Errorf("values: %d is out of range for %s (want %d to %d)", v, q.Name, q.Min, q.Max)
		}
		if i > 0 && v <= s.Values[i-1] {
			return fmt.Errorf("values: %d after %d (want increasing values)", v, s.Values[i-1])
		}
	}
	return nil
}

// checkBackings returns an error naming the first backing the workload does not offer
// in this binary, and, for a backing it does not know at all, where one comes from.
func (p *Preset) checkBackings() error {
	spec, err := workloads.Lookup(p.Workload)
	if err != nil {
		return fmt.Errorf("workload: %w", err)
	}
	for _, b := range p.Backings {
		if err := spec.CheckBacking(b); err != nil {
			if workload.CheckKnown(b) != nil {
				return fmt.Errorf("backings: %w; a backing of one's own is offered only by a program "+
					"that registers it (aos: go run ./examples/aos)", err)
			}
			return fmt.Errorf("backings: %w", err)
		}
	}
	return nil
}

// Save validates p and writes it to path through a temporary file, so that a failed
// write never leaves a half-written preset behind.
func Save(path string, p Preset) error {
	if p.Schema == "" {
		p.Schema = Schema
	}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("preset %s: %w", filepath.Base(path), err)
	}
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(path, append(data, '\n')); err != nil {
		return fmt.Errorf("preset %w", err)
	}
	return nil
}
