#!/usr/bin/env bash
# The desktop end-to-end test (e2e/desktop/desktop.test.mjs) under a virtual X server and a D-Bus
# session. Needs target/debug/onda-server, target/debug/onda-desktop (cargo build --workspace; the app
# embeds ui/dist at build time), tauri-driver (cargo install tauri-driver --locked; TAURI_DRIVER names
# another path) and Debian's webkit2gtk-driver, xvfb, xauth, dbus-x11, pulseaudio (its null sink is
# the app's sound card), pulseaudio-utils (parec records it), libasound2-plugins (ALSA's default
# device to PulseAudio) and sqlite3. ONDA_DESKTOP_BIN picks another app binary.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
missing=()
for tool in xvfb-run dbus-run-session WebKitWebDriver pulseaudio parec pactl sqlite3; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
command -v "${TAURI_DRIVER:-tauri-driver}" >/dev/null || missing+=("tauri-driver (cargo install tauri-driver --locked)")
if ((${#missing[@]})); then
  echo "e2e:desktop: missing ${missing[*]} (apt-get install xvfb xauth dbus-x11 webkit2gtk-driver pulseaudio pulseaudio-utils libasound2-plugins sqlite3)" >&2
  exit 1
fi
cd "$ROOT"
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
  dbus-run-session -- node --test --test-concurrency=1 e2e/desktop/ "$@"
