// Package locale keeps Fyne's locale lookup quiet where the locale is the C locale
// with a character set, such as C.UTF-8, the default of Debian and of containers.
//
// Fyne's lang package reads the locale in its init function, so in every process of
// a binary that links Fyne (the command line, each worker, the app) before main
// starts. It asks github.com/jeandeaual/go-locale, which knows "C" and "POSIX" as
// the untranslated locale. But it reads "C.UTF-8" as the language "C", which is no
// language tag. Fyne then logs "Error parsing user locale C" three lines at a time,
// on stderr, which is the tail a user sees when a worker fails. The messages of the
// C locale are English; this package says so in the variable go-locale consults
// first for a language, LANGUAGE, before Fyne's init runs.
//
// Go initialises a program's packages in the order of their import paths, each
// after the packages it imports. This one imports only os and strings, and sorts
// before text/template, which Fyne's lang package needs, so it runs first. labmain
// (every program's main) imports it for that effect alone.
package locale

import (
	"os"
	"strings"
)

func init() { quietC(os.Getenv, os.Setenv) }

// quietC sets LANGUAGE=en when the locale in effect (the first of LC_ALL,
// LC_MESSAGES and LANG that is set, as go-locale reads them) is the C or POSIX
// locale with a character set or modifier ("C.UTF-8", "C.utf8", "POSIX@euro") and
// LANGUAGE is not set. Nothing else changes: the character set stays what the
// user chose, for this process and the workers it starts.
func quietC(getenv func(string) string, setenv func(string, string) error) {
	if getenv("LANGUAGE") != "" {
		return
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		loc := getenv(v)
		if loc == "" {
			continue
		}
		base, _, _ := strings.Cut(loc, ".")
		base, _, _ = strings.Cut(base, "@")
		if (base == "C" || base == "POSIX") && loc != base {
			setenv("LANGUAGE", "en")
		}
		return
	}
}
