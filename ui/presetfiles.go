//go:build !nogui

package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"localitylab/presets"
)

// The setup in and out of preset files (the File menu).

// loadPresetDialog asks for a preset file and makes it the setup.
func (p *setupPanel) loadPresetDialog() { p.files.open("Load a preset file", p.loadPreset) }

// loadPreset makes the preset at path the setup. A file that is broken or names
// what does not exist is reported, naming the file and the field, and nothing else
// changes; so is a load while a job measures the setup.
func (p *setupPanel) loadPreset(path string) {
	if !p.idle("Cannot load a preset now") {
		return
	}
	s, err := presets.Load(path)
	if err != nil {
		p.status.fail("Cannot load the preset", err)
		return
	}
	p.apply(s)
	p.status.say(fmt.Sprintf("Loaded preset %q from %s.", s.Title, filepath.Base(path)), false)
}

// savePresetDialog asks where to save the setup as a preset file.
func (p *setupPanel) savePresetDialog() {
	name := p.preset.Name
	if name == "" {
		name = p.preset.Workload
	}
	p.files.save("Save the setup as a preset", name+"-mine.json", ".json", func(path string) {
		p.savePreset(withExt(path, ".json"))
	})
}

// savePreset writes the setup to path as a preset file.
func (p *setupPanel) savePreset(path string) {
	s, err := p.read()
	if err == nil {
		err = presets.Save(path, presetOf(s, path))
	}
	if err != nil {
		p.status.fail("Cannot save the preset", err)
		return
	}
	p.status.say("Saved the setup as "+path+".", false)
}

// presetOf is the setup as a preset file: the lesson and claims it came with, its
// own name taken from the file's.
func presetOf(s presets.Preset, path string) presets.Preset {
	s.Schema = presets.Schema
	s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return keepClaims(s)
}
