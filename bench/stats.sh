#!/usr/bin/env bash
# Benchmark of the staff statistics history: one year of minute samples across every channel
# (total, the 7 client kinds and every stream) in the database, the release server's retention job
# rolls the old hours up and prunes, then getFilteredListeners is timed N times per query (curl
# time_total, sequential, after two warm-up calls). Target: p95 ≤ 50 ms.
#
# getFilteredSessions (the exact session figures of the same query, from listener_sessions) is timed
# beside it: the sessions of the last SESSION_DAYS days (default 7) are seeded at SESSIONS_PER_DAY
# (default 5000).
#
#   bench/stats.sh [runs=30] [sqlite|postgres]      (KEEP=1 keeps the seeded database)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need curl python3 sqlite3
RUNS=${1:-30}
BACKEND=${2:-sqlite}
SESSION_DAYS=${SESSION_DAYS:-7}
SESSIONS_PER_DAY=${SESSIONS_PER_DAY:-5000}
build_server

work=$(mktemp -d)
pg_db=""
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  # KEEP=1 leaves the seeded database for a closer look.
  if [ -n "${KEEP:-}" ]; then echo "kept: ${pg_db:-$work/data/onda.db}" >&2; return; fi
  if [ -n "$pg_db" ]; then psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

case "$BACKEND" in
  sqlite)
    export DATABASE_URL="sqlite://$work/data/onda.db?mode=rwc"
    sql() { sqlite3 -batch "$work/data/onda.db" "$@"; }
    ;;
  postgres)
    need psql
    pg_db="onda_bench_stats_$$"
    psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $pg_db" >/dev/null
    export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$pg_db"
    sql() { psql -qtA -h 127.0.0.1 -U postgres -d "$pg_db" -c "$1"; }
    ;;
  *) echo "backend: sqlite or postgres" >&2; exit 1 ;;
esac
mkdir -p "$work/data"
port=$(free_port)
base="http://127.0.0.1:$port"

start_server() {
  ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO=false RUST_LOG=warn \
    "$SERVER" >>"$work/server.log" 2>&1 &
  server_pid=$!
  wait_http "$base/health" 300
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

# 1. Migrations and the demo streams; a staff member with permission 1 (the real registration flow).
start_server
email="staff@bench.test"
curl -sf -o /dev/null -H 'content-type: application/json' \
  -d "{\"name\":\"Bench Staff\",\"email\":\"$email\",\"password\":\"segredo1\"}" "$base/api/v1/profile/registerUser"
user_id=$(sql "SELECT id FROM users WHERE email = '$email'")
code=$(sql "SELECT code FROM email_codes WHERE user_id = $user_id")
token=$(curl -sf -H 'content-type: application/json' -d "{\"userId\":$user_id,\"code\":\"$code\"}" \
  "$base/api/v1/profile/confirmEmail" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
"$SERVER" admin grant-permission "$email" 1 >/dev/null
stop_server

# 2. A year of minute samples for every channel, and the recent sessions (server stopped).
now=$(date +%s)
start=$(( (now - 365 * 86400) / 60 * 60 ))
minutes=$(( 365 * 1440 ))
mapfile -t streams < <(sql "SELECT stream_id FROM streams ORDER BY position, id")
channels=(total https http android ios desktop alexa tuneIn "${streams[@]}")
values=""
for k in "${!channels[@]}"; do values+="${values:+ UNION ALL }SELECT '${channels[$k]}' AS channel, $k AS k"; done
echo "seeding $minutes minutes × ${#channels[@]} channels = $((minutes * ${#channels[@]})) samples ($BACKEND)..." >&2
seed_started=$(date +%s)
# A daily curve (a triangle peaking mid-day) scaled per channel, plus some noise.
curve="(720 - abs((i % 1440) - 720)) / (c.k + 1) + (i * 7919 + c.k * 104729) % 37"
sessions=$((SESSION_DAYS * SESSIONS_PER_DAY))
span_ms=$((SESSION_DAYS * 86400 * 1000))
step_ms=$(( sessions > 0 ? span_ms / sessions : 0 ))
kinds="'https','http','android','ios','desktop','alexa','tuneIn'"
if [ "$BACKEND" = sqlite ]; then
  sql "PRAGMA journal_mode = WAL;
    INSERT INTO listener_samples (at, channel, listeners)
    WITH RECURSIVE m(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM m WHERE i < $minutes - 1)
    SELECT $start + i * 60, c.channel, $curve FROM m, ($values) c;
    INSERT INTO listener_sessions (session_key, instance, mount, stream_id, client, started_at_ms, ended_at_ms, ip_hash)
    WITH RECURSIVE s(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM s WHERE j < $sessions - 1)
    SELECT 'bench-' || j, 'bench', 'x.mp3', '${streams[0]}',
      json_extract(json_array($kinds), '\$[' || (j % 7) || ']'),
      $((now * 1000 - span_ms)) + j * $step_ms,
      $((now * 1000 - span_ms)) + j * $step_ms + ((j * 7919) % 3600 + 60) * 1000,
      printf('%032x', (j * 104729) % 20000) FROM s WHERE $sessions > 0;
    ANALYZE;" >/dev/null
else
  sql "INSERT INTO listener_samples (at, channel, listeners)
    SELECT $start + i * 60, c.channel, $curve FROM generate_series(0::bigint, $minutes - 1) AS i, ($values) c;
    INSERT INTO listener_sessions (session_key, instance, mount, stream_id, client, started_at_ms, ended_at_ms, ip_hash)
    SELECT 'bench-' || j, 'bench', 'x.mp3', '${streams[0]}', (ARRAY[$kinds])[j % 7 + 1],
      $((now * 1000 - span_ms)) + j * $step_ms,
      $((now * 1000 - span_ms)) + j * $step_ms + ((j * 7919) % 3600 + 60) * 1000,
      lpad(to_hex((j * 104729) % 20000), 32, '0') FROM generate_series(0::bigint, $sessions - 1) AS j;
    ANALYZE;" >/dev/null
fi
echo "seeded in $(( $(date +%s) - seed_started )) s" >&2

# 3. The server's retention job rolls a year of hours up and drops the minutes past 180 days.
rollup_started=$(date +%s)
start_server
cutoff=$(( now - 181 * 86400 ))
for _ in $(seq 1 1800); do
  oldest=$(sql "SELECT COALESCE(MIN(at), 0) FROM listener_samples")
  rolled=$(sql "SELECT COUNT(*) FROM settings WHERE key = 'stats_rollup_until'")
  [ "$rolled" = 1 ] && [ "$oldest" -ge "$cutoff" ] && break
  sleep 1
done
echo "retention pass: $(sql "SELECT COUNT(*) FROM listener_hourly") hourly rows, $(sql "SELECT COUNT(*) FROM listener_samples") minute samples left (after $(( $(date +%s) - rollup_started )) s incl. start)" >&2

# 4. The history queries, timed: getFilteredListeners (the spec's history call: the chart) and
#    getFilteredSessions (our session figures for the table under it, a call of its own).
three="listenersTypes%5B%5D=total&listenersTypes%5B%5D=android&listenersTypes%5B%5D=${streams[0]}"
every=""
for channel in "${channels[@]}"; do every+="${every:+&}listenersTypes%5B%5D=$channel"; done
query() {  # name start end grouping [types]
  local from to
  from=$(date -u -d "@$(( $2 - 3 * 3600 ))" '+%Y-%m-%d%%20%H:%M')
  to=$(date -u -d "@$(( $3 - 3 * 3600 ))" '+%Y-%m-%d%%20%H:%M')
  echo "$1|startDate=$from&endDate=$to&choiceTime=$4&${5:-$three}"
}
queries=(
  "$(query "year by day" $((now - 365 * 86400)) "$now" day)"
  "$(query "year by day, all ${#channels[@]} channels" $((now - 365 * 86400)) "$now" day "$every")"
  "$(query "year by month" $((now - 365 * 86400)) "$now" month)"
  "$(query "month by hour" $((now - 30 * 86400)) "$now" hour)"
  "$(query "6 months ago, month by hour" $((now - 210 * 86400)) $((now - 180 * 86400)) hour)"
  "$(query "week by hour" $((now - 7 * 86400)) "$now" hour)"
  "$(query "6 days by minute" $((now - 6 * 86400)) "$now" minute)"
  "$(query "day by minute" $((now - 86400)) "$now" minute)"
)
# timings CALL QUERY: RUNS lines "time_total server_ms" after two warm-up calls.
timings() {
  local url="$base/api/v1/stats/$1?$2"
  status=$(curl -s -o "$work/answer.json" -w '%{http_code}' -H "authorization: Bearer $token" "$url")
  [ "$status" = 200 ] || { echo "$1: HTTP $status $(cat "$work/answer.json")" >&2; exit 1; }
  curl -s -o /dev/null -H "authorization: Bearer $token" "$url"
  for _ in $(seq 1 "$RUNS"); do
    curl -s -o /dev/null -D "$work/headers.txt" -w '%{time_total}' -H "authorization: Bearer $token" "$url"
    echo " $(tr -d '\r' <"$work/headers.txt" | awk -F': ' 'tolower($1) == "server-timing" {print $2}')"
  done
}
echo "history of a year of minute samples over ${#channels[@]} channels; 3 channels asked (total, android, ${streams[0]}) unless said; $RUNS runs each, $BACKEND, $(nproc) cores"
echo "sessions: $sessions over the last $SESSION_DAYS days"
echo "times in ms (curl time_total, sequential): getFilteredListeners (chart; target p95 ≤ 50) with the server's own time, and getFilteredSessions (session table)"
printf '%-32s %7s %8s %8s %8s %9s   %8s %8s\n' query points p50 p95 max server_p95 sess_p50 sess_p95
for entry in "${queries[@]}"; do
  name=${entry%%|*}
  params=${entry#*|}
  timings getFilteredListeners "$params" >"$work/listeners.txt"
  points=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["data"]["timeData"]))' "$work/answer.json")
  timings getFilteredSessions "$params" >"$work/sessions.txt"
  python3 - "$name" "$points" "$work/listeners.txt" "$work/sessions.txt" <<'PY'
import re, sys
name, points, listeners, sessions = sys.argv[1:5]
def rows(path):
    return [line.split(" ", 1) for line in open(path) if line.strip()]
def pick(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]
total = [float(row[0]) * 1000 for row in rows(listeners)]
server = [float(re.search(r"dur=([0-9.]+)", row[1]).group(1)) for row in rows(listeners)]
sess = [float(row[0]) * 1000 for row in rows(sessions)]
print(f"{name:<32} {points:>7} {pick(total, .5):8.1f} {pick(total, .95):8.1f} {max(total):8.1f} {pick(server, .95):9.1f}"
      f"   {pick(sess, .5):8.1f} {pick(sess, .95):8.1f}")
PY
done
