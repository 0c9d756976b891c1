// Package panics lets a test read what a call panicked with, so that a container's
// tests can hold its misuse messages to what they promise.
package panics

import "fmt"

// Of runs op and returns its panic message, "" if it did not panic.
func Of(op func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	op()
	return ""
}
