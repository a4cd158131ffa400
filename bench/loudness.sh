#!/usr/bin/env bash
# Loudness normalisation (server/src/radio/loudness.rs), rotation and crossfades, in figures:
#   1. what bringing a four-minute song to the target costs (measure, gain + limiter, makeup passes),
#      and its three encodes beside it, in one core's seconds (a release test that prints figures);
#      then one rotation pick over 5,000 songs and one crossfade per codec (release tests too);
#   2. the server's CPU with a music folder of a few songs mastered at different levels, for N seconds
#      with ONDA_LOUDNESS_TARGET=off and with the default target: on a first start (the background
#      measurement and the normalised renditions rendered as tracks are queued), then on a second and
#      a third start with the same data folder (measured; renditions of songs not yet prepared are
#      still rendered on the second, everything comes from the cache by the third).
# Figures, not pass/fail.
#
#   bench/loudness.sh [seconds=60] [songs=4]
set -euo pipefail
source "$(dirname "$0")/common.sh"
need ffmpeg curl python3
WINDOW=${1:-60}
SONGS=${2:-4}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== 1. a four-minute song (release build, one thread)"
(cd "$ROOT" && cargo test --release --quiet -p onda-server --lib \
  radio::loudness::tests::bench_a_four_minute_song -- --ignored --nocapture 2>/dev/null) |
  grep -vE '^(running|test |$)|test result'
echo "== 1b. rotation: one pick; crossfades: one per codec (release build)"
(cd "$ROOT" && cargo test --release --quiet -p onda-server --lib \
  -- --ignored --nocapture --test-threads 1 radio::rotation::tests::bench_next radio::crossfade::bench 2>&1) |
  grep -vE '^(running|test |$)|test result'

build_server
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# Music-like test songs of 4 minutes (a chord over pink noise with a pulse), mastered from -30 to -10
# LUFS-ish, 128 kbps MP3 as a station's folder would hold.
music="$work/music"
mkdir -p "$music"
for i in $(seq 1 "$SONGS"); do
  volume=$(( -24 + (i - 1) * 20 / (SONGS > 1 ? SONGS - 1 : 1) ))
  ffmpeg -nostdin -hide_banner -loglevel error \
    -f lavfi -i "sine=frequency=$((110 * i)):duration=240:sample_rate=44100" \
    -f lavfi -i "sine=frequency=$((165 * i)):duration=240:sample_rate=44100" \
    -f lavfi -i "anoisesrc=color=pink:duration=240:sample_rate=44100:amplitude=0.2" \
    -filter_complex "[0][1][2]amix=inputs=3,tremolo=f=2:d=0.6,volume=${volume}dB,aformat=channel_layouts=stereo" \
    -c:a libmp3lame -b:a 128k "$music/Banda $i - Faixa $i.mp3"
done

# run NAME TARGET DATA: the server for WINDOW seconds; prints its CPU as % of one core.
run() {
  local name=$1 target=$2 data=$3 port pid t0 c0 t1 c1
  port=$(free_port)
  ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$data ONDA_MUSIC_DIR="$music" ONDA_LOUDNESS_TARGET=$target \
    RUST_LOG=warn,onda_server::radio=info "$SERVER" >"$data.log" 2>&1 &
  pid=$!; pids+=("$pid")
  wait_http "http://127.0.0.1:$port/health" 120
  t0=$(date +%s.%N); c0=$(cpu_ticks "$pid")
  sleep "$WINDOW"
  t1=$(date +%s.%N); c1=$(cpu_ticks "$pid")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  python3 -c "print(f'$name: {($c1 - $c0) / $TICKS:.2f} s of CPU in {$t1 - $t0:.0f} s, {($c1 - $c0) / $TICKS / ($t1 - $t0) * 100:.1f}% of a core')"
  grep -h "loudness measured" "$data.log" | sed 's/\x1b\[[0-9;]*m//g' | cut -d' ' -f2- | cut -c1-200 || true
}

echo "== 2. playout with $SONGS songs of 4 minutes, ${WINDOW} s windows (from /proc/<pid>/stat)"
run "off, first start" off "$work/off"
run "off, second start" off "$work/off"
run "-16 LUFS, first start" -16 "$work/on"
run "-16 LUFS, second start" -16 "$work/on"
# By the third start every song has aired or been prepared once: everything is read from the cache.
run "off, third start" off "$work/off"
run "-16 LUFS, third start" -16 "$work/on"
echo "renditions cached: $(find "$work/on/radio/cache" -name '*.n1t*' | wc -l) normalised," \
  "$(du -sh "$work/on/radio/cache" | cut -f1)"
