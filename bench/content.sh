#!/usr/bin/env bash
# Benchmark of the content API at newsroom scale: the demo content plus NEWS generated news
# items (default 50,000, inserted in one batch: SQLite executemany or PostgreSQL \copy), the release
# server building its search index at start-up, then wrk (-t2, CONNECTIONS connections, DURATION per
# scenario, after a 3 s warm-up) over three scenarios, each drawing random paths from a list:
#   list    /api/v1/news/getNews/{0..2388}/12/1/0      (200 pages)
#   single  /api/v1/news/getSingleNews/{slug}          (2,000 random items)
#   search  /api/v1/search?q=...                       (~300 queries: words, prefixes being typed,
#                                                       unaccented, two words, misses)
# and prints requests/s and p50/p95/p99 (ms). Target: search p95 ≤ 10 ms.
#
#   bench/content.sh [sqlite|postgres]     NEWS=50000 DURATION=20s CONNECTIONS=16
#   ONDA_BENCH_SERVER=target/debug/onda-server NEWS=2000 DURATION=3s bench/content.sh  (a quick check
#   of the script itself; debug figures mean nothing)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need curl python3 wrk
BACKEND=${1:-sqlite}
NEWS=${NEWS:-50000}
DURATION=${DURATION:-20s}
CONNECTIONS=${CONNECTIONS:-16}
if [ -n "${ONDA_BENCH_SERVER:-}" ]; then
  SERVER=$(cd "$ROOT" && realpath "$ONDA_BENCH_SERVER")
else
  build_server
fi

work=$(mktemp -d)
pg_db=""
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  if [ -n "$pg_db" ]; then psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true; fi
  [ -n "${KEEP:-}" ] && echo "kept: $work" >&2 && return
  rm -rf "$work"
}
trap cleanup EXIT

case "$BACKEND" in
  sqlite)
    export DATABASE_URL="sqlite://$work/data/onda.db?mode=rwc"
    ;;
  postgres)
    need psql
    pg_db="onda_bench_content_$$"
    psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $pg_db" >/dev/null
    export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$pg_db"
    ;;
  *) echo "backend: sqlite or postgres" >&2; exit 1 ;;
esac
mkdir -p "$work/data"
port=$(free_port)
base="http://127.0.0.1:$port"

start_server() {
  ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO=false RUST_LOG=warn,onda_server::search=info \
    "$SERVER" >>"$work/server.log" 2>&1 &
  server_pid=$!
  wait_http "$base/health" 300
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

# 1. Migrations and the demo content, then the generated news while the server is down.
start_server
stop_server
started=$(date +%s.%N)
if [ "$BACKEND" = sqlite ]; then
  python3 "$ROOT/bench/content/seed_news.py" "$NEWS" sqlite "$work/data/onda.db" "$work"
else
  ids=$(psql -qtA -h 127.0.0.1 -U postgres -d "$pg_db" -c "SELECT string_agg(id::text, ',' ORDER BY id) FROM news_categories")
  python3 "$ROOT/bench/content/seed_news.py" "$NEWS" postgres "$work/news.csv" "$work" "$ids"
  psql -q -h 127.0.0.1 -U postgres -d "$pg_db" \
    -c "\\copy news (slug, category_id, title, subtitle, content, author, is_pro, published_at) FROM '$work/news.csv' CSV" \
    -c "ANALYZE news"
fi
printf 'inserted %d news in %.1f s\n' "$NEWS" "$(echo "$(date +%s.%N) - $started" | bc)"

# 2. The server again: the search index is built from the database at start-up.
: >"$work/server.log"
start_server
wait_log "$work/server.log" "search index built" 300
sed 's/\x1b\[[0-9;]*m//g' "$work/server.log" | grep -o 'documents=[0-9]* ms=[0-9]*' | head -1 | sed 's/^/search index: /' || true
total=$(curl -sf "$base/api/v1/news/getNews/0/1/1/0" >/dev/null && echo ok)
[ "$total" = ok ] || { echo "news list does not answer" >&2; exit 1; }

# 3. The scenarios.
echo "$BACKEND, $NEWS generated news + demo, wrk -t2 -c$CONNECTIONS -d$DURATION, $(nproc) cores"
printf '%-8s %10s %9s %9s %9s %s\n' scenario req/s p50_ms p95_ms p99_ms errors
for scenario in list single search; do
  export WRK_PATHS="$work/$scenario.txt"
  wrk -t2 -c"$CONNECTIONS" -d3s -s "$ROOT/bench/content/paths.lua" "$base" >/dev/null
  line=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -s "$ROOT/bench/content/paths.lua" "$base" | grep '^RESULT')
  eval "$(echo "$line" | sed 's/^RESULT //')"
  printf '%-8s %10s %9s %9s %9s %s\n' "$scenario" "$rps" "$p50" "$p95" "$p99" "$((errors + non2xx))"
  if [ "$scenario" = search ]; then
    verdict=$(python3 -c "print('met' if $p95 <= 10 else 'MISSED')")
    echo "search p95 target ≤ 10 ms: $verdict"
  fi
done
