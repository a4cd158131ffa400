# Shared by the benchmark scripts: the release server, free ports, waiting, process figures.
# Benchmarks print figures; they are not pass/fail tests. Run them on an otherwise idle machine.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# ONDA_BENCH_SERVER runs another build (say, the one before a change) instead of building this tree's.
SERVER=${ONDA_BENCH_SERVER:-"$ROOT/target/release/onda-server"}

# The load generators stand for thousands of listeners from one loopback address, which the caps per
# client address (server/src/connections.rs) would refuse: the benchmarks lift them, except
# bench/connections.sh, which measures them.
export ONDA_MAX_CONNECTIONS_PER_ADDRESS=${ONDA_MAX_CONNECTIONS_PER_ADDRESS:-1000000}
export ONDA_MAX_PUSH_PER_ADDRESS=${ONDA_MAX_PUSH_PER_ADDRESS:-1000000}
export ONDA_MAX_LISTENERS_PER_ADDRESS=${ONDA_MAX_LISTENERS_PER_ADDRESS:-1000000}

need() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "missing: $tool (apt-get install ${PACKAGES[$tool]:-$tool})" >&2; exit 1; }
  done
}
declare -A PACKAGES=([nginx]=nginx-light [wrk]=wrk [icecast2]=icecast2)

build_server() {
  [ -n "${ONDA_BENCH_SERVER:-}" ] && return 0
  # The release binary embeds the UI build: a change to the UI's sources rebuilds it too.
  if [ ! -x "$SERVER" ] || [ -n "$(find "$ROOT/server/src" "$ROOT/shared/src" "$ROOT/ui/src" "$ROOT/ui/index.html" \
    "$ROOT/ui/vite.config.ts" "$ROOT/ui/scripts" -newer "$SERVER" -print -quit)" ]; then
    echo "building the release server..." >&2
    (cd "$ROOT" && npm run build --workspace ui >/dev/null && cargo build --release --locked -p onda-server >&2)
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# wait_http URL [seconds]: until the URL answers 200.
wait_http() {
  local url=$1 limit=${2:-180}
  for _ in $(seq 1 $((limit * 10))); do
    if curl -sf -o /dev/null "$url"; then return 0; fi
    sleep 0.1
  done
  echo "no answer from $url" >&2
  return 1
}

# wait_log FILE TEXT [seconds]: until the log file contains TEXT.
wait_log() {
  local file=$1 text=$2 limit=${3:-180}
  for _ in $(seq 1 $((limit * 10))); do
    grep -q "$text" "$file" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "'$text' never appeared in $file" >&2
  return 1
}

# cpu_ticks PID: user+system CPU time in clock ticks.
cpu_ticks() {
  awk '{print $14 + $15}' "/proc/$1/stat"
}

# rss_kib PID: resident memory.
rss_kib() {
  awk '/^VmRSS:/ {print $2}' "/proc/$1/status"
}

TICKS=$(getconf CLK_TCK)

# soak_targets LOG BASE: waits for a station started with the demo content (LOG is its log), then sets
# `main` (the main stream id) and `paths` (the mixed pages and API calls of bench/soak.sh and
# bench/heap.sh).
soak_targets() {
  local log=$1 base=$2
  wait_log "$log" "demo music library ready" 900
  # With the demo library already rendered, "ready" can be logged before the listener is up.
  wait_http "$base/health"
  main=$(curl -s "$base/api/v1/station" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["mainStreamId"])')
  local news
  news=$(curl -s "$base/api/v1/news/getNews/0/1/0/0" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["slug"])')
  wait_http "$base/api/v1/aovivo/getCurrentSongInfo/$main"
  paths=(
    / /noticias "/noticias/$news" /musicas /artistas /ouvir-radio-online /programacao
    /api/v1/news/getHomeNews "/api/v1/news/getSingleNews/$news" /api/v1/getMusicData/0/20
    /api/v1/getArtists "/api/v1/search?q=amor" "/api/v1/aovivo/getMetaHistory/$main"
    /api/v1/getAppParameters /api/v1/aovivo/getAvailableStreams /sitemap.xml /feed/rss
  )
}
