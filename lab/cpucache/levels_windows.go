package cpucache

import (
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

var procLogicalProcessorInformationEx = windows.NewLazySystemDLL("kernel32.dll").NewProc("GetLogicalProcessorInformationEx")

// systemLevels asks Windows for its cache records (see parseWindowsCaches).
func systemLevels() ([]Level, error) {
	if err := procLogicalProcessorInformationEx.Find(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnknown, err)
	}
	n := uint32(0)
	// The first call says how big a buffer the records need; another processor
	// coming online between the calls makes the second ask again.
	for range 3 {
		var buf []uint64 // 8-byte aligned, as the records' masks are
		var p unsafe.Pointer
		if n > 0 {
			buf = make([]uint64, (n+7)/8)
			p = unsafe.Pointer(&buf[0])
		}
		r, _, err := procLogicalProcessorInformationEx.Call(relationCache, uintptr(p), uintptr(unsafe.Pointer(&n)))
		if r != 0 {
			if len(buf) == 0 {
				return nil, fmt.Errorf("%w: GetLogicalProcessorInformationEx has no cache records", ErrUnknown)
			}
			b := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), len(buf)*8)
			return parseWindowsCaches(b[:min(int(n), len(b))], int(unsafe.Sizeof(uintptr(0))))
		}
		if !errors.Is(err, windows.ERROR_INSUFFICIENT_BUFFER) || n == 0 {
			return nil, fmt.Errorf("%w: GetLogicalProcessorInformationEx: %v", ErrUnknown, err)
		}
	}
	return nil, fmt.Errorf("%w: GetLogicalProcessorInformationEx kept asking for a larger buffer", ErrUnknown)
}
