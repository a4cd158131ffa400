#!/usr/bin/env bash
# What one anonymous client can hold open (silent, slow-header, slow-body and idle connections,
# hundreds of connections and push channels from one address) against the release server with its
# default limits, and a normal client's latency meanwhile. Prints figures, one line per attack.
#
#   bench/connections.sh [seconds=60] [connections=300] [push=200]
#   ONDA_BENCH_SERVER=/path/to/onda-server bench/connections.sh   # another build, e.g. the one before
set -euo pipefail
source "$(dirname "$0")/common.sh"
# The server's own defaults, not the lifted caps of the other benchmarks.
unset ONDA_MAX_CONNECTIONS_PER_ADDRESS ONDA_MAX_PUSH_PER_ADDRESS ONDA_MAX_LISTENERS_PER_ADDRESS
need curl python3
build_server

work=$(mktemp -d)
cleanup() { kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

port=$(free_port)
# Listen on every loopback address: the attacks come from 127.0.0.11–16, the normal client from .20.
# No engine: what is measured is the connections, and the demo library's first render would share the CPU.
ONDA_ADDR=0.0.0.0:$port ONDA_PUBLIC_URL=http://127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO=false \
  ONDA_RADIO_DIR="$ROOT/bench/out/radio" RUST_LOG=warn "$SERVER" >"$work/server.log" 2>&1 &
server_pid=$!
wait_http "http://127.0.0.1:$port/health" 900
python3 "$ROOT/bench/connections.py" "127.0.0.1:$port" "${1:-60}" "${2:-300}" "${3:-200}"
echo "open files of the server at the end: $(ls /proc/$server_pid/fd | wc -l)"
