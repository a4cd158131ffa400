#!/usr/bin/env bash
# Benchmark 1 of the live-radio issue: getCurrentSongInfo served by onda-server against nginx (Debian)
# serving the same JSON bytes, same machine, same load tool (wrk), same connections and duration.
# Target: onda-server ≥ 0.9× nginx's requests/s, p99 ≤ 5 ms.
#
#   bench/nowplaying.sh [seconds=15] [connections=64]
set -euo pipefail
source "$(dirname "$0")/common.sh"
need wrk nginx curl python3
SECONDS_RUN=${1:-15}
CONNECTIONS=${2:-64}
build_server

work=$(mktemp -d)
chmod 755 "$work"  # nginx workers run as www-data
cleanup() { kill "$server_pid" 2>/dev/null || true; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

port=$(free_port)
# The demo library lives in bench/out (rendered once, kept between runs); the measurement starts only
# when it is complete, so no encoder shares the CPU with the requests.
ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO_DIR="$ROOT/bench/out/radio" \
  RUST_LOG=warn,onda_server::radio=info "$SERVER" >"$work/server.log" 2>&1 &
server_pid=$!
wait_log "$work/server.log" "demo music library ready" 900
main=$(curl -s --retry 60 --retry-connrefused --retry-delay 1 "http://127.0.0.1:$port/api/v1/station" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["mainStreamId"])')
path="/api/v1/aovivo/getCurrentSongInfo/$main"
wait_http "http://127.0.0.1:$port$path"

# nginx serves the very bytes the server answers, as a static file with an ETag.
mkdir -p "$work/www$(dirname "$path")"
curl -s "http://127.0.0.1:$port$path" >"$work/www$path"
nginx_port=$(free_port)
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  default_type application/json;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
    location / { add_header Cache-Control "public, max-age=5"; }
  }
}
CONF
nginx -c "$work/nginx.conf"
wait_http "http://127.0.0.1:$nginx_port$path"

run() {
  local name=$1 url=$2
  # Warm-up, then the measured run.
  wrk -t2 -c"$CONNECTIONS" -d3s "$url" >/dev/null
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_RUN}s" --latency "$url" >"$work/$name.txt"
  local rps p99
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$work/$name.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$name.txt")
  printf '%-12s %12s req/s   p99 %s\n' "$name" "$rps" "$p99"
  echo "$rps" >"$work/$name.rps"
}

echo "getCurrentSongInfo, wrk -t2 -c$CONNECTIONS -d${SECONDS_RUN}s, $(nproc) cores, body $(stat -c %s "$work/www$path") bytes"
run onda-server "http://127.0.0.1:$port$path?FYC=1"
run nginx "http://127.0.0.1:$nginx_port$path?FYC=1"
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
onda = float(open(f"{work}/onda-server.rps").read())
nginx = float(open(f"{work}/nginx.rps").read())
print(f"ratio onda-server / nginx: {onda / nginx:.2f}× (target ≥ 0.90×)")
PY
