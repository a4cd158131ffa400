#!/usr/bin/env bash
# Benchmark 2 of the live-radio issue: N concurrent listeners on loopback against the built-in engine
# and against Debian's icecast2 streaming the same MP3 (a demo song, 128 kbps CBR). For each: CPU time
# and resident memory of the server per listener, and the bytes each listener received against real
# time. Target: CPU per listener ≤ icecast2's, every listener ≥ 99% of real-time bytes.
#
#   bench/listeners.sh [seconds=45] [counts="1000 5000"]
set -euo pipefail
source "$(dirname "$0")/common.sh"
need icecast2 curl python3
WINDOW=${1:-45}
COUNTS=${2:-"1000 5000"}
KBPS=128
build_server
echo "building the load tool..." >&2
cargo build --release --quiet --manifest-path "$ROOT/bench/load/Cargo.toml" >&2
LOAD="$ROOT/bench/load/target/release/onda-bench-load"
ulimit -n "$(ulimit -Hn)"  # 5000 listeners need 5000+ descriptors on each side
# Each listener is a socket on both sides, and neither process can open more files than the hard
# limit: near it, the server cannot accept (it would refuse the rest with a 503, below its cap) and
# the load tool cannot connect. Those are the machine's bounds, not the server's.
files=$(ulimit -Hn)
for n in $COUNTS; do
  if [ "$files" != unlimited ] && [ $((n + 100)) -gt "$files" ]; then
    echo "warning: $n listeners need more than the $files open files a process may have here; about $((files - 100)) is the most this machine can measure" >&2
  fi
done

work=$(mktemp -d)
chmod 777 "$work"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The MP3: the first demo song the server renders.
port=$(free_port)
ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/render ONDA_RADIO_DIR="$ROOT/bench/out/radio" RUST_LOG=warn \
  "$SERVER" >"$work/render.log" 2>&1 &
render_pid=$!
for _ in $(seq 1 600); do
  song=$(ls -S "$ROOT"/bench/out/radio/demo/v*/*.mp3 2>/dev/null | head -n 1 || true)
  [ -n "$song" ] && break
  sleep 0.2
done
# A persistent folder: the engine's AAC transcodes of it are cached in bench/out/radio across runs, so
# the idle figures are not taken during a transcode.
music="$ROOT/bench/out/music"
mkdir -p "$music"
[ -f "$music/song.mp3" ] || cp "$song" "$music/song.mp3"
kill "$render_pid"; wait "$render_pid" 2>/dev/null || true
echo "stream: $(stat -c %s "$music/song.mp3") bytes of MP3 at $KBPS kbps, looped"

# measure NAME PID HOST:PORT PATH N: runs N listeners and prints one line of figures.
measure() {
  local name=$1 pid=$2 addr=$3 path=$4 n=$5
  # Settle first: start-up work (seeding, a first transcode) must not count as idle or as load.
  sleep 10
  local idle_rss; idle_rss=$(rss_kib "$pid")
  local t0 b0; t0=$(cpu_ticks "$pid"); sleep 5; b0=$(cpu_ticks "$pid")
  local idle_ticks=$((b0 - t0))
  "$LOAD" listen "$addr" "$path" "$n" "$WINDOW" 250 >"$work/load.txt" &
  local load_pid=$!
  until grep -q window-start "$work/load.txt" 2>/dev/null; do sleep 0.05; done
  local c0; c0=$(cpu_ticks "$pid")
  until grep -q window-end "$work/load.txt" 2>/dev/null; do sleep 0.05; done
  local c1 rss; c1=$(cpu_ticks "$pid"); rss=$(rss_kib "$pid")
  wait "$load_pid"
  python3 - "$name" "$n" "$WINDOW" "$KBPS" "$TICKS" "$idle_ticks" "$((c1 - c0))" "$idle_rss" "$rss" "$work/load.txt" <<'PY'
import sys
name, n, window, kbps, ticks, idle, busy, idle_rss, rss, path = sys.argv[1:]
n, window, kbps, ticks = int(n), float(window), int(kbps), int(ticks)
idle, busy, idle_rss, rss = int(idle), int(busy), int(idle_rss), int(rss)
figures = dict(line.split() for line in open(path) if len(line.split()) == 2)
seconds = float(figures["window-seconds"])
expected = kbps * 1000 / 8 * seconds
cpu = busy / ticks / seconds                      # cores busy during the window
idle_cpu = idle / ticks / 5.0
per_listener_us = (cpu - idle_cpu) / n * 1e6      # µs of CPU per second per listener
rss_per = (rss - idle_rss) / n
ratio = lambda key: int(figures[key]) / expected
print(f"{name:<12} {n:>5} listeners | CPU {cpu*100:5.1f}% of a core (idle {idle_cpu*100:4.1f}%), "
      f"{per_listener_us:6.1f} µs/s per listener | RSS +{rss_per:5.1f} KiB per listener "
      f"({rss/1024:.0f} MiB) | bytes vs real time: min {ratio('bytes-min'):.3f}, p1 {ratio('bytes-p1'):.3f}, "
      f"median {ratio('bytes-median'):.3f} | connected {figures['connected']}, failed {figures['failed']}, "
      f"dropped {figures['ended-early']}")
PY
}

for n in $COUNTS; do
  # The built-in engine, playing the same song from a music folder.
  port=$(free_port)
  rm -rf "$work/onda"
  # The cap is the count asked for: the run measures the engine, not the reserve for the site.
  ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/onda ONDA_MUSIC_DIR="$music" ONDA_MAX_LISTENERS=$n \
    ONDA_RADIO_DIR="$ROOT/bench/out/radio" RUST_LOG=warn "$SERVER" >"$work/onda.log" 2>&1 &
  onda_pid=$!; pids+=("$onda_pid")
  main=$(curl -s --retry 60 --retry-connrefused --retry-delay 1 "http://127.0.0.1:$port/api/v1/station" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["mainStreamId"])')
  curl -sf -o /dev/null -r 0-1000 --max-time 3 "http://127.0.0.1:$port/stream/$main.mp3" || true
  measure onda-server "$onda_pid" "127.0.0.1:$port" "/stream/$main.mp3" "$n"
  kill "$onda_pid"; wait "$onda_pid" 2>/dev/null || true

  # icecast2 with the same song from a real-time source.
  ice_port=$(free_port)
  security=""
  [ "$(id -u)" = 0 ] && security="<security><chroot>0</chroot><changeowner><user>icecast2</user><group>icecast</group></changeowner></security>"
  cat >"$work/icecast.xml" <<CONF
<icecast>
  <limits><clients>$((n + 100))</clients><sources>2</sources><queue-size>524288</queue-size><burst-size>65536</burst-size></limits>
  <authentication><source-password>bench</source-password><admin-user>admin</admin-user><admin-password>bench</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>$ice_port</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>$work</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
  <logging><errorlog>icecast-error.log</errorlog><accesslog>icecast-access.log</accesslog><loglevel>1</loglevel></logging>
  $security
</icecast>
CONF
  (exec icecast2 -c "$work/icecast.xml") &
  ice_pid=$!; pids+=("$ice_pid")
  for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$ice_port/" && break; sleep 0.1; done
  "$LOAD" source "127.0.0.1:$ice_port" /bench.mp3 bench "$music/song.mp3" "$KBPS" &
  source_pid=$!; pids+=("$source_pid")
  measure icecast2 "$ice_pid" "127.0.0.1:$ice_port" /bench.mp3 "$n"
  kill "$source_pid" "$ice_pid" 2>/dev/null || true; wait "$ice_pid" 2>/dev/null || true
done
