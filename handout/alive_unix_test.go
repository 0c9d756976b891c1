//go:build unix

package handout

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// alive reports whether process pid still runs: it exists and is not a zombie
// waiting for a parent that no longer reaps it.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc (macOS): it exists
	}
	// The state follows the command's name, which is in parentheses.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}
