#!/usr/bin/env bash
# The desktop app against Debian's Chromium, playing the same live stream for N seconds (default 60):
# CPU time and peak memory of each whole process tree, and the ratios app / Chromium (the desktop
# app's target: at most 0.5 on both).
#
#   bench/desktop.sh [seconds]
#
# The station is onda-server (release build if present, else debug) on a fresh SQLite data dir with its
# built-in stream. The app is the release build (target/release/onda-desktop; built here when missing),
# started through tauri-driver + WebKitWebDriver, which only start it and click 'Tocar' on the live page;
# it plays with its native engine. Chromium opens the same live page in a headed window on the same
# Xvfb display and plays with its <audio> engine. Neither has a sound card (BENCH_AUDIO=null gives both
# ALSA's null device, which is not paced in real time: output threads spin) and both are measured over the same window, after the stream plays (past the preroll): utime+stime from
# /proc/<pid>/stat summed over the process tree (WebKit's web and network processes; Chromium's
# renderer, GPU, network and audio processes) and the peak of the tree's summed RSS (and summed PSS,
# which splits shared pages) sampled every 0.5 s. Needs xvfb-run, dbus-run-session, chromium,
# webkit2gtk-driver and tauri-driver (cargo install tauri-driver --locked). Figures, not a test.
set -euo pipefail
source "$(dirname "$0")/common.sh"
SECONDS_TO_PLAY=${1:-60}
OUT="$ROOT/bench/out/desktop"
mkdir -p "$OUT"
rm -f "$OUT/result.json"

need xvfb-run dbus-run-session chromium WebKitWebDriver node curl python3
command -v tauri-driver >/dev/null || { echo "missing: tauri-driver (cargo install tauri-driver --locked)" >&2; exit 1; }

APP="$ROOT/target/release/onda-desktop"
if [ ! -x "$APP" ]; then
  echo "building the release desktop app..." >&2
  (cd "$ROOT" && npm run build --workspace ui >/dev/null && cargo build --release --locked -p onda-desktop >&2)
fi
STATION="$ROOT/target/release/onda-server"
[ -x "$STATION" ] || STATION="$ROOT/target/debug/onda-server"
[ -x "$STATION" ] || { echo "no onda-server build (cargo build -p onda-server)" >&2; exit 1; }

DATA=$(mktemp -d /tmp/onda-bench-desktop.XXXXXX)
PORT=$(free_port)
cleanup() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$DATA"
}
trap cleanup EXIT

# The UI the website serves: a copy of ui/dist (the app embeds its own copy at build time).
[ -f "$ROOT/ui/dist/index.html" ] || (cd "$ROOT" && npm run build --workspace ui >/dev/null)
cp -r "$ROOT/ui/dist" "$DATA/ui"
# The demo library is synthesised once into bench/out/desktop/radio and reused by later runs.
ONDA_ADDR="127.0.0.1:$PORT" ONDA_DATA_DIR="$DATA" ONDA_UI_DIR="$DATA/ui" ONDA_RADIO_DIR="$OUT/radio" RUST_LOG=warn \
  "$STATION" >"$OUT/server.log" 2>&1 &
server_pid=$!
URL="http://127.0.0.1:$PORT"
wait_http "$URL/health" 60
main=$(curl -sf "$URL/api/v1/station" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["mainStreamId"])')
echo "waiting for the station ($STATION) to go on air..." >&2
wait_http "$URL/api/v1/aovivo/getCurrentSongInfo/$main" 300

echo "app: $APP; Chromium: $(chromium --version 2>/dev/null); ${SECONDS_TO_PLAY} s each" >&2
BENCH_SERVER_URL="$URL" BENCH_MAIN_STREAM="$main" BENCH_DESKTOP_BIN="$(readlink -f "$APP")" BENCH_SECONDS="$SECONDS_TO_PLAY" BENCH_OUT="$OUT" BENCH_RESULT="$OUT/result.json" \
  xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- \
  node "$ROOT/bench/desktop/run.mjs" </dev/null >"$OUT/run.log" 2>&1 || { cat "$OUT/run.log" >&2; exit 1; }

python3 - "$OUT/result.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
d, c = r["desktop"], r["chromium"]
mib = lambda kib: kib / 1024
print(f"playing the live stream for {r['seconds']} s (same stream, same display; audio: {r['audio']})")
print(f"app started by: {d.get('startedBy')}; app stream {d['stream']}; chromium stream {c['stream']}")
print(f"{'':22}{'CPU s':>9}{'peak RSS MiB':>14}{'peak PSS MiB':>14}{'processes':>11}")
for name, x in (("onda-desktop (release)", d), ("chromium", c)):
    print(f"{name:22}{x['cpuSeconds']:9.2f}{mib(x['peakRssKib']):14.1f}{mib(x['peakPssKib']):14.1f}{x['processes']:11d}")
ratio = lambda a, b: a / b if b else float("inf")
print(f"{'app / chromium':22}{ratio(d['cpuSeconds'], c['cpuSeconds']):8.2f}x"
      f"{ratio(d['peakRssKib'], c['peakRssKib']):13.2f}x{ratio(d['peakPssKib'], c['peakPssKib']):13.2f}x")
for name, x in (("onda-desktop", d), ("chromium", c)):
    parts = ", ".join(f"{k} {v:.2f}" for k, v in sorted(x["perProcess"].items(), key=lambda kv: -kv[1]))
    print(f"  CPU s by process, {name}: {parts}")
EOF
echo "raw figures: $OUT/result.json; screenshots: $OUT/desktop-app.png, $OUT/chromium.png" >&2
