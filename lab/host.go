package lab

import (
	"os"
	"runtime"
	"strconv"
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
			h.Caches = append(h.Caches, result.CacheLevel{Level: l.Level, Type: l.Type, Bytes: l.Bytes, LineBytes: l.LineBytes, NotUsed: l.NotUsed})
		}
		h.CachesNote = cpucache.Source()
	}
	if infos, err := cpu.Info(); err == nil && len(infos) > 0 {
		h.CPU = strings.TrimSpace(infos[0].ModelName)
		if h.CPU == "" {
			h.CPU = infos[0].VendorID
		}
	}
	return h
}

// loadavgPath is where Linux gives the load average; tests point it elsewhere.
var loadavgPath = "/proc/loadavg"

// loadAverage1 is the system's load average over the last minute, and false where
// the system gives none (not Linux) or gives something else.
func loadAverage1() (float64, bool) {
	b, err := os.ReadFile(loadavgPath)
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	x, err := strconv.ParseFloat(f[0], 64)
	if err != nil || x < 0 {
		return 0, false
	}
	return x, true
}

// StartLoadAverage is the load average as a run or sweep starts, so that its file
// can say how busy the machine was; nil where the system gives none.
func StartLoadAverage() *result.LoadAverage {
	x, ok := loadAverage1()
	if !ok {
		return nil
	}
	return &result.LoadAverage{Start: x}
}

// EndLoadAverage records in a the load average as the run or sweep ends, the first
// time it is called; nothing where a is nil (none at the start) or the system gives
// none now.
func EndLoadAverage(a *result.LoadAverage) {
	if a == nil || a.End != nil {
		return
	}
	if x, ok := loadAverage1(); ok {
		a.End = &x
	}
}
