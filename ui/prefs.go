//go:build !nogui

package ui

import (
	"encoding/json"
	"fmt"

	"fyne.io/fyne/v2"

	"localitylab/presets"
)

// The preference keys. The setup is kept as a preset file's text, so that it is
// checked by the same code as any preset when it is read back, and a setup saved
// by an older version that no longer validates is simply not used.
const (
	prefSetup = "setup"
	prefLarge = "large"
	// prefNoCounters: a run found no hardware counters on this machine, so the app
	// starts with their box unticked.
	prefNoCounters = "no hardware counters"
	// prefFormat, followed by the export dialog's title, is the format last chosen there.
	prefFormat = "format: "
)

// remember stores the setup as the panel shows it in prefs, when it is valid.
func (p *setupPanel) remember(prefs fyne.Preferences) {
	s, err := p.read()
	if err != nil {
		return
	}
	s.Schema = presets.Schema
	data, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("ui: a preset does not marshal: %v", err))
	}
	prefs.SetString(prefSetup, string(data))
}

// remembered returns the setup stored by remember, or an error saying why it
// cannot be used; an app run for the first time has none.
func remembered(p fyne.Preferences) (presets.Preset, bool, error) {
	data := p.String(prefSetup)
	if data == "" {
		return presets.Preset{}, false, nil
	}
	s, err := presets.Parse([]byte(data), "the remembered setup")
	if err != nil {
		return presets.Preset{}, false, err
	}
	return s, true, nil
}
