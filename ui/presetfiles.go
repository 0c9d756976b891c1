package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"localitylab/presets"
)

// loadPreset makes the preset at path the setup. A file that is broken or names
// what does not exist is reported, naming the file and the field, and nothing else
// changes.
func (w *window) loadPreset(path string) {
	p, ok := loadIdle(w, path, presets.Load, "Cannot load a preset now", "Cannot load the preset")
	if !ok {
		return
	}
	w.applySetup(p)
	w.say(fmt.Sprintf("Loaded preset %q from %s.", p.Title, filepath.Base(path)), false)
}

// savePresetDialog asks where to save the setup as a preset file.
func (w *window) savePresetDialog() {
	name := w.setup.Name
	if name == "" {
		name = w.setup.Workload
	}
	w.saveFile("Save the setup as a preset", name+"-mine.json", ".json", func(path string) {
		w.savePreset(withExt(path, ".json"))
	})
}

// savePreset writes the setup to path as a preset file.
func (w *window) savePreset(path string) {
	s, err := w.readSetup()
	if err == nil {
		err = presets.Save(path, presetOf(s, path))
	}
	if err != nil {
		w.fail("Cannot save the preset", err)
		return
	}
	w.say("Saved the setup as "+path+".", false)
}

// presetOf is the setup as a preset file: the lesson and claims it came with, its
// own name taken from the file's.
func presetOf(s presets.Preset, path string) presets.Preset {
	s.Schema = presets.Schema
	s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return keepClaims(s)
}
