package perfcount

import (
	"slices"
	"strings"
	"testing"
)

const epycCPUInfo = `processor	: 0
vendor_id	: AuthenticAMD
cpu family	: 25
model		: 17
model name	: AMD EPYC
flags		: fpu vme de pse tsc msr hypervisor lahf_lm

processor	: 1
vendor_id	: GenuineIntel
cpu family	: 6
model		: 85
`

const xeonCPUInfo = `processor	: 0
vendor_id	: GenuineIntel
cpu family	: 6
model		: 106
model name	: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
flags		: fpu vme de pse tsc msr
`

const arm64CPUInfo = `processor	: 0
BogoMIPS	: 243.75
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32
CPU implementer	: 0x41
CPU architecture: 8
CPU part	: 0xd0c
`

func TestParseCPUInfo(t *testing.T) {
	tests := []struct {
		name string
		text string
		want cpuID
	}{
		{"AMD in a VM, first block only", epycCPUInfo,
			cpuID{vendor: "AuthenticAMD", family: 25, model: 17, name: "AMD EPYC", hypervisor: true}},
		{"Intel on bare metal", xeonCPUInfo,
			cpuID{vendor: "GenuineIntel", family: 6, model: 106,
				name: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz"}},
		{"arm64 has no vendor_id", arm64CPUInfo, cpuID{}},
		{"unreadable", "", cpuID{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseCPUInfo(tt.text); got != tt.want {
				t.Errorf("parseCPUInfo = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestMissEvents(t *testing.T) {
	amd := func(family, model int) cpuID { return cpuID{vendor: "AuthenticAMD", family: family, model: model} }
	tests := []struct {
		name    string
		cpu     cpuID
		configs []uint64 // raw or generic configs, in the order tried
		label   string   // what the first label must mention
	}{
		{"EPYC Genoa is Zen 4", amd(0x19, 0x11), []uint64{0x4843}, "dram_io_near+dram_io_far (AMD Zen 4"},
		{"EPYC Bergamo is Zen 4", amd(0x19, 0xa0), []uint64{0x4843}, "AMD Zen 4"},
		{"EPYC Milan is Zen 3", amd(0x19, 0x01), []uint64{0x4843}, "mem_io_local+mem_io_remote (AMD Zen 3"},
		{"Ryzen 5000 is Zen 3", amd(0x19, 0x21), []uint64{0x4843}, "AMD Zen 3"},
		{"EPYC Rome is Zen 2", amd(0x17, 0x31), []uint64{0x4843}, "ls_mabresp_lcl_dram+ls_mabresp_rmt_dram (AMD Zen 2"},
		{"Zen 5", amd(0x1a, 0x02), []uint64{0x4843}, "AMD Zen 5"},
		{"EPYC Naples (Zen 1) has none", amd(0x17, 0x01), nil, ""},
		{"pre-Zen AMD has none", amd(0x15, 0x02), nil, ""},
		{"unknown future AMD has none", amd(0x1b, 0x00), nil, ""},
		{"Hygon has none", cpuID{vendor: "HygonGenuine", family: 0x18}, nil, ""},
		{"Intel: generic, then raw L3 miss", cpuID{vendor: "GenuineIntel", family: 6, model: 106},
			[]uint64{llcLoadMisses.config, 0x20d1}, "LLC-load-misses"},
		{"unknown vendor: generic", cpuID{}, []uint64{llcLoadMisses.config}, "LLC-load-misses"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs := missEvents(tt.cpu)
			var got []uint64
			for _, ev := range evs {
				got = append(got, ev.config)
			}
			if !slices.Equal(got, tt.configs) {
				t.Fatalf("missEvents(%v) configs = %#x, want %#x", tt.cpu, got, tt.configs)
			}
			if len(evs) > 0 && !strings.Contains(evs[0].label, tt.label) {
				t.Errorf("label %q does not mention %q", evs[0].label, tt.label)
			}
			for _, ev := range evs {
				if ev.config == 0x4843 && ev.typ != typeRaw {
					t.Errorf("AMD DRAM fills opened as type %d, want raw (%d)", ev.typ, typeRaw)
				}
			}
		})
	}
}
