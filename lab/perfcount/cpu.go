package perfcount

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// cpuID is what the choice of memory-miss event depends on, as /proc/cpuinfo states it.
type cpuID struct {
	vendor     string // vendor_id: "AuthenticAMD", "GenuineIntel"; "" on arm64 and others
	family     int    // "cpu family", decimal in cpuinfo
	model      int    // "model", decimal in cpuinfo
	name       string // "model name", for messages only
	hypervisor bool   // the "hypervisor" CPU flag: running in a virtual machine
}

// parseCPUInfo reads the first processor block of /proc/cpuinfo text. Fields it cannot
// find stay zero, which selects the generic events: a parse failure costs precision of
// the miss label, never the run.
func parseCPUInfo(text string) cpuID {
	var id cpuID
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			if id.vendor != "" || id.name != "" {
				break // end of the first processor's block
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "vendor_id":
			id.vendor = val
		case "cpu family":
			id.family, _ = strconv.Atoi(val)
		case "model":
			id.model, _ = strconv.Atoi(val)
		case "model name":
			id.name = val
		case "flags":
			id.hypervisor = hasWord(val, "hypervisor")
		}
	}
	return id
}

func hasWord(s, word string) bool {
	for f := range strings.FieldsSeq(s) {
		if f == word {
			return true
		}
	}
	return false
}

func (c cpuID) String() string {
	if c.vendor == "" {
		return "unknown CPU vendor"
	}
	return fmt.Sprintf("%s family %#x model %#x", c.vendor, c.family, c.model)
}

// event is one perf event: its perf_event_attr type and config, and the label that says
// exactly what it counts.
type event struct {
	typ    uint32
	config uint64
	label  string
}

// perf_event_attr types and generic-cache config fields (linux/perf_event.h). They are
// spelled out here so that the event table, and its test, build on every OS.
const (
	typeHardware = 0
	typeSoftware = 1
	typeHWCache  = 3
	typeRaw      = 4

	hwCPUCycles    = 0
	hwInstructions = 1

	cacheLL         = 2
	cacheOpRead     = 0
	cacheResultMiss = 1
)

var (
	instructions = event{typeHardware, hwInstructions, "instructions"}
	cycles       = event{typeHardware, hwCPUCycles, "cycles"}

	// The kernel maps this generic event to the model's own last-level read-miss event.
	// Intel and many Arm cores have one; AMD Zen has none, which is why AMD gets raw
	// events below.
	llcLoadMisses = event{typeHWCache, cacheLL | cacheOpRead<<8 | cacheResultMiss<<16,
		"LLC-load-misses: last-level cache read misses, the kernel's generic event for this CPU"}

	// Skylake and later (also Haswell's MEM_LOAD_UOPS_RETIRED.L3_MISS, same encoding).
	intelL3Miss = event{typeRaw, 0x20d1,
		"MEM_LOAD_RETIRED.L3_MISS (Intel raw event 0xd1 umask 0x20): retired loads that missed L3"}
)

// amdDRAMFills is PMCx043 with unit mask 0x48: the demand (not prefetch) data-cache fills
// served by DRAM or I/O, in this NUMA node (bit 3) or another (bit 6). That is a load
// that missed every cache, L3 included, which the generic "cache-misses" event does not
// count on Zen. The encoding is the same from Zen 2 to Zen 5; only perf's names for the
// two unit-mask bits change, and the label gives the ones this CPU's perf list shows.
func amdDRAMFills(core, names string) event {
	return event{typeRaw, 0x48<<8 | 0x43, names + " (AMD " + core +
		", raw event 0x43 umask 0x48): demand data-cache fills from DRAM or I/O, local or remote NUMA node"}
}

// missEvents returns the memory-miss events worth trying on this CPU, best first.
// None means no event is known to count last-level misses here; MemMisses is then n/a
// rather than a number that means something else.
func missEvents(c cpuID) []event {
	switch c.vendor {
	case "AuthenticAMD":
		if z := amdZen(c); z != "" {
			return []event{amdDRAMFills(z, zenFillNames[z])}
		}
		return nil
	case "GenuineIntel":
		return []event{llcLoadMisses, intelL3Miss}
	case "HygonGenuine": // Zen 1 derivative: no documented DRAM-fill event
		return nil
	}
	return []event{llcLoadMisses}
}

var zenFillNames = map[string]string{
	"Zen 2": "ls_refills_from_sys.ls_mabresp_lcl_dram+ls_mabresp_rmt_dram",
	"Zen 3": "ls_dmnd_fills_from_sys.mem_io_local+mem_io_remote",
	"Zen 4": "ls_dmnd_fills_from_sys.dram_io_near+dram_io_far",
	"Zen 5": "ls_dmnd_fills_from_sys.dram_io_near+dram_io_far",
}

// amdZen names the core generation of an AMD CPU, following the model ranges of the
// kernel's perf event tables (tools/perf/pmu-events/arch/x86/mapfile.csv); "" for Zen 1
// (its tables list no DRAM-fill event) and for families this package does not know.
func amdZen(c cpuID) string {
	switch c.family {
	case 0x17:
		if c.model >= 0x30 {
			return "Zen 2"
		}
	case 0x19:
		m := c.model
		if (m >= 0x10 && m <= 0x1f) || (m >= 0x60 && m <= 0x7f) || (m >= 0xa0 && m <= 0xaf) {
			return "Zen 4"
		}
		return "Zen 3"
	case 0x1a:
		return "Zen 5"
	}
	return ""
}
