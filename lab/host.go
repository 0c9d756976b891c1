package lab

import (
	"os"
	"runtime"
	"strings"

	"github.com/shirou/gopsutil/v4/cpu"

	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

// hostInfo records the machine and runtime a run is measured on, so that a result
// file read months later says what produced it. The workers are this same binary, so
// the Go version and GOGC are theirs too.
func hostInfo() result.Host {
	h := result.Host{
		Go:    runtime.Version(),
		OS:    runtime.GOOS,
		Arch:  runtime.GOARCH,
		Cores: runtime.NumCPU(),
		GOGC:  os.Getenv("GOGC"),
	}
	if h.GOGC == "" {
		h.GOGC = "100" // the runtime's default
	}
	if levels, err := cpucache.Levels(); err != nil {
		h.CachesNote = err.Error()
	} else {
		for _, l := range levels {
			h.Caches = append(h.Caches, result.CacheLevel{Level: l.Level, Type: l.Type, Bytes: l.Bytes})
		}
	}
	if infos, err := cpu.Info(); err == nil && len(infos) > 0 {
		h.CPU = strings.TrimSpace(infos[0].ModelName)
		if h.CPU == "" {
			h.CPU = infos[0].VendorID
		}
	}
	return h
}
