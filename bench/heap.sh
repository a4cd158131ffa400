#!/usr/bin/env bash
# Where the server's heap goes under the soak's load: the release build (on the system
# allocator, which heaptrack follows) runs under heaptrack for N minutes of the soak's traffic, then
# heaptrack_print lists the call sites holding the most memory at the heap's peak.
# The figures are the heap alone: no allocator overhead, no binary or stacks (bench/soak.sh has RSS).
#
#   bench/heap.sh [minutes=2] [pollers=2000] [listeners=1000] [requests/s=50]
set -euo pipefail
source "$(dirname "$0")/common.sh"
need heaptrack heaptrack_print curl python3
MINUTES=${1:-2}
POLLERS=${2:-2000}
LISTENERS=${3:-1000}
RATE=${4:-50}

# The ordinary release build: it uses the system allocator, which heaptrack follows (a build with
# `--features mimalloc` would hide its heap from it). ONDA_BENCH_SERVER=<binary> profiles another.
build_server
HEAP_SERVER=$SERVER
env -u CARGO_TARGET_DIR cargo build --release --quiet --manifest-path "$ROOT/bench/load/Cargo.toml" >&2
LOAD="$ROOT/bench/load/target/release/onda-bench-load"
ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d)
tracker=""
cleanup() { [ -n "$tracker" ] && kill "$tracker" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

port=$(free_port)
ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO_DIR="$ROOT/bench/out/radio" \
  RUST_LOG=warn,onda_server::radio=info heaptrack -o "$work/heap" "$HEAP_SERVER" >"$work/server.log" 2>&1 &
tracker=$!
soak_targets "$work/server.log" "http://127.0.0.1:$port"
echo "heap: ${MINUTES} min, $POLLERS pollers, $LISTENERS listeners, $RATE requests/s" >&2
"$LOAD" soak "127.0.0.1:$port" $((MINUTES * 60)) "$POLLERS" "$LISTENERS" "$RATE" \
  "/api/v1/aovivo/getCurrentSongInfo/$main" "/stream/$main.mp3" "${paths[@]}" >"$work/load.out"
# The server itself (heaptrack's child) stops gracefully; heaptrack then writes its data.
pkill -INT -f "^$HEAP_SERVER" || true
wait "$tracker" 2>/dev/null || true
tracker=""
# heaptrack_interpret writes the file once the server has exited.
data=""
for _ in $(seq 1 120); do
  data=$(ls "$work"/heap*.zst "$work"/heap*.gz 2>/dev/null | head -n 1 || true)
  [ -n "$data" ] && ! pgrep -f heaptrack_interpret >/dev/null && break
  sleep 0.5
done
[ -n "$data" ] || { echo "no heaptrack data; server log:" >&2; tail -n 20 "$work/server.log" >&2; exit 1; }
# The call sites holding the most heap at its peak: size, calls, and the allocating function.
heaptrack_print -f "$data" --print-peaks 1 --print-allocators 0 --print-temporary 0 --print-leaks 0 \
  --peak-limit 30 --sub-peak-limit 0 2>/dev/null \
  | grep -A1 -E '^[0-9.]+[KMG]? peak memory consumed over' | grep -v '^--' | paste - - | cut -c1-200
heaptrack_print -f "$data" --print-peaks 0 --print-allocators 0 --print-temporary 0 --print-leaks 0 \
  2>/dev/null | tail -n 6
