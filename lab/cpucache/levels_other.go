//go:build !linux && !windows && !darwin

package cpucache

import (
	"fmt"
	"runtime"
)

// systemLevels: the lab reads cache sizes on Linux, Windows and macOS only.
func systemLevels() ([]Level, error) {
	return nil, fmt.Errorf("%w: the lab reads them on Linux, Windows and macOS, not on %s", ErrUnknown, runtime.GOOS)
}
