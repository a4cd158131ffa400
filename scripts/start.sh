#!/usr/bin/env bash
# Sets up and starts the station on the embedded default: SQLite in ./data, demo content, built-in UI.
# Open http://127.0.0.1:8080 once the log says "no ar". Stop with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build --workspace ui
# Release build: the UI is compiled into the binary.
exec cargo run --release --locked -p onda-server -- "$@"
