#!/usr/bin/env bash
# Builds the desktop app's Linux packages: a .deb and an AppImage (Tauri's bundler, @tauri-apps/cli
# fetched by npx at the pinned version below) from a fresh UI build and a release build of src-tauri.
#
#   scripts/package-desktop.sh            # .deb and AppImage (npm run package:desktop)
#   scripts/package-desktop.sh deb        # only the .deb (no network needed)
#
# The packages land in target/release/bundle/{deb,appimage}/. The .deb needs nothing beyond the build
# dependencies (docs/desktop.md); the AppImage step downloads AppRun, linuxdeploy and its plugins
# from GitHub the first time (kept in ~/.cache/tauri), so it needs network access then. When that
# download fails the .deb is still built, and the script says so and exits 3.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

bundles=${1:-deb,appimage}
case "$bundles" in
  deb | appimage | deb,appimage | appimage,deb) ;;
  *) echo "usage: $0 [deb|appimage|deb,appimage]" >&2; exit 2 ;;
esac

for tool in cargo npm pkg-config dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "package-desktop: missing $tool" >&2; exit 1; }
done
pkg-config --exists webkit2gtk-4.1 ||
  { echo "package-desktop: missing libwebkit2gtk-4.1-dev (see docs/desktop.md)" >&2; exit 1; }

[ -d node_modules ] || npm ci --no-audit --no-fund
# Not a devDependency: its lock entries would name a prebuilt binary for every platform, which npm ci
# then insists on resolving even where only one is ever installed.
TAURI_CLI=@tauri-apps/cli@2.12.5
echo "package-desktop: building the UI" >&2
npm run build --workspace ui

# One Tauri CLI run: `cargo build --release` of onda-desktop (the UI in ui/dist is embedded), then each
# bundle in turn, the .deb first. CI=true and --ci: no interactive prompts.
bundle=$ROOT/target/release/bundle
rm -f "$bundle"/deb/*.deb "$bundle"/appimage/*.AppImage
echo "package-desktop: release build and bundles: $bundles" >&2
status=0
CI=true npx --yes "$TAURI_CLI" build --ci --bundles "$bundles" || status=$?

count() { find "$bundle/$1" -maxdepth 1 -name "*.$2" 2>/dev/null | wc -l; }
if ((status != 0)); then
  if [[ ",$bundles," == *,deb,* ]] && (($(count deb deb) == 0)); then
    echo "package-desktop: the build failed (see above)" >&2
    exit 1
  fi
  if [[ ",$bundles," == *,appimage,* ]] && (($(count appimage AppImage) == 0)); then
    echo "package-desktop: the AppImage was NOT built. Tauri's AppImage bundler downloads AppRun," \
      "linuxdeploy and its GTK and AppImage plugins from github.com on first use (cached in" \
      "~/.cache/tauri afterwards); without network access to GitHub that step fails. The .deb does" \
      "not need it: 'scripts/package-desktop.sh deb' builds it alone." >&2
    status=3
  else
    exit "$status"
  fi
fi

echo "package-desktop: packages" >&2
find "$bundle" -maxdepth 2 \( -name '*.deb' -o -name '*.AppImage' \) -printf '%p\t%s bytes\n' 2>/dev/null | sort
exit "$status"
