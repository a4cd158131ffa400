#!/usr/bin/env bash
# The cluster deployment on this machine: three onda-server instances on one fresh PostgreSQL database
# behind Debian's nginx running the shipped deploy/nginx/onda-cluster.conf and onda-locations.conf
# (TLS swapped for plain HTTP on a free port). Under load through nginx (listeners on the main mount,
# API readers and writers, push channels, HLS players: deploy/cluster-load.mjs) it kills the leader
# with SIGKILL, starts it again, kills a follower and starts it again. Prints the figures and exits
# non-zero when an acknowledged write is lost, a listener heard nothing for more than 8 s, an API read
# failed even after retrying, or no instance took over from the dead leader.
#
# Needs PostgreSQL at 127.0.0.1:5432 (user postgres, trust), /usr/sbin/nginx (nginx-light), node, psql
# and a built server: ONDA_SERVER, else target/release/onda-server, else target/debug/onda-server.
#
#   deploy/test-cluster.sh
set -euo pipefail
# ROOT, free_port, wait_http, wait_log, need, and the per-address caps lifted: every client here comes
# from loopback through nginx (the writers name their own addresses).
source "$(dirname "$0")/../bench/common.sh"
need node psql curl openssl

SERVER=${ONDA_SERVER:-$ROOT/target/release/onda-server}
[ -x "$SERVER" ] || SERVER=$ROOT/target/debug/onda-server
[ -x "$SERVER" ] || { echo "no server binary: build it (cargo build -p onda-server) or set ONDA_SERVER" >&2; exit 1; }
NGINX=${NGINX:-/usr/sbin/nginx}
INSTANCES=3

# nginx may still be being installed (nginx-light, .ci/run): wait for it rather than fail.
for _ in $(seq 1 600); do [ -x "$NGINX" ] && break; sleep 1; done
[ -x "$NGINX" ] || { echo "missing: $NGINX (apt-get install nginx-light)" >&2; exit 1; }

now_ms() { date +%s%3N; }
log() { echo "[$(date +%T)] $*" >&2; }

tmp=$(mktemp -d /tmp/onda-cluster.XXXXXX)
# nginx's workers run as another user when the test runs as root: their folder must be reachable.
ngx=$(mktemp -d /tmp/onda-cluster-nginx.XXXXXX)
chmod 755 "$ngx"
database=onda_cluster_$$
# The binary as it is now: a build finishing during the run must not change what a restart runs.
cp "$SERVER" "$tmp/onda-server"
log "server: $SERVER"
SERVER=$tmp/onda-server
declare -a pid port
nginx_pid=''
load_pid=''

cleanup() {
  local status=$?
  set +e
  # Each waited for by its id, with the shell's 'Killed' notice sent nowhere.
  for p in "$load_pid" "$nginx_pid"; do
    [ -n "$p" ] && { kill "$p"; wait "$p"; } 2>/dev/null
  done
  for n in $(seq 1 $INSTANCES); do
    [ -n "${pid[n]:-}" ] && { kill -9 "${pid[n]}"; wait "${pid[n]}"; } 2>/dev/null
  done
  psql -h 127.0.0.1 -U postgres -d postgres -qtAc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null
  if [ "$status" -ne 0 ]; then
    # The instances' and nginx's logs say why; keep the last lines before the folders go.
    for file in "$tmp"/instance*.log "$ngx/error.log"; do
      [ -s "$file" ] && { echo "--- last lines of $file" >&2; tail -n 15 "$file" >&2; }
    done
  fi
  rm -rf "$tmp" "$ngx"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql -h 127.0.0.1 -U postgres -d postgres -qtAc "CREATE DATABASE $database" >/dev/null

# The ports the shipped configuration names, when they are free; others when not (the generated nginx
# configuration is rewritten to match).
# SO_REUSEADDR as the server binds: connections of an earlier run waiting out TIME_WAIT do not count.
port_free() {
  python3 -c 'import socket,sys; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1); s.bind(("127.0.0.1",int(sys.argv[1])))' "$1" 2>/dev/null
}
for n in $(seq 1 $INSTANCES); do
  port[n]=$((8080 + n))
  port_free "${port[n]}" || port[n]=$(free_port)
done
nginx_port=$(free_port)
base=http://127.0.0.1:$nginx_port

# What every instance shares: the database, the session secret (a session opened on one is accepted by
# all), nginx as the trusted proxy, and one folder of generated demo audio (named by content and
# written atomically, so shared safely; kept under target/ so the next run does not render it again).
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database
ONDA_SESSION_SECRET=$(openssl rand -hex 32)
export ONDA_SESSION_SECRET
export ONDA_TRUSTED_PROXIES=127.0.0.1
export ONDA_RADIO_DIR=$ROOT/target/tmp/radio-cache-cluster
# 20-second demo songs: several song changes (now-playing announcements) during the run.
export ONDA_DEMO_TRACK_SECONDS=20
export ONDA_HLS_WINDOW_MINUTES=10
# Registrations hash a password; the figures are about persistence, not Argon2's cost on two cores.
export ONDA_ARGON2_MEMORY_KIB=1024 ONDA_ARGON2_ITERATIONS=1
export RUST_LOG=${RUST_LOG:-info}
unset ONDA_PUBLIC_URL ONDA_ADDR ONDA_INSTANCE_URL ONDA_DATA_DIR

# start_instance N: instance N on its port with its own data directory (kept across its restarts).
# Only the first seeds the demo content: seeding checks for a marker then writes in one transaction
# (server/src/seed/mod.rs), so two instances seeding a fresh database at once would both write and
# one would fail. The others start once the first is up.
start_instance() {
  local n=$1
  mkdir -p "$tmp/data$n"
  ONDA_ADDR=127.0.0.1:${port[n]} ONDA_INSTANCE_URL=http://127.0.0.1:${port[n]} ONDA_DATA_DIR=$tmp/data$n \
    ONDA_SEED_DEMO=$([ "$n" = 1 ] && echo true || echo false) \
    "$SERVER" >>"$tmp/instance$n.log" 2>&1 &
  pid[n]=$!
  echo "$(now_ms) instance $n started" >>"$tmp/events"
}

kill_instance() {
  local n=$1
  kill -9 "${pid[n]}"
  wait "${pid[n]}" 2>/dev/null || true
  pid[n]=''
}

# role N: what /health of instance N says ('leader', 'follower'), or nothing when it does not answer.
role() {
  curl -s -m 1 "http://127.0.0.1:${port[$1]}/health" | sed -n 's/.*"radio":"\([a-z]*\)".*/\1/p'
}

# wait_role N ROLE SECONDS
wait_role() {
  local n=$1 wanted=$2 limit=$3 started
  started=$(now_ms)
  until [ "$(role "$n")" = "$wanted" ]; do
    if [ $(($(now_ms) - started)) -gt $((limit * 1000)) ]; then
      log "instance $n is not $wanted after $limit s (it says '$(role "$n")')"
      return 1
    fi
    sleep 0.2
  done
}

leader() {
  for n in $(seq 1 $INSTANCES); do
    [ -n "${pid[n]:-}" ] && [ "$(role "$n")" = leader ] && { echo "$n"; return; }
  done
  return 0
}

log "database $database; instances on ports ${port[*]}; nginx on $nginx_port"
start_instance 1
# The first start renders the demo library into ONDA_RADIO_DIR, minutes with a debug build; the load
# waits for it so the render does not take the CPU from the instances during the faults.
wait_role 1 leader 900
wait_log "$tmp/instance1.log" "demo music library ready" 1800
for n in $(seq 2 $INSTANCES); do
  start_instance "$n"
  wait_role "$n" follower 120
done
wait_http "http://127.0.0.1:${port[1]}/api/v1/aovivo/getCurrentSongInfo/onda_1" 120

# nginx: the shipped site, with the redirect server left out, the TLS lines swapped for a plain listen,
# the upstream's ports and the cache folder replaced, and the shipped locations file included as it is.
sed_ports=()
for n in $(seq 1 $INSTANCES); do sed_ports+=(-e "s/127\.0\.0\.1:$((8080 + n))\b/127.0.0.1:${port[n]}/"); done
awk -v listen="    listen 127.0.0.1:$nginx_port;" '
  /# >>> redirect/ { skip = 1 }
  /# <<< redirect/ { skip = 0; next }
  /# >>> tls/ { print listen; skip = 1 }
  /# <<< tls/ { skip = 0; next }
  !skip { print }
' "$ROOT/deploy/nginx/onda-cluster.conf" |
  sed "${sed_ports[@]}" \
    -e "s#/var/cache/nginx/onda#$ngx/cache#" \
    -e "s#/etc/nginx/snippets/onda-locations.conf#$ROOT/deploy/nginx/onda-locations.conf#" \
    >"$ngx/site.conf"
for n in $(seq 1 $INSTANCES); do
  grep -q "server 127.0.0.1:${port[n]} " "$ngx/site.conf" || { echo "upstream port ${port[n]} missing from $ngx/site.conf" >&2; exit 1; }
done
cat >"$ngx/nginx.conf" <<EOF
worker_processes 2;
error_log $ngx/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format onda '\$remote_addr "\$request" \$status \$body_bytes_sent \$request_time '
                    'upstream=\$upstream_addr/\$upstream_status id=\$request_id';
    access_log $ngx/access.log onda;
    client_body_temp_path $ngx/body;
    proxy_temp_path $ngx/proxy;
    fastcgi_temp_path $ngx/fastcgi;
    uwsgi_temp_path $ngx/uwsgi;
    scgi_temp_path $ngx/scgi;
    include $ngx/site.conf;
}
EOF
nginx_args=(-p "$ngx" -c "$ngx/nginx.conf" -e "$ngx/error.log" -g "daemon off; pid $ngx/nginx.pid;")
"$NGINX" -t -q "${nginx_args[@]}"
"$NGINX" "${nginx_args[@]}" &
nginx_pid=$!
wait_http "$base/health" 30

urls=$(for n in $(seq 1 $INSTANCES); do printf 'http://127.0.0.1:%s,' "${port[n]}"; done)
node "$ROOT/deploy/cluster-load.mjs" --base "$base" --instances "${urls%,}" --database "$database" \
  --dir "$tmp" --stream onda_1 &
load_pid=$!
for _ in $(seq 1 900); do
  [ -e "$tmp/ready" ] && break
  kill -0 "$load_pid" 2>/dev/null || break
  sleep 0.1
done
[ -e "$tmp/ready" ] || { log "the load never got going"; wait "$load_pid" || true; load_pid=''; exit 1; }
log "load running; 10 s before the first fault"
echo "$(now_ms) load running, no fault yet" >>"$tmp/events"
sleep 10

failed=0
first=$(leader)
[ -n "$first" ] || { log "no leader before the faults"; exit 1; }

# 1. The leader dies: another instance must take the advisory lock and play out.
log "SIGKILL to the leader, instance $first"
killed_at=$(now_ms)
kill_instance "$first"
echo "$killed_at leader (instance $first) killed" >>"$tmp/events"
takeover=''
while [ $(($(now_ms) - killed_at)) -lt 30000 ]; do
  for n in $(seq 1 $INSTANCES); do
    if [ "$n" != "$first" ] && [ "$(role "$n")" = leader ]; then
      takeover=$(($(now_ms) - killed_at)); second=$n; break 2
    fi
  done
  sleep 0.05
done
if [ -z "$takeover" ]; then
  log "no instance took over within 30 s"; failed=1; second=''
else
  echo "$(now_ms) instance $second is the leader" >>"$tmp/events"
  log "instance $second took over after $takeover ms"
fi
sleep 10
start_instance "$first"
wait_role "$first" follower 120 || failed=1
log "instance $first is back as a follower"
sleep 5

# 2. A follower dies (one serving listeners, not the one just restarted), and comes back.
victim=''
for n in $(seq 1 $INSTANCES); do
  [ "$n" != "$first" ] && [ "$n" != "${second:-}" ] && victim=$n
done
if [ -n "$victim" ]; then
  log "SIGKILL to a follower, instance $victim"
  echo "$(now_ms) follower (instance $victim) killed" >>"$tmp/events"
  kill_instance "$victim"
  sleep 5
  start_instance "$victim"
  wait_role "$victim" follower 120 || failed=1
  log "instance $victim is back as a follower"
fi
leader_after=$(leader)
sleep 10

touch "$tmp/stop"
load_status=0
wait "$load_pid" || load_status=$?
load_pid=''

roles=$(for n in $(seq 1 $INSTANCES); do printf '%s=%s ' "$n" "$(role "$n")"; done)
echo "takeover after the leader's SIGKILL: ${takeover:-none} ms (instance $first -> ${second:-nobody}); leader after the follower's: instance ${leader_after:-none}; roles now: $roles"
# From nginx's access log: replies by status class, and requests nginx passed on to another instance
# after one failed (their $upstream_addr lists more than one).
echo "nginx: $(awk -F'"' '{ split($3, f, " "); n[substr(f[1], 1, 1) "xx"]++ } END { for (k in n) printf "%s %d, ", k, n[k] }' "$ngx/access.log")passed on to another instance $(grep -c 'upstream=[^ ]*, ' "$ngx/access.log" || true)"
if [ "$failed" -ne 0 ] || [ "$load_status" -ne 0 ]; then
  echo "cluster test FAILED"
  exit 1
fi
echo "cluster test passed"
