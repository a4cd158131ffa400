#!/usr/bin/env bash
# Soak: one release instance with the demo content under 2,000 now-playing pollers (every
# 10 s, as the player polls), 1,000 stream listeners and 50 requests/s of mixed pages and API calls,
# for N minutes. Prints the 5xx and failed requests, p50/p99 latency, the listeners dropped before the
# end, and the server's resident memory: start, end, peak and its slope (least squares over samples
# every 10 s after the first minute, so start-up allocation does not count as a leak).
#
#   bench/soak.sh [minutes=5] [pollers=2000] [listeners=1000] [requests/s=50]
set -euo pipefail
source "$(dirname "$0")/common.sh"
need curl python3
MINUTES=${1:-5}
POLLERS=${2:-2000}
LISTENERS=${3:-1000}
RATE=${4:-50}
build_server
echo "building the load tool..." >&2
cargo build --release --quiet --manifest-path "$ROOT/bench/load/Cargo.toml" >&2
LOAD="$ROOT/bench/load/target/release/onda-bench-load"
ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

port=$(free_port)
ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO_DIR="$ROOT/bench/out/radio" \
  RUST_LOG=warn,onda_server::radio=info "$SERVER" >"$work/server.log" 2>&1 &
server_pid=$!
soak_targets "$work/server.log" "http://127.0.0.1:$port"

samples="$work/rss"
(
  start=$(date +%s)
  while kill -0 "$server_pid" 2>/dev/null; do
    echo "$(( $(date +%s) - start )) $(rss_kib "$server_pid")" >>"$samples"
    sleep 10
  done
) &
sampler=$!
echo "soak: ${MINUTES} min, $POLLERS pollers, $LISTENERS listeners, $RATE requests/s" >&2
"$LOAD" soak "127.0.0.1:$port" $((MINUTES * 60)) "$POLLERS" "$LISTENERS" "$RATE" \
  "/api/v1/aovivo/getCurrentSongInfo/$main" "/stream/$main.mp3" "${paths[@]}" | tee "$work/load.out"
kill "$sampler" 2>/dev/null || true
# What the resident memory is made of at the end: the heap and other private pages, and the pages of
# the binary (its code) that the load touched.
awk '/^RssAnon:/ {printf "rss-anon-mib %.1f\n", $2 / 1024} /^RssFile:/ {printf "rss-file-mib %.1f\n", $2 / 1024}' \
  "/proc/$server_pid/status"
python3 - "$samples" <<'PY'
import sys
rows = [tuple(map(int, line.split())) for line in open(sys.argv[1]) if len(line.split()) == 2]
late = [(t, r) for t, r in rows if t >= 60] or rows
n = len(late)
mt = sum(t for t, _ in late) / n
mr = sum(r for _, r in late) / n
var = sum((t - mt) ** 2 for t, _ in late)
slope = sum((t - mt) * (r - mr) for t, r in late) / var if var else 0.0
print(f"rss-start-mib {rows[0][1] / 1024:.1f}")
print(f"rss-end-mib {rows[-1][1] / 1024:.1f}")
print(f"rss-peak-mib {max(r for _, r in rows) / 1024:.1f}")
print(f"rss-slope-kib-per-min {slope * 60:.1f}")
PY
