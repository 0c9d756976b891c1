#!/usr/bin/env bash
# windows-check.sh builds Locality Lab for Windows and, where Wine is installed, runs
# a smoke test of it under Wine beside the Linux binary: `presets`; a short bullets
# bench of map against slotmap written with `-json sub/x.json` (a path with `/` into a
# folder), three times, each beside the same bench of the Linux binary; then
# tools/winecheck judges each file, every p50 (none may read 0 ns), the frame clock
# each file records, and the median map/slotmap ratio against the Linux runs' median
# (within ±35%). It says what it skipped (no MinGW: the GUI build; no Wine: the smoke
# test) and exits 1 on any real failure.
#
# MINGW and WINE name other commands for the compiler and for Wine.
#
# Wine 8 lacks bcryptprimitives.dll, which Go 1.24 and later loads from system32 at
# start: the check builds a stand-in (tools/wine/bcryptprimitives.c) with MinGW into a
# Wine prefix of its own, in a temporary folder removed at the end. Nothing of it goes
# into the product.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
GO=${GO:-go}
out=dist/windows-check
mingw=${MINGW:-x86_64-w64-mingw32-gcc} # the C compiler for Windows (cgo and the stand-in DLL)
wine=${WINE:-wine}
args=(bench -workload bullets -entities 20000 -backings map,slotmap -frames 60)

say() { printf 'windows-check: %s\n' "$*"; }
failures=()
fail() { failures+=("$1"); printf 'windows-check: FAIL: %s\n' "$1"; }
skipped=()

mkdir -p "$out"
start=$(date +%s)
if command -v "$mingw" >/dev/null 2>&1; then
	say "building the Windows binary with its window (cgo, $mingw): $out/localitylab.exe (a first build compiles Fyne's C parts: minutes)"
	if ! CGO_ENABLED=1 CC="$mingw" GOOS=windows GOARCH=amd64 "$GO" build -o "$out/localitylab.exe" .; then
		fail "the MinGW build of the Windows binary"
	fi
	kind=gui
else
	skipped+=("the Windows build with the window: no MinGW ($mingw not on PATH); the command-line one (-tags nogui) was built instead")
	say "no $mingw: building the command-line Windows binary (-tags nogui): $out/localitylab.exe"
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 "$GO" build -tags nogui -o "$out/localitylab.exe" . || fail "the nogui build of the Windows binary"
	kind=nogui
fi
say "built in $(($(date +%s) - start)) s"

finish() {
	for s in "${skipped[@]}"; do say "SKIPPED: $s"; done
	if [ ${#failures[@]} -gt 0 ]; then
		say "FAILED: ${#failures[@]} check(s):"
		printf '  - %s\n' "${failures[@]}"
		exit 1
	fi
	if [ ${#skipped[@]} -gt 0 ]; then
		say "passed (the $kind binary), with what is SKIPPED above left out"
	else
		say "passed (the $kind binary)"
	fi
	exit 0
}
[ ${#failures[@]} -gt 0 ] && finish

if ! command -v "$wine" >/dev/null 2>&1; then
	skipped+=("the smoke test under Wine: $wine is not installed (Debian: apt-get install wine wine64)")
	finish
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/localitylab-windows-check.XXXXXX")
export WINEPREFIX="$tmp/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="bcryptprimitives=n"
cleanup() {
	WINEPREFIX="$WINEPREFIX" "${WINESERVER:-wineserver}" -k >/dev/null 2>&1 || true
	rm -rf "$tmp"
}
trap cleanup EXIT

say "a Wine prefix of the check's own ($("$wine" --version 2>/dev/null))"
"$wine" wineboot -i >/dev/null 2>&1 || true
sys32="$WINEPREFIX/drive_c/windows/system32"
if [ ! -d "$sys32" ]; then
	fail "wineboot made no prefix at $WINEPREFIX"
	finish
fi
if [ -e "$sys32/bcryptprimitives.dll" ]; then
	say "this Wine has its own bcryptprimitives.dll: no stand-in needed"
elif ! command -v "$mingw" >/dev/null 2>&1; then
	skipped+=("the smoke test under Wine: this Wine lacks bcryptprimitives.dll, which Go needs at start, and its stand-in is built with MinGW ($mingw), which is missing")
	finish
elif ! "$mingw" -shared -O2 -o "$sys32/bcryptprimitives.dll" tools/wine/bcryptprimitives.c tools/wine/bcryptprimitives.def -lbcrypt; then
	fail "building the stand-in bcryptprimitives.dll"
	finish
fi
exe="$root/$out/localitylab.exe"

say "wine localitylab.exe presets"
if presets=$("$wine" "$exe" presets 2>"$tmp/presets.err") && grep -q sprites-million <<<"$presets"; then
	say "presets: $(grep -c . <<<"$presets") lines, sprites-million among them"
else
	cat "$tmp/presets.err"
	fail "presets under Wine (exit status or output: no sprites-million)"
fi

# The Linux binary beside it: the command-line one, the same code as the window's.
say "building the Linux binary to compare with: $out/localitylab-linux (-tags nogui)"
CGO_ENABLED=0 "$GO" build -tags nogui -o "$out/localitylab-linux" . || { fail "the Linux build"; finish; }

# Pairs of runs, the Windows one then the Linux one, so that a spell of load falls on
# both; the ratio is judged on the medians over the pairs.
pairs=${WINDOWS_CHECK_PAIRS:-3}
judged=()
for i in $(seq 1 "$pairs"); do
	mkdir -p "$tmp/win$i/sub" "$tmp/linux$i/sub"
	say "pair $i of $pairs: wine localitylab.exe ${args[*]} -json sub/x.json"
	(cd "$tmp/win$i" && "$wine" "$exe" "${args[@]}" -json sub/x.json) >"$tmp/win.out" 2>"$tmp/win.err"
	status=$?
	sed -n '3,5p' "$tmp/win.out"
	[ $status -eq 0 ] || { tail -20 "$tmp/win.err"; fail "bench under Wine (pair $i): exit status $status"; }
	say "pair $i of $pairs: localitylab-linux ${args[*]} -json sub/x.json"
	(cd "$tmp/linux$i" && "$root/$out/localitylab-linux" "${args[@]}" -json sub/x.json) >"$tmp/linux.out" 2>"$tmp/linux.err"
	status=$?
	sed -n '3,5p' "$tmp/linux.out"
	[ $status -eq 0 ] || { tail -20 "$tmp/linux.err"; fail "bench on Linux (pair $i): exit status $status"; finish; }
	judged+=(-windows "$tmp/win$i/sub/x.json" -linux "$tmp/linux$i/sub/x.json")
done

say "judging the Windows runs against the Linux ones (tools/winecheck)"
"$GO" build -o "$tmp/winecheck" ./tools/winecheck || { fail "building tools/winecheck"; finish; }
"$tmp/winecheck" "${judged[@]}" >"$tmp/verdict"
status=$?
cat "$tmp/verdict"
while IFS= read -r line; do
	[[ $line == FAIL* ]] && failures+=("${line#FAIL  }")
done <"$tmp/verdict"
[ $status -eq 0 ] || [ ${#failures[@]} -gt 0 ] || fail "tools/winecheck: exit status $status"
finish
