package cpucache

// systemLevels reads CPU 0's caches from sysfs.
func systemLevels() ([]Level, error) { return readSysfs(sysfsRoot) }
