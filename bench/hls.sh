#!/usr/bin/env bash
# HLS (server/src/radio/hls.rs, routes/hls.rs) in figures:
#   1. serving: requests per second for one segment and for the media playlist, from Onda and from
#      Debian's nginx serving the same bytes as static files (wrk, 64 connections; goal ≥ 0.9× nginx);
#   2. CPU and memory per listener: N HLS players (reloading the playlist every 4 s and fetching each
#      new segment, as hls.js does at the live edge) against N listeners of the MP3 mount, each for
#      WINDOW seconds on the same server;
#   3. N HLS players through nginx with proxy_cache (the configuration of docs/radio.md): how many
#      requests reached Onda per segment;
#   4. disk used per hour of window, per rendition and for a channel, from the segments on disk.
# Figures, not pass/fail.
#
#   bench/hls.sh [seconds=60] [players=2000]
set -euo pipefail
source "$(dirname "$0")/common.sh"
need nginx wrk curl python3
WINDOW=${1:-60}
PLAYERS=${2:-2000}
build_server
echo "building the load tool..." >&2
cargo build --release --quiet --manifest-path "$ROOT/bench/load/Cargo.toml" >&2
LOAD="$ROOT/bench/load/target/release/onda-bench-load"
ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d)
chmod 777 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx/nginx.pid" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

port=$(free_port)
base="http://127.0.0.1:$port"
ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO_DIR="$ROOT/bench/out/radio" RUST_LOG=warn \
  "$SERVER" >"$work/server.log" 2>&1 &
server=$!
pids+=("$server")
wait_http "$base/health"
main=$(curl -s "$base/api/v1/station" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["mainStreamId"])')
media="/hls/$main/mp3.m3u8"
# A few segments past the start's burst.
for _ in $(seq 1 120); do
  [ "$(curl -s "$base$media" | grep -c '^#EXTINF')" -ge 6 ] && break
  sleep 1
done
segment=$(curl -s "$base$media" | grep -v '^#' | tail -n 4 | head -n 1)
echo "channel $main, segment $segment ($(curl -s "$base/hls/$main/$segment" | wc -c) bytes)"

# ---- 1. serving against nginx (static files: the same segment and a copy of the playlist)
mkdir -p "$work/nginx/root/hls/$main/mp3" "$work/nginx/cache"
curl -s "$base/hls/$main/$segment" -o "$work/nginx/root/hls/$main/$segment"
curl -s "$base$media" -o "$work/nginx/root$media"
nport=$(free_port)
cport=$(free_port)
cat >"$work/nginx/nginx.conf" <<EOF
daemon on; worker_processes auto; pid $work/nginx/nginx.pid; error_log $work/nginx/error.log warn;
events { worker_connections 8192; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi; uwsgi_temp_path $work/nginx/uwsgi; scgi_temp_path $work/nginx/scgi;
    types { application/vnd.apple.mpegurl m3u8; audio/mpeg mp3; }
    proxy_cache_path $work/nginx/cache levels=1:2 keys_zone=onda_hls:10m max_size=4g inactive=3h use_temp_path=off;
    log_format upstream '\$upstream_cache_status \$uri';
    server { listen 127.0.0.1:$nport; root $work/nginx/root; }
    server {
        listen 127.0.0.1:$cport;
        access_log $work/nginx/cache.log upstream;
        location /hls/ {
            proxy_pass http://127.0.0.1:$port;
            proxy_cache onda_hls;
            proxy_cache_lock on;
            proxy_cache_lock_timeout 10s;
            proxy_cache_use_stale updating;
            proxy_cache_valid 404 1s;
        }
    }
}
EOF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"
wait_http "http://127.0.0.1:$nport$media" 10

rate() { wrk -t2 -c64 -d10s "$1" | awk '/Requests\/sec/ {print $2}'; }
echo "== 1. requests per second (wrk -t2 -c64 -d10s)"
for what in segment playlist; do
  path=$([ "$what" = segment ] && echo "/hls/$main/$segment" || echo "$media")
  onda=$(rate "$base$path")
  static=$(rate "http://127.0.0.1:$nport$path")
  python3 -c "print(f'$what: Onda {float(\"$onda\"):.0f}/s, nginx (static file) {float(\"$static\"):.0f}/s, ratio {float(\"$onda\")/float(\"$static\"):.2f}')"
done

# ---- 2. CPU and memory per listener: HLS players, then mount listeners
measure() {
  local name=$1; shift
  local c0 r0 c1 r1 t0 t1
  c0=$(cpu_ticks "$server"); r0=$(rss_kib "$server"); t0=$(date +%s.%N)
  "$@" >"$work/$name.out" &
  local load=$! rss
  r1=$r0
  # The server's largest resident size while the listeners are on.
  while kill -0 "$load" 2>/dev/null; do
    rss=$(rss_kib "$server"); [ "$rss" -gt "$r1" ] && r1=$rss
    sleep 1
  done
  wait "$load"
  c1=$(cpu_ticks "$server"); t1=$(date +%s.%N)
  python3 - "$name" "$c0" "$c1" "$r0" "$r1" "$t0" "$t1" "$PLAYERS" "$TICKS" <<'PY'
import sys
name, c0, c1, r0, r1, t0, t1, n, ticks = sys.argv[1:]
cpu = (float(c1) - float(c0)) / float(ticks) / (float(t1) - float(t0)) * 100
print(f"{name}: {n} listeners, server CPU {cpu:.1f}% of a core ({cpu / int(n) * 1000:.2f}% per 1000), "
      f"RSS {int(r0) / 1024:.0f} -> {int(r1) / 1024:.0f} MiB ({(int(r1) - int(r0)) / int(n):.1f} KiB per listener)")
PY
  sed 's/^/    /' "$work/$name.out"
}
echo "== 2. $PLAYERS listeners for ${WINDOW}s, straight to Onda"
measure hls "$LOAD" hls "127.0.0.1:$port" "$media" "$PLAYERS" "$WINDOW"
sleep 25 # the HLS sessions end (20 s without a playlist request)
measure mount "$LOAD" listen "127.0.0.1:$port" "/stream/$main.mp3" "$PLAYERS" "$WINDOW" 500

# ---- 3. through nginx's cache
echo "== 3. $PLAYERS HLS players for ${WINDOW}s through nginx proxy_cache"
: >"$work/nginx/cache.log"
"$LOAD" hls "127.0.0.1:$cport" "$media" "$PLAYERS" "$WINDOW" >"$work/cached.out"
sed 's/^/    /' "$work/cached.out"
python3 - "$work/nginx/cache.log" <<'PY'
import sys, collections
reached = collections.Counter()
total = collections.Counter()
for line in open(sys.argv[1]):
    status, uri = line.split()
    kind = "playlist" if uri.endswith(".m3u8") else "segment"
    total[kind] += 1
    if status in ("MISS", "EXPIRED", "BYPASS"):
        reached[(kind, uri)] += 1
for kind in ("segment", "playlist"):
    uris = {u for (k, u) in reached if k == kind}
    hits = sum(v for (k, _), v in reached.items() if k == kind)
    per = hits / max(len(uris), 1)
    print(f"{kind}s: {total[kind]} requests from players, {hits} reached Onda for {len(uris)} URLs "
          f"({per:.2f} per URL)")
PY

# ---- 4. disk per hour of window
echo "== 4. disk per hour of window"
python3 - "$work/data/hls" <<'PY'
import os, sys, collections
root = sys.argv[1]
per = collections.defaultdict(lambda: [0, 0])
for channel in sorted(os.listdir(root)):
    for rendition in sorted(os.listdir(os.path.join(root, channel))):
        folder = os.path.join(root, channel, rendition)
        for name in os.listdir(folder):
            stem = name.rsplit(".", 1)[0].removesuffix("-d")
            parts = stem.split("-")
            if len(parts) != 3:
                continue
            per[(channel, rendition)][0] += os.path.getsize(os.path.join(folder, name))
            per[(channel, rendition)][1] += int(parts[2])
channels = collections.defaultdict(float)
for (channel, rendition), (size, us) in sorted(per.items()):
    hourly = size / (us / 3.6e9) / 2**20 if us else 0
    channels[channel] += hourly
    print(f"{channel}/{rendition}: {hourly:.1f} MiB per hour of window")
for channel, hourly in channels.items():
    print(f"{channel}: {hourly:.1f} MiB per hour, {hourly * 2:.0f} MiB for the default two-hour window")
PY
