/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Locality Lab's Windows
 * binary under Wine 8, which lacks that DLL: Go's runtime (1.24 and later) loads it
 * from system32 at start and takes its random bytes from ProcessPrng. This exports
 * ProcessPrng alone and fills the buffer from the system's preferred generator
 * (BCryptGenRandom, which Wine has). It belongs to `make windows-check`, which builds
 * it with MinGW into the check's own Wine prefix; the product never ships it.
 *
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll
 *        bcryptprimitives.c bcryptprimitives.def -lbcrypt
 */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	/* BCryptGenRandom takes a ULONG count: fill a larger buffer in pieces. */
	while (size > 0) {
		ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
			return FALSE;
		data += n;
		size -= n;
	}
	return TRUE;
}
