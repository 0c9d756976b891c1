//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives the new file the owner and group of the file it replaces, where
// the system allows it (root may; another user may at most keep a group of theirs).
// A file that cannot keep them still gets written: its content is the user's.
func keepOwner(f *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) != os.Geteuid() || int(st.Gid) != os.Getegid() {
		f.Chown(int(st.Uid), int(st.Gid))
	}
}
