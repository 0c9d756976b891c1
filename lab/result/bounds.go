package result

// A file handed to the lab may come from anyone: a classmate's laptop, an archive of
// thirty submissions, an editor. Every text and every list it carries is bounded on
// reading, before anything is sized or drawn from it. The bound is what the lab
// itself writes there, with room to spare. A CPU name of 240 MiB once took the class
// table 24 GB; 10,000 forks kept the summary busy for minutes. A bound is one of two
// kinds:
//
//   - refused: the field names a thing (a machine's CPU, a backing, a mode). A file
//     whose name is longer than any the lab writes is not one of its files, and the
//     reader says which field and the limit.
//   - shortened: the field is prose the lab wrote to explain (an error, a note, why a
//     CPU was chosen), whose length the lab does not control (a worker's last stderr
//     lines). Past its bound it is cut to the bound, with an ellipsis and the number
//     of characters left out, so that the reader sees that it was cut.
//
// A figure is never altered: numbers are bounded only by the checks of Validate.
// Lists are refused past their bound. Limits count characters (a \u escape is one).

// textRule bounds one text field: at most max characters, longer text refused or
// shortened.
type textRule struct {
	max     int
	shorten bool
}

func refuse(max int) textRule  { return textRule{max: max} }
func shorten(max int) textRule { return textRule{max: max, shorten: true} }

// Bounds of the lists a file holds that the lab writes of a known length.
const (
	// MaxParams is the most parameters a run records: a workload has 16 at most,
	// and a file of another version may carry some this one lacks.
	MaxParams = 64
	// MaxCaches is the most data caches a machine records (sysfs lists four or five).
	MaxCaches = 16
	// MaxSweepValues is the most values one sweep runs (a lesson's sweep takes 50
	// at most; lab/sweep refuses more).
	MaxSweepValues = 200
	// MaxPhases is the most phases of one load (a workload has three kinds).
	MaxPhases = 16
	// maxName bounds a name: a backing's (32 characters, backingnames), a
	// parameter's, a workload's.
	maxName = 64
)

// Limits common to every field that lists none of its own: a text field the lab
// adds later is shortened past defaultText characters, a list refused past
// defaultCount entries.
var (
	defaultText  = shorten(2000)
	defaultCount = 1024
)

// textRules bound the text fields of runs and sweeps by their path in the file
// ("backings[].error": the error of any backing). Names are refused past their
// bound; prose is shortened (see above). TestBoundsName* checks that every path
// here is a field of a run or a sweep.
var textRules = map[string]textRule{
	// What the file is and what it ran: names, refused.
	"schema":   refuse(64),
	"title":    refuse(MaxTitle),
	"workload": refuse(maxName),
	"param":    refuse(maxName),
	"unit":     refuse(32),
	"cache":    refuse(16),
	"pages":    refuse(16),
	"started":  refuse(64), // a time, RFC 3339
	// The lab writes this cold mode's note and where the frames ran (a worker's
	// word when it could not pin), prose of one or two lines: shortened.
	"cache_note":  shorten(1000),
	"pinned":      shorten(1000),
	"stopped":     shorten(1000),
	"frame_clock": refuse(32),

	// The machine: what the lab reads from the system. A CPU's name is 48 bytes on
	// x86 (its brand string) and under 100 elsewhere; Go's version, the system, the
	// architecture and GOGC are words. Refused: they tell machines apart.
	"host.go":            refuse(64),
	"host.os":            refuse(64),
	"host.arch":          refuse(64),
	"host.cpu":           refuse(256),
	"host.gogc":          refuse(64),
	"host.caches[].type": refuse(32),
	"host.caches_note":   shorten(1000),
	"caches[].name":      refuse(16),
	"caches[].type":      refuse(32),
	"caches_note":        shorten(1000),

	// Counters: the event's name is the lab's, the notes are prose (the reasons a
	// counter could not be opened, joined).
	"counters.mem_misses_event": refuse(200),
	"counters.note":             shorten(2000),
	"counters.simulated.tool":   refuse(256),
	"counters.simulated.note":   shorten(2000),

	// A run's backings.
	"backings[]":                      refuse(maxName), // a sweep lists them by name
	"backings[].name":                 refuse(maxName),
	"backings[].error":                shorten(4000), // a worker's error and its last stderr lines
	"backings[].load.phases[].name":   refuse(maxName),
	"backings[].load.phases[].kind":   refuse(16),
	"backings[].summary.checksum":     refuse(16),
	"backings[].summary.sim_note":     shorten(2000),
	"backings[].frame_cpu.why":        shorten(1000),
	"backings[].fork_frame_cpu[].why": shorten(1000),
	"backings[].pages.mode":           refuse(16),
	"backings[].pages.thp":            refuse(32),
	"backings[].pages.note":           shorten(1000),
	"backings[].fork_pages[].mode":    refuse(16),
	"backings[].fork_pages[].thp":     refuse(32),
	"backings[].fork_pages[].note":    shorten(1000),
	"ratios[].backing":                refuse(maxName),
	"ratios[].vs":                     refuse(maxName),

	// A sweep's points and what it found.
	"points[].skipped":                         shorten(1000),
	"points[].backings[].name":                 refuse(maxName),
	"points[].backings[].error":                shorten(4000),
	"points[].backings[].ratio.backing":        refuse(maxName),
	"points[].backings[].ratio.vs":             refuse(maxName),
	"points[].backings[].pages.mode":           refuse(16),
	"points[].backings[].pages.thp":            refuse(32),
	"points[].backings[].pages.note":           shorten(1000),
	"points[].backings[].fork_pages[].mode":    refuse(16),
	"points[].backings[].fork_pages[].thp":     refuse(32),
	"points[].backings[].fork_pages[].note":    shorten(1000),
	"points[].backings[].frame_cpu.why":        shorten(1000),
	"points[].backings[].fork_frame_cpu[].why": shorten(1000),
	"points[].backings[].sim_note":             shorten(2000),
	"points[].pairs[].backing":                 refuse(maxName),
	"points[].pairs[].vs":                      refuse(maxName),
	"crossings[].below":                        refuse(maxName),
	"crossings[].above":                        refuse(maxName),
	"crossings[].text":                         shorten(500), // "spatialhash faster than soa below ~3%"
	"markers[].backing":                        refuse(maxName),
	"markers[].cache":                          refuse(16),
	"markers[].by":                             refuse(16),
	"drift[].backing":                          refuse(maxName),
}

// keyRules bound the names of the maps' entries (a parameter's name), and countRules
// how many entries a list or a map holds, by path; "backings[].frames.*" stands for
// every per-frame column.
var (
	keyRules = map[string]textRule{
		"params":        refuse(maxName),
		"tied":          refuse(maxName),
		"points[].tied": refuse(maxName),
	}
	countRules = map[string]int{
		"params":                                 MaxParams,
		"rounds":                                 MaxFrames, // every round runs a frame at least
		"rounds[].order":                         MaxBackings,
		"forks":                                  MaxForks,
		"host.caches":                            MaxCaches,
		"backings":                               MaxBackings,
		"backings[].frames.*":                    MaxFrames,
		"backings[].load.phases":                 MaxPhases,
		"backings[].fork_load_ns":                MaxForks,
		"backings[].fork_frame_cpu":              MaxForks,
		"backings[].fork_pages":                  MaxForks,
		"backings[].summary.fork_p50_ns":         MaxForks,
		"backings[].summary.sim_d1_misses_range": 2,
		"ratios":                                 MaxBackings,
		"ratios[].fork_medians":                  MaxForks,

		"values":                                 MaxSweepValues,
		"tied":                                   MaxParams,
		"caches":                                 MaxCaches,
		"points":                                 MaxSweepValues,
		"points[].tied":                          MaxParams,
		"points[].backings":                      MaxBackings,
		"points[].backings[].ratio.fork_medians": MaxForks,
		"points[].backings[].fork_ns_per_entity": MaxForks,
		"points[].backings[].fork_ns_per_entity_lo":    MaxForks,
		"points[].backings[].fork_ns_per_entity_hi":    MaxForks,
		"points[].backings[].fork_pages":               MaxForks,
		"points[].backings[].fork_frame_cpu":           MaxForks,
		"points[].backings[].fork_gc_cpu_ns_per_frame": MaxForks,
		"points[].backings[].sim_d1_misses_range":      2,
		"points[].pairs":                               maxPairs,
		"points[].pairs[].fork_medians":                MaxForks,
		// A crossing lies between two neighbouring points, for a pair of backings.
		"crossings": maxPairs * (MaxSweepValues - 1),
		// A marker is where one backing's working set reaches one cache.
		"markers": MaxBackings * MaxCaches,
		"drift":   MaxBackings,
	}
)

// maxPairs is how many pairs of backings one sweep's point compares.
const maxPairs = MaxBackings * (MaxBackings - 1) / 2
