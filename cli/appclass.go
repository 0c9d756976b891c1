package cli

import (
	"localitylab/lab"
	"localitylab/launch"
	"localitylab/presets/class"
)

// classOptions are the app's options for -compare A B C…: the Class tab with a
// class's machines, checked here as `compare A B C` checks them, so that a file that
// does not belong is refused (status 2) before the window opens. The setup is the
// one the app remembers, or -preset's.
func (o *appOpts) classOptions(opts launch.Options) (launch.Options, error) {
	files := append([]string{o.compare}, o.class...)
	if len(files) == 2 {
		return opts, usagef("-compare: 2 files: the window shows one saved run as a base (-compare FILE), or three or more as a class's machines")
	}
	_, read, err := class.Read(lab.LoadSaved, files)
	if err != nil {
		return opts, usagef("-compare: %v", err)
	}
	opts.Compare, opts.Class, opts.ClassRead = "", files, read
	p, err := o.presetSetup(opts.Overrides)
	opts.Setup = p
	return opts, err
}
