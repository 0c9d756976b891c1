package lab

import (
	"bufio"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"localitylab/internal/units"
)

// A container (Docker, a CI runner, a systemd slice) gives a process less memory
// than the host has free: its memory cgroup's limit. The kernel kills a worker that
// grows past it, however much the host has left, so the memory check takes the
// least of the host's available memory and what each cgroup on this process's path
// still allows. Linux only: elsewhere the files are not there and no cgroup limits.

// cgroupLimit is what one memory cgroup allows: its limit, what it holds that the
// kernel cannot take back (its usage less the file pages it can drop), and where.
type cgroupLimit struct {
	dir         string // the cgroup's directory, as mounted
	limit, used uint64
}

// room is what the cgroup still lets its processes take.
func (c cgroupLimit) room() uint64 {
	if c.used >= c.limit {
		return 0
	}
	return c.limit - c.used
}

func (c cgroupLimit) String() string {
	return fmt.Sprintf("this process's memory cgroup (%s) allows %s, of which %s is in use", c.dir,
		units.Bytes(float64(c.limit)), units.Bytes(float64(c.used)))
}

// noLimit is the least value a version 1 cgroup reports for "no limit" (the largest
// page-aligned int64, 9223372036854771712 with 4 KiB pages); anything from 2^62 on
// is taken as none.
const noLimit = 1 << 62

// cgroupMemory returns the tightest memory cgroup on this process's path, from its
// own cgroup up to the root of each hierarchy mounted (version 2, or version 1's
// memory controller), read from root (the file system at "/"). ok is false when no
// cgroup sets a limit, or none can be read.
func cgroupMemory(root fs.FS) (tightest cgroupLimit, ok bool) {
	for _, dir := range memoryCgroupDirs(root) {
		for d := dir.path; ; d = path.Dir(d) {
			if c, found := readCgroupLimit(root, d); found && (!ok || c.room() < tightest.room()) {
				tightest, ok = c, true
			}
			if d == dir.top {
				break
			}
		}
	}
	return tightest, ok
}

// cgroupDir is a memory cgroup's directory and the top of its hierarchy's mount,
// both relative to the file system's root.
type cgroupDir struct{ path, top string }

// memoryCgroupDirs finds where this process's memory cgroups are mounted: each line
// of /proc/self/cgroup ("0::/a/b" for version 2, "4:memory:/a/b" for version 1's
// memory controller) joined to the mount of its hierarchy in /proc/self/mountinfo,
// whose root field says which cgroup the mount point shows (a container's mount
// shows its own cgroup as the mount point).
func memoryCgroupDirs(root fs.FS) []cgroupDir {
	mounts := map[string][2]string{} // "2" or "memory": mount point, the cgroup at it
	eachLine(root, "proc/self/mountinfo", func(line string) {
		pre, post, found := strings.Cut(line, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !found || len(f) < 5 || len(g) < 3 {
			return
		}
		switch {
		case g[0] == "cgroup2":
			mounts["2"] = [2]string{unescapeMount(f[4]), f[3]}
		case g[0] == "cgroup" && hasOption(g[2], "memory"):
			mounts["memory"] = [2]string{unescapeMount(f[4]), f[3]}
		}
	})
	var dirs []cgroupDir
	eachLine(root, "proc/self/cgroup", func(line string) {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			return
		}
		key := "2"
		if parts[0] != "0" || parts[1] != "" {
			if !hasOption(parts[1], "memory") {
				return
			}
			key = "memory"
		}
		m, ok := mounts[key]
		if !ok {
			return
		}
		top := strings.TrimPrefix(path.Clean(m[0]), "/")
		cg, mounted := path.Clean(parts[2]), path.Clean(m[1])
		var rel string
		switch {
		case mounted == "/":
			rel = cg
		case cg == mounted || strings.HasPrefix(cg, mounted+"/"):
			rel = strings.TrimPrefix(cg, mounted)
		default: // the mount shows this process's own cgroup, as in a cgroup namespace
		}
		dirs = append(dirs, cgroupDir{path: path.Join(top, rel), top: top})
	})
	return dirs
}

// readCgroupLimit reads the limit and usage of the cgroup at dir, version 2's
// files or version 1's; found is false where the cgroup sets no limit.
func readCgroupLimit(root fs.FS, dir string) (c cgroupLimit, found bool) {
	c.dir = "/" + dir
	limit, lok := readBytesFile(root, path.Join(dir, "memory.max"))
	used, uok := readBytesFile(root, path.Join(dir, "memory.current"))
	dropped := "inactive_file"
	if !lok {
		limit, lok = readBytesFile(root, path.Join(dir, "memory.limit_in_bytes"))
		used, uok = readBytesFile(root, path.Join(dir, "memory.usage_in_bytes"))
		dropped = "total_inactive_file"
	}
	if !lok || !uok || limit >= noLimit {
		return c, false
	}
	// File pages not touched lately are dropped before the kernel kills anything,
	// as the host's available memory counts them.
	if inactive, ok := statField(root, path.Join(dir, "memory.stat"), dropped); ok && inactive <= used {
		used -= inactive
	}
	c.limit, c.used = limit, used
	return c, true
}

// readBytesFile reads a cgroup file holding one number of bytes; "max" (version
// 2's no limit) reads as noLimit.
func readBytesFile(root fs.FS, name string) (uint64, bool) {
	data, err := fs.ReadFile(root, name)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return noLimit, true
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}

// statField reads one "name value" line of a memory.stat file.
func statField(root fs.FS, name, field string) (v uint64, ok bool) {
	eachLine(root, name, func(line string) {
		if k, val, found := strings.Cut(line, " "); found && k == field {
			v, ok = parseUint(val)
		}
	})
	return v, ok
}

func parseUint(s string) (uint64, bool) {
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	return n, err == nil
}

// eachLine calls do with each line of the file name, if it can be read.
func eachLine(root fs.FS, name string, do func(string)) {
	f, err := root.Open(name)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		do(sc.Text())
	}
}

// hasOption reports whether the comma-separated list has opt.
func hasOption(list, opt string) bool {
	for o := range strings.SplitSeq(list, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

// unescapeMount undoes mountinfo's octal escapes ("\040" for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
