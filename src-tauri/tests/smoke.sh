#!/usr/bin/env bash
# Smoke test of the desktop app: the built binary opens a window titled 'Onda FM' under a virtual X
# server, the window gets painted with the UI, and the station address from ONDA_SERVER_URL reaches
# the app's managed state. Leaves a screenshot (PNG) and the app's log in target/smoke/.
#
#   cargo build -p onda-desktop && src-tauri/tests/smoke.sh
#
# Needs (Debian): xvfb xauth dbus-x11 x11-utils (xwininfo) x11-apps (xwd) python3, plus the WebKitGTK
# runtime the build already needs. Environment: ONDA_DESKTOP_BIN (default target/debug/onda-desktop),
# ONDA_SMOKE_OUT (default target/smoke), ONDA_SMOKE_TIMEOUT in seconds (default 120).
set -euo pipefail

SELF=$(readlink -f "$0")
HERE=$(dirname "$SELF")
ROOT=$(cd "$HERE/../.." && pwd)
BIN=${ONDA_DESKTOP_BIN:-$ROOT/target/debug/onda-desktop}
OUT=${ONDA_SMOKE_OUT:-$ROOT/target/smoke}
TIMEOUT=${ONDA_SMOKE_TIMEOUT:-120}
TITLE='Onda FM'
SERVER_URL='http://127.0.0.1:8080'

fail() {
    echo "smoke: FAIL: $*" >&2
    exit 1
}

# Outside: check the tools, then run this script again inside a D-Bus session and a fresh X server.
if [[ -z "${ONDA_SMOKE_INSIDE:-}" ]]; then
    missing=()
    for tool in xvfb-run xauth dbus-run-session xwininfo xwd python3; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    ((${#missing[@]} == 0)) ||
        fail "missing tools: ${missing[*]} (apt-get install xvfb xauth dbus-x11 x11-utils x11-apps python3)"
    [[ -x "$BIN" ]] || fail "no desktop binary at $BIN (build it first: cargo build -p onda-desktop)"
    mkdir -p "$OUT"
    rm -f "$OUT/window.png" "$OUT/window.xwd" "$OUT/app.log"
    # dbus-run-session inside xvfb-run, so services the bus starts (desktop portal) see DISPLAY too.
    exec env ONDA_SMOKE_INSIDE=1 xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
        dbus-run-session -- "$SELF" "$@"
fi

# Inside: software rendering only (no GPU, no compositor under Xvfb), no accessibility bus.
export WEBKIT_DISABLE_COMPOSITING_MODE=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1 NO_AT_BRIDGE=1
export ONDA_SERVER_URL=$SERVER_URL RUST_LOG="${RUST_LOG:-warn},onda_desktop=info"

# Append mode: bus-activated helpers may share the log, and must not overwrite the app's lines.
: >"$OUT/app.log"
"$BIN" >>"$OUT/app.log" 2>&1 &
app=$!
cleanup() {
    if kill -0 "$app" 2>/dev/null; then
        kill -TERM "$app" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$app" 2>/dev/null || true
    fi
    wait "$app" 2>/dev/null || true
}
trap cleanup EXIT

deadline=$((SECONDS + TIMEOUT))
alive_or_fail() {
    if ! kill -0 "$app" 2>/dev/null; then
        status=0
        wait "$app" || status=$?
        echo "--- app log ---" >&2
        cat "$OUT/app.log" >&2
        fail "the app exited (status $status) while waiting for $1"
    fi
    ((SECONDS < deadline)) || { echo "--- app log ---" >&2; cat "$OUT/app.log" >&2; fail "timed out after ${TIMEOUT}s waiting for $1"; }
}

# 1. A window with the product's title appears.
window=''
while [[ -z "$window" ]]; do
    alive_or_fail "a window titled '$TITLE'"
    window=$(xwininfo -name "$TITLE" 2>/dev/null | awk '/Window id:/ { print $4 }') || true
    [[ -n "$window" ]] || sleep 0.5
done
echo "smoke: window '$TITLE' is $window after ${SECONDS}s"

# 2. It gets painted: retake the screenshot until it is more than a flat background.
while true; do
    alive_or_fail "the window to show the UI (last screenshot: $OUT/window.png)"
    if xwd -silent -id "$window" >"$OUT/window.xwd" 2>/dev/null; then
        set +e
        stats=$(python3 "$HERE/screenshot.py" "$OUT/window.xwd" "$OUT/window.png")
        verdict=$?
        set -e
        ((verdict != 2)) || fail "could not read the window dump $OUT/window.xwd"
        if ((verdict == 0)); then
            echo "smoke: screenshot $OUT/window.png ($stats)"
            break
        fi
    fi
    sleep 1
done
rm -f "$OUT/window.xwd"

# 3. The configured station address reached the app (read into managed state, then logged).
grep -q "server_url=$SERVER_URL" "$OUT/app.log" ||
    { cat "$OUT/app.log" >&2; fail "the app did not log server_url=$SERVER_URL"; }

# 4. The app's media controls are on the session bus (MPRIS), saying it is not playing.
mpris() {
    dbus-send --session --print-reply=literal --dest=org.mpris.MediaPlayer2.onda_fm /org/mpris/MediaPlayer2 \
        org.freedesktop.DBus.Properties.Get "string:$1" "string:$2" 2>&1 | sed -E 's/^ *(variant)? *//'
}
status=$(mpris org.mpris.MediaPlayer2.Player PlaybackStatus)
[[ "$status" == "Stopped" ]] || { cat "$OUT/app.log" >&2; fail "MPRIS PlaybackStatus: $status"; }
identity=$(mpris org.mpris.MediaPlayer2 Identity)
[[ "$identity" == "$TITLE" ]] || fail "MPRIS Identity: $identity"
echo "smoke: media controls on the bus (org.mpris.MediaPlayer2.onda_fm, $status)"

echo "smoke: OK (${SECONDS}s)"
