#!/usr/bin/env bash
# package.sh runs `fyne package` for this system (a .tar.xz to install on Linux and
# the BSDs, an .app on macOS, an .exe with its icon on Windows) and moves what it made
# into dist/. `fyne package` rewrites FyneApp.toml as it goes (it counts the build up
# and drops the file's comment): the file is copied first and put back however the
# run ends, so the tree is left as it was.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FYNE=${FYNE:-fyne.io/tools/cmd/fyne@v1.7.4}
os=$("$GO" env GOOS)
name=$(sed -n 's/^Name *= *"\(.*\)"$/\1/p' FyneApp.toml)
[ -n "$name" ] || { echo "package: FyneApp.toml names no application (Name = \"…\")" >&2; exit 1; }

saved=$(mktemp)
cp -p FyneApp.toml "$saved"
trap 'cp -p "$saved" FyneApp.toml; rm -f "$saved"' EXIT

echo "package: $FYNE package --os $os (it builds the app in release form: minutes on a first run)"
mkdir -p dist
before=$(mktemp)
ls -1 >"$before"
"$GO" run "$FYNE" package --os "$os" --release
made=()
while IFS= read -r f; do
	grep -qxF -- "$f" "$before" && continue
	rm -rf "dist/$f"
	mv -- "$f" dist/
	made+=("dist/$f")
done < <(ls -1)
rm -f "$before"
if [ ${#made[@]} -eq 0 ]; then
	echo "package: fyne package made nothing in $(pwd)" >&2
	exit 1
fi
printf 'package: made %s\n' "${made[@]}"
