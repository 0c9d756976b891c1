//go:build !race

package probe

const raceDetector = false
