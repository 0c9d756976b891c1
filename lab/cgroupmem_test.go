package lab

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"testing/fstest"

	"localitylab/workloads/workload"
)

const mib = 1 << 20

// The mounts of the three layouts a Linux machine has: cgroup version 2 alone
// (systemd, Docker today), version 1's controllers each mounted apart (older
// distributions, this VM), and a container's version 2, whose mount shows its own
// cgroup.
const (
	mountV2 = "25 20 0:23 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
	mountV1 = "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n" +
		"35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n" +
		"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
	mountContainer = "700 690 0:23 /system.slice/docker-abc.scope /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw\n"
)

func file(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

func bytesOf(n uint64) *fstest.MapFile { return file(strconv.FormatUint(n, 10) + "\n") }

// TestCgroupMemory: the memory check's room is the tightest cgroup on the process's
// path, its limit less what it holds that the kernel cannot drop; no limit, or files
// that cannot be read, is no limit.
func TestCgroupMemory(t *testing.T) {
	tests := []struct {
		name   string
		files  fstest.MapFS
		room   uint64
		ok     bool
		dirSay string
	}{
		{"version 2, the process's own cgroup", fstest.MapFS{
			"proc/self/mountinfo":                               file(mountV2),
			"proc/self/cgroup":                                  file("0::/user.slice/lab.scope\n"),
			"sys/fs/cgroup/user.slice/lab.scope/memory.max":     bytesOf(300 * mib),
			"sys/fs/cgroup/user.slice/lab.scope/memory.current": bytesOf(100 * mib),
			"sys/fs/cgroup/user.slice/lab.scope/memory.stat":    file("anon 83886080\ninactive_file 20971520\nactive_file 0\n"),
			"sys/fs/cgroup/user.slice/memory.max":               file("max\n"),
			"sys/fs/cgroup/user.slice/memory.current":           bytesOf(4000 * mib),
		}, 220 * mib, true, "/sys/fs/cgroup/user.slice/lab.scope"},
		{"version 2, a parent's limit", fstest.MapFS{
			"proc/self/mountinfo":                               file(mountV2),
			"proc/self/cgroup":                                  file("0::/user.slice/lab.scope\n"),
			"sys/fs/cgroup/user.slice/lab.scope/memory.max":     file("max\n"),
			"sys/fs/cgroup/user.slice/lab.scope/memory.current": bytesOf(10 * mib),
			"sys/fs/cgroup/user.slice/memory.max":               bytesOf(300 * mib),
			"sys/fs/cgroup/user.slice/memory.current":           bytesOf(50 * mib),
		}, 250 * mib, true, "/sys/fs/cgroup/user.slice"},
		{"version 2 in a container", fstest.MapFS{
			"proc/self/mountinfo":          file(mountContainer),
			"proc/self/cgroup":             file("0::/\n"),
			"sys/fs/cgroup/memory.max":     bytesOf(300 * mib),
			"sys/fs/cgroup/memory.current": bytesOf(12 * mib),
		}, 288 * mib, true, "/sys/fs/cgroup"},
		{"version 1", fstest.MapFS{
			"proc/self/mountinfo": file(mountV1),
			"proc/self/cgroup":    file("4:memory:/process_api/abc\n1:cpu:/\n0::/\n"),
			"sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes": bytesOf(300 * mib),
			"sys/fs/cgroup/memory/process_api/abc/memory.usage_in_bytes": bytesOf(120 * mib),
			"sys/fs/cgroup/memory/process_api/abc/memory.stat":           file("cache 1\ntotal_inactive_file 20971520\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                 file("9223372036854771712\n"),
			"sys/fs/cgroup/memory/memory.usage_in_bytes":                 bytesOf(6000 * mib),
		}, 200 * mib, true, "/sys/fs/cgroup/memory/process_api/abc"},
		{"version 1 without a limit", fstest.MapFS{
			"proc/self/mountinfo": file(mountV1),
			"proc/self/cgroup":    file("4:memory:/process_api/abc\n0::/\n"),
			"sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes": file("9223372036854771712\n"),
			"sys/fs/cgroup/memory/process_api/abc/memory.usage_in_bytes": bytesOf(120 * mib),
		}, 0, false, ""},
		{"over its limit: no room", fstest.MapFS{
			"proc/self/mountinfo":          file(mountV2),
			"proc/self/cgroup":             file("0::/\n"),
			"sys/fs/cgroup/memory.max":     bytesOf(300 * mib),
			"sys/fs/cgroup/memory.current": bytesOf(301 * mib),
		}, 0, true, "/sys/fs/cgroup"},
		{"a mount point with a space", fstest.MapFS{
			"proc/self/mountinfo":             file(`25 20 0:23 / /sys/fs/my\040cgroup rw - cgroup2 cgroup2 rw` + "\n"),
			"proc/self/cgroup":                file("0::/\n"),
			"sys/fs/my cgroup/memory.max":     bytesOf(64 * mib),
			"sys/fs/my cgroup/memory.current": bytesOf(0),
		}, 64 * mib, true, "/sys/fs/my cgroup"},
		{"no cgroup files (not Linux)", fstest.MapFS{}, 0, false, ""},
		{"a limit that is not a number", fstest.MapFS{
			"proc/self/mountinfo":          file(mountV2),
			"proc/self/cgroup":             file("0::/\n"),
			"sys/fs/cgroup/memory.max":     file("lots\n"),
			"sys/fs/cgroup/memory.current": bytesOf(1),
		}, 0, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := cgroupMemory(tt.files)
			if ok != tt.ok || ok && (c.room() != tt.room || c.dir != tt.dirSay) {
				t.Errorf("cgroupMemory = %+v (room %d), %v; want room %d in %s, %v", c, c.room(), ok, tt.room, tt.dirSay, tt.ok)
			}
		})
	}
}

// TestMemoryCheckHonoursCgroup: in a container of 300 MiB on a host with gigabytes
// free, a run that needs more than the container allows is refused before any worker
// starts (exit status 2), naming the cgroup, instead of workers killed mid-run.
func TestMemoryCheckHonoursCgroup(t *testing.T) {
	saved := cgroupRoot
	t.Cleanup(func() { cgroupRoot = saved })
	cgroupRoot = fstest.MapFS{
		"proc/self/mountinfo":          file(mountContainer),
		"proc/self/cgroup":             file("0::/\n"),
		"sys/fs/cgroup/memory.max":     bytesOf(300 * mib),
		"sys/fs/cgroup/memory.current": bytesOf(20 * mib),
	}
	if host, ok := hostAvailable(); !ok || host < 1<<30 {
		t.Skipf("this host has %d bytes available: the test needs more than the cgroup's 300 MiB to tell them apart", host)
	}
	c := testConfig(t, workload.SoA, workload.Map, workload.PtrArray)
	c.Params["entities"] = 1 << 20 // 80 MiB a worker, by the fake's estimate: 300 MiB with the margin
	_, err := Start(context.Background(), c)
	var me *MemoryError
	if !errors.As(err, &me) || me.Available != 280*mib {
		t.Fatalf("Start: %v, want a *MemoryError with the cgroup's 280 MiB available", err)
	}
	wantContains(t, "message", err.Error(), "only 280 MiB is available (this process's memory cgroup (/sys/fs/cgroup) allows 300 MiB, of which 20.0 MiB is in use)")
}
