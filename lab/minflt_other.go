//go:build !unix

package lab

// usageNow cannot be read here.
func usageNow() (usage, bool) { return usage{}, false }
