#!/usr/bin/env bash
# Live input under load: N concurrent listeners on loopback spread over the main channel's mounts
# (MP3 passthrough and the two HE-AAC mounts, which the live input transcodes in real time), measured
# three ways with the same listeners:
#   1. onda-server with the autoDJ on air (no source connected);
#   2. onda-server airing a live 128 kbps MP3 source that ffmpeg pushes as to Icecast 2.4
#      (server/src/routes/source.rs, server/src/radio/live/);
#   3. Debian's icecast2 fed by the same ffmpeg source, all N listeners on its one MP3 mount.
# For each: the server's CPU (% of one core, µs per second per listener above idle), resident memory
# per listener, and the bytes each listener received against real time. For 2, also the CPU of the
# live input's own thread (onda-live-*, the decode and the HE-AAC encodes), as % of one core, which
# should stay under 15%. Figures, not pass/fail.
#
#   bench/live.sh [listeners=10000] [seconds=30]
#   LIVE_MIX="2 1 1" bench/live.sh   # weights of onda_1.mp3, onda_1.aac, onda_1_aacp.aac (default 2 1 1)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need icecast2 ffmpeg curl python3
N=${1:-10000}
WINDOW=${2:-30}
read -r W_MP3 W_AAC W_AACP <<<"${LIVE_MIX:-2 1 1}"
PASSWORD=bench-live
build_server
echo "building the load tool..." >&2
nice -n 10 cargo build --release --quiet --manifest-path "$ROOT/bench/load/Cargo.toml" >&2
LOAD="$ROOT/bench/load/target/release/onda-bench-load"
ulimit -n "$(ulimit -Hn)"
# Each listener is a socket in the server and one in a load tool, and no process can open more files
# than the hard limit: near it the server refuses the rest (503) and those are the machine's bound, not
# the server's. The load runs are one process per mount, so only the server needs N.
files=$(ulimit -Hn)
if [ "$files" != unlimited ] && [ $((N + 100)) -gt "$files" ]; then
  echo "warning: $N listeners need more than the $files open files a process may have here; about $((files - 100)) is the most this machine can measure" >&2
fi
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); the load tools, ffmpeg and" \
  "the server share them, so CPU figures are noisy when other work runs"

n_mp3=$((N * W_MP3 / (W_MP3 + W_AAC + W_AACP)))
n_aac=$((N * W_AAC / (W_MP3 + W_AAC + W_AACP)))
n_aacp=$((N - n_mp3 - n_aac))

work=$(mktemp -d)
chmod 777 "$work"  # icecast2 drops root for its changeowner user and writes its logs here
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The autoDJ's music: the first demo song the server renders, kept in the folder bench/listeners.sh
# uses, so the engine's AAC transcodes of it (cached in bench/out/radio) are not redone at each run.
music="$ROOT/bench/out/music"
mkdir -p "$music"
if [ ! -f "$music/song.mp3" ]; then
  port=$(free_port)
  ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/render ONDA_RADIO_DIR="$ROOT/bench/out/radio" RUST_LOG=warn \
    "$SERVER" >"$work/render.log" 2>&1 &
  render_pid=$!
  for _ in $(seq 1 600); do
    song=$(ls -S "$ROOT"/bench/out/radio/demo/v*/*.mp3 2>/dev/null | head -n 1 || true)
    [ -n "$song" ] && break
    sleep 0.2
  done
  cp "$song" "$music/song.mp3"
  kill "$render_pid"; wait "$render_pid" 2>/dev/null || true
fi

# The studio: a 1 kHz tone, 44.1 kHz stereo, encoded to 128 kbps MP3 at real-time pace and pushed with
# ffmpeg's Icecast protocol. The timeout only bounds a run that went wrong.
start_source() {
  local url=$1 log=$2
  timeout 900 ffmpeg -nostdin -hide_banner -loglevel warning -re \
    -f lavfi -i sine=frequency=1000:sample_rate=44100 -ac 2 \
    -c:a libmp3lame -b:a 128k -content_type audio/mpeg -ice_name "Onda bench live" \
    -f mp3 "$url" >"$log" 2>&1 &
  source_pid=$!; pids+=("$source_pid")
}

# start_onda LOG: a fresh server playing the song; sets onda_pid, port, main.
start_onda() {
  local log=$1
  port=$(free_port)
  rm -rf "$work/onda"
  # The cap is the count asked for: the run measures the engine, not the reserve for the site. The
  # live input's info lines (a source connected, ended) are kept in the log.
  ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/onda ONDA_MUSIC_DIR="$music" ONDA_MAX_LISTENERS=$N \
    ONDA_RADIO_DIR="$ROOT/bench/out/radio" ONDA_SOURCE_PASSWORD=$PASSWORD \
    RUST_LOG=warn,onda_server::radio::live=info "$SERVER" >"$log" 2>&1 &
  onda_pid=$!; pids+=("$onda_pid")
  main=$(curl -s --retry 60 --retry-connrefused --retry-delay 1 "http://127.0.0.1:$port/api/v1/station" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["mainStreamId"])')
  # Every mount answers (a first run transcodes the song to AAC before its mounts play).
  for mount in "$main.mp3" "$main.aac" "${main}_aacp.aac"; do
    for _ in $(seq 1 300); do
      code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$port/stream/$mount" || true)
      [ "$code" = 200 ] && break
      sleep 1
    done
    [ "$code" = 200 ] || { echo "/stream/$mount never answered 200 (last: $code)" >&2; exit 1; }
  done
}

stop() {
  local pid
  for pid in "$@"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
}

measure() {
  timeout $((WINDOW + 300)) python3 "$ROOT/bench/live.py" "$@"
}

# server_log NAME LOG: what the server logged above info (and the live input's lines), so dropped
# listeners or a source that came and went show next to the figures.
server_log() {
  local name=$1 log=$2
  sed -i 's/\x1b\[[0-9;]*m//g' "$log"  # colours, should the log have them
  echo "${name} log: $(grep -cE ' (WARN|ERROR) ' "$log" || true) warning/error lines; live input:" \
    "$(grep -c 'live source connected' "$log" || true) connected, $(grep -c 'live source ended' "$log" || true) ended"
  # The lines without their time stamps, the same ones counted once.
  grep -E ' (WARN|ERROR) |live source ended' "$log" | cut -d' ' -f2- | sort | uniq -c | sort -rn | head -n 8 | cut -c1-240 || true
}

echo "listeners: $N ($n_mp3 on MP3 128 kbps, $n_aac on HE-AAC v1 64 kbps, $n_aacp on HE-AAC v2 32 kbps); window $WINDOW s"

# 1. The autoDJ alone.
start_onda "$work/autodj.log"
mounts=("/stream/$main.mp3:$n_mp3:128" "/stream/$main.aac:$n_aac:64" "/stream/${main}_aacp.aac:$n_aacp:32")
measure autodj "$onda_pid" "127.0.0.1:$port" "$WINDOW" "$LOAD" "$work" "${mounts[@]}"
stop "$onda_pid"
server_log autodj "$work/autodj.log"

# 2. The same with a live source on air.
start_onda "$work/live.log"
start_source "icecast://source:$PASSWORD@127.0.0.1:$port/stream/$main.mp3" "$work/ffmpeg-onda.log"
# On air once a second of audio is queued (server/src/radio/live/mod.rs); the helper settles 10 s more.
wait_log "$work/live.log" "live source connected" 30
for _ in $(seq 1 100); do
  curl -s "http://127.0.0.1:$port/api/v1/aovivo/getCurrentSongInfo/$main" | grep -q "Onda bench live" && break
  sleep 0.1
done
echo "on air: $(curl -s "http://127.0.0.1:$port/api/v1/aovivo/getCurrentSongInfo/$main" | head -c 200)"
ffmpeg_pid=$(pgrep -P "$source_pid" ffmpeg || echo "$source_pid")  # the child of timeout
ff0=$(cpu_ticks "$ffmpeg_pid"); fs0=$(date +%s.%N)
measure live "$onda_pid" "127.0.0.1:$port" "$WINDOW" "$LOAD" "$work" "${mounts[@]}"
kill -0 "$source_pid" 2>/dev/null || echo "warning: ffmpeg ended during the run: $(tail -n 3 "$work/ffmpeg-onda.log")"
ff1=$(cpu_ticks "$ffmpeg_pid" 2>/dev/null || echo "$ff0")
echo "ffmpeg (the source, not the server): $(python3 -c "print(f'{($ff1 - $ff0) / $TICKS / ($(date +%s.%N) - $fs0) * 100:.1f}')")% of a core while measured"
stop "$source_pid" "$onda_pid"
server_log live "$work/live.log"
[ -s "$work/ffmpeg-onda.log" ] && { echo "ffmpeg said:"; head -n 5 "$work/ffmpeg-onda.log"; }

# 3. icecast2 with the same source, every listener on its one mount.
ice_port=$(free_port)
security=""
# icecast2 refuses to run as root: it drops to its Debian user.
[ "$(id -u)" = 0 ] && security="<security><chroot>0</chroot><changeowner><user>icecast2</user><group>icecast</group></changeowner></security>"
cat >"$work/icecast.xml" <<CONF
<icecast>
  <limits><clients>$((N + 100))</clients><sources>2</sources><queue-size>524288</queue-size><burst-size>65536</burst-size></limits>
  <authentication><source-password>$PASSWORD</source-password><admin-user>admin</admin-user><admin-password>$PASSWORD</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>$ice_port</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>$work</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
  <logging><errorlog>icecast-error.log</errorlog><accesslog>icecast-access.log</accesslog><loglevel>2</loglevel></logging>
  $security
</icecast>
CONF
(exec icecast2 -c "$work/icecast.xml" >"$work/icecast.out" 2>&1) &
ice_pid=$!; pids+=("$ice_pid")
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$ice_port/status-json.xsl" && break; sleep 0.1; done
start_source "icecast://source:$PASSWORD@127.0.0.1:$ice_port/live.mp3" "$work/ffmpeg-icecast.log"
# Its status page lists the mount once the source is on it (asking for the mount before would log a
# 404 of its file server).
for _ in $(seq 1 100); do
  curl -s "http://127.0.0.1:$ice_port/status-json.xsl" | grep -q '/live.mp3' && break
  sleep 0.2
done
measure icecast2 "$ice_pid" "127.0.0.1:$ice_port" "$WINDOW" "$LOAD" "$work" "/live.mp3:$N:128"
kill -0 "$source_pid" 2>/dev/null || echo "warning: ffmpeg ended during the run: $(tail -n 3 "$work/ffmpeg-icecast.log")"
stop "$source_pid" "$ice_pid"
# Not the run's: the start-up warnings about the <location> and <admin> this config leaves out, and the
# one icecast 2.4 logs for every MP3 source (it serves audio/mpeg through its "generic" handler).
echo "icecast2 log: $(grep -E 'EROR|WARN' "$work/icecast-error.log" 2>/dev/null | grep -vc 'CONFIG/\|format_get_type' || true) error/warning lines"
grep -E 'EROR|WARN' "$work/icecast-error.log" 2>/dev/null | grep -v 'CONFIG/\|format_get_type' | sed 's/^\[[^]]*\] //' | sort | uniq -c | sort -rn | head -n 5 || true
