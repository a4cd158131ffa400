#!/usr/bin/env bash
# First visit: Lighthouse 13 (the npm package, mobile preset: a mid-range phone on slow 4G,
# simulated) with Debian's Chromium against the release server with the demo content, on /,
# /ouvir-radio-online, a news item and /musicas. Prints each page's scores and metrics (the median
# of RUNS runs by performance score), the stylesheets each page adds once started (late-styles.mjs)
# and the initial JavaScript per page (scripts/initial-js.mjs). The home widgets' providers are the
# local stand-in the browser tests use (e2e/lib/providers.mjs, the providers' recorded answers): the
# page draws its widgets as a station online does, not their error states.
# Lighthouse's 4x CPU slowdown is relative to the machine it runs on: its benchmark index is printed
# with the figures (DevTools takes 1000 for a mid-range phone, 264 for a low-end one).
# Targets: performance >= 90, FCP <= 1.8 s, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.05, JS <= 150 kB.
#
#   bench/pages.sh [runs=3]          CHROME_PATH overrides /usr/bin/chromium
set -euo pipefail
source "$(dirname "$0")/common.sh"
need curl python3 node
RUNS=${1:-3}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$CHROME_PATH" ] || { echo "missing: $CHROME_PATH (apt-get install chromium)" >&2; exit 1; }
LIGHTHOUSE_VERSION=13.5.0
build_server

work=$(mktemp -d)
server_pid=""
providers_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
  [ -n "$providers_pid" ] && kill "$providers_pid" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

node --input-type=module -e "
  const { startProviders } = await import('$ROOT/e2e/lib/providers.mjs');
  console.log((await startProviders()).base);
" >"$work/providers.url" &
providers_pid=$!
for _ in $(seq 1 100); do [ -s "$work/providers.url" ] && break; sleep 0.1; done
providers=$(cat "$work/providers.url")
[ -n "$providers" ] || { echo "the providers' stand-in did not start" >&2; exit 1; }

port=$(free_port)
base="http://127.0.0.1:$port"
ONDA_ADDR=127.0.0.1:$port ONDA_DATA_DIR=$work/data ONDA_RADIO_DIR="$ROOT/bench/out/radio" \
  ONDA_WEATHER_URL=$providers ONDA_AIR_URL=$providers ONDA_GEOCODE_URL=$providers \
  ONDA_CURRENCY_URL=$providers ONDA_CRYPTO_URL=$providers \
  RUST_LOG=warn,onda_server::radio=info "$SERVER" >"$work/server.log" 2>&1 &
server_pid=$!
wait_log "$work/server.log" "demo music library ready" 900
wait_http "$base/health"
news=$(curl -s "$base/api/v1/news/getNews/0/1/0/0" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["slug"])')

echo "Lighthouse $LIGHTHOUSE_VERSION, mobile preset, $RUNS runs per page (median by performance), $CHROME_PATH"
for path in / /ouvir-radio-online "/noticias/$news" /musicas; do
  for run in $(seq 1 "$RUNS"); do
    # Lighthouse now and then loses the trace of a load (NO_NAVSTART): that run is taken again, twice
    # at most.
    for attempt in 1 2 3; do
      npx --yes "lighthouse@$LIGHTHOUSE_VERSION" "$base$path" --quiet --output=json \
        --output-path="$work/lh-$run.json" --chrome-flags="--headless=new --no-sandbox" \
        --only-categories=performance,accessibility,best-practices,seo >/dev/null 2>"$work/lh.err" && break
      [ "$attempt" = 3 ] && { cat "$work/lh.err" >&2; exit 1; }
      echo "$path: Lighthouse failed ($(grep -o 'NO_[A-Z_]*' "$work/lh.err" | head -n 1)), again" >&2
    done
  done
  node - "$path" "$work" "$RUNS" <<'JS'
const [path, dir, runs] = process.argv.slice(2);
const fs = require('node:fs');
const reports = [];
for (let i = 1; i <= Number(runs); i++) reports.push(JSON.parse(fs.readFileSync(`${dir}/lh-${i}.json`, 'utf8')));
reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
const r = reports[Math.floor(reports.length / 2)];
const score = (c) => Math.round(r.categories[c].score * 100);
const a = (id) => r.audits[id].numericValue;
const kib = r.audits['total-byte-weight'].numericValue / 1024;
const all = reports.map((x) => Math.round(x.categories.performance.score * 100)).join('/');
console.log(
  `${path.padEnd(34)} perf ${String(score('performance')).padStart(3)} (${all})  a11y ${score('accessibility')}  bp ${score('best-practices')}  seo ${score('seo')}  ` +
    `FCP ${(a('first-contentful-paint') / 1000).toFixed(2)} s  LCP ${(a('largest-contentful-paint') / 1000).toFixed(2)} s  ` +
    `TBT ${Math.round(a('total-blocking-time'))} ms  CLS ${a('cumulative-layout-shift').toFixed(3)}  ${kib.toFixed(0)} KiB  ` +
    `(benchmark index ${Math.round(r.environment.benchmarkIndex)})`,
);
JS
done
echo
node "$ROOT/bench/late-styles.mjs" "$base" / /ouvir-radio-online "/noticias/$news" /musicas
echo
node "$ROOT/scripts/initial-js.mjs"
