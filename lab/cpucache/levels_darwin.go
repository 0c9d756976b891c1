package cpucache

import "golang.org/x/sys/unix"

// systemLevels asks sysctl for the caches (see darwinLevels).
func systemLevels() ([]Level, error) {
	v := map[string]uint64{}
	for _, name := range darwinNames {
		if b, err := unix.SysctlRaw(name); err == nil {
			if n, ok := sysctlNumber(b); ok {
				v[name] = n
			}
		}
	}
	var config []uint64
	if b, err := unix.SysctlRaw(darwinCacheConfig); err == nil {
		config = sysctlNumbers(b)
	}
	return darwinLevels(v, config)
}
