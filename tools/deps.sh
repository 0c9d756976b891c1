#!/usr/bin/env bash
# deps.sh makes sure this machine can build and test Locality Lab: Go, a C compiler and
# the OpenGL/X11 headers Fyne needs, Xvfb for the window tests, and Valgrind for the
# simulated cache misses (-counters sim) and their tests. On Debian/Ubuntu it
# installs what is missing with apt-get (through sudo when not root); elsewhere it names
# what to install and fails.
set -euo pipefail

need_go="1.26"
debs=(gcc pkg-config libgl1-mesa-dev xorg-dev xvfb xauth)
# Wanted but not needed to build and test: without valgrind, -counters sim says why its
# column is empty and its tests are skipped, so a machine that cannot install it still
# builds and tests the rest.
optional=(valgrind)
[ "${1:-}" = "--with-tools" ] && debs+=(imagemagick)

if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
	export PATH="/usr/local/go/bin:$PATH"
fi
if ! command -v go >/dev/null 2>&1; then
	echo "deps: Go $need_go or newer is needed and 'go' is not on PATH." >&2
	echo "      Install it from https://go.dev/dl/ (Debian's golang package is older)." >&2
	exit 1
fi
have=$(go env GOVERSION | sed 's/^go//')
if [ "$(printf '%s\n%s\n' "$need_go" "$have" | sort -V | head -n1)" != "$need_go" ]; then
	echo "deps: Go $need_go or newer is needed, found $have." >&2
	exit 1
fi

if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
	# absent prints, one a line, those of the packages named that are not installed.
	absent() {
		for p in "$@"; do
			dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
		done
	}
	mapfile -t missing < <(absent "${debs[@]}")
	mapfile -t missing_optional < <(absent "${optional[@]}")
	if [ ${#missing[@]} -gt 0 ] || [ ${#missing_optional[@]} -gt 0 ]; then
		echo "deps: installing ${missing[*]} ${missing_optional[*]}" >&2
		sudo=""
		if [ "$(id -u)" != 0 ]; then
			if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
				echo "deps: not root and no sudo: run as root: apt-get install -y ${missing[*]} ${missing_optional[*]}" >&2
				[ ${#missing[@]} -eq 0 ] && exit 0 # only what is wanted is missing
				exit 1
			fi
		fi
		export DEBIAN_FRONTEND=noninteractive
		$sudo apt-get update -qq || true
		if [ ${#missing[@]} -gt 0 ] && ! $sudo apt-get install -y -qq "${missing[@]}" >&2; then
			echo "deps: apt-get could not install: ${missing[*]}" >&2
			exit 1
		fi
		if [ ${#missing_optional[@]} -gt 0 ] && ! $sudo apt-get install -y -qq "${missing_optional[@]}" >&2; then
			echo "deps: note: apt-get could not install ${missing_optional[*]}; -counters sim will say so and its tests are skipped" >&2
		fi
	fi
	exit 0
fi

# Not Debian: check for the files and say what to install.
problems=()
command -v gcc >/dev/null 2>&1 || command -v cc >/dev/null 2>&1 || problems+=("a C compiler (gcc or clang)")
case "$(uname -s)" in
Linux)
	[ -e /usr/include/GL/gl.h ] || problems+=("OpenGL headers (Fedora: mesa-libGL-devel; Arch: mesa)")
	[ -e /usr/include/X11/Xlib.h ] || problems+=("X11 headers (Fedora: libX11-devel libXcursor-devel libXrandr-devel libXinerama-devel libXi-devel libXxf86vm-devel; Arch: libx11 libxcursor libxrandr libxinerama libxi libxxf86vm)")
	command -v Xvfb >/dev/null 2>&1 || echo "deps: note: Xvfb is missing; the window tests will be skipped (Fedora: xorg-x11-server-Xvfb)" >&2
	command -v valgrind >/dev/null 2>&1 || echo "deps: note: valgrind is missing; -counters sim says so and its tests are skipped (Fedora, Arch: valgrind)" >&2
	;;
Darwin)
	xcode-select -p >/dev/null 2>&1 || problems+=("the Xcode command line tools (xcode-select --install)")
	;;
esac
if [ ${#problems[@]} -gt 0 ]; then
	echo "deps: this is not Debian/Ubuntu, so nothing was installed. Please install:" >&2
	printf '  - %s\n' "${problems[@]}" >&2
	exit 1
fi
