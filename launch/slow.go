package launch

import (
	"fmt"
	"time"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/cpucache"
	"localitylab/presets"
)

// slowAfter is how long a piece of work may take before it is said, up front.
const slowAfter = time.Minute

// flushRate is what the estimate of a cold run's flushes assumes they read per
// second, the cold frames' own extra cost included: on the loaded 2-core VM the lab
// was built on, cold bullets frames cost 20 to 70 ms more than warm ones with a
// 64 MiB flush (0.9 to 3.2 GiB/s over two runs). The notice says what it assumed.
const flushRate = 2 << 30 // bytes per second

// SlowNotice is what to say before a run of c starts when it will take over a
// minute, with an estimate and what it rests on; "" when nothing says it will. What
// is known before a run: in cold mode, the flush every frame of every backing reads
// first (twice the last-level cache), and for a built-in lesson (lesson, nil for
// none) how long its run took on the machine the lab was built on. The command line
// prints it on stderr before bench starts; the app may show it before Run.
func SlowNotice(c lab.Config, lesson *presets.Preset) string {
	if c.Cache == lab.Cold {
		levels, _ := cpucache.Levels()
		per := cpucache.FlushBytes(levels)
		reads := float64(per) * float64(c.Frames) * float64(len(c.Backings))
		d := time.Duration(reads / flushRate * float64(time.Second))
		// The flushes are only part of the run: say so once they alone take a third of
		// a minute.
		if d >= slowAfter/3 {
			return fmt.Sprintf("cold caches: before each of the %s frames of each of the %d backings, the worker reads %s (twice the last-level cache) "+
				"to empty the caches: %s read in all, about %s for the flushes alone at %s/s, on top of the frames and loads; -cache warm saves that",
				units.Count(float64(c.Frames)), len(c.Backings), units.Bytes(float64(per)), units.Bytes(reads), roundDuration(d), units.Bytes(flushRate))
		}
	}
	if lesson != nil && lesson.Sweep == nil && c.Cache != lab.Cold { // a sweep lesson's time is its sweep's
		if st, _, ok := presets.StepOf(lesson.Name); ok && st.Run >= slowAfter {
			return fmt.Sprintf("%s took %s on the machine the lab was built on (a shared 2-core VM); this machine's time will differ",
				lesson.Name, roundDuration(st.Run))
		}
	}
	return ""
}

// SweepNotice is what to say before a sweep whose frames share budget (-budget): it
// runs that long, plus each point's loads, when that is over a minute; "" otherwise.
func SweepNotice(budget time.Duration) string {
	if budget < slowAfter {
		return ""
	}
	return fmt.Sprintf("this sweep runs frames for about %s (-budget), plus each point's loads; a shorter -budget gives wider intervals",
		roundDuration(budget))
}

// roundDuration is d as a person plans with it: seconds under two minutes, then
// minutes.
func roundDuration(d time.Duration) string {
	if d < 2*time.Minute {
		return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
	}
	return fmt.Sprintf("%.1f min", d.Minutes())
}
