#!/usr/bin/env bash
# Sets up and starts the station on the embedded default: SQLite in ./data, demo content, built-in UI.
# Open http://127.0.0.1:8080 once the log says "no ar". Stop with Ctrl-C.
#
# Each step is skipped when its inputs did not change, so a second start is on air in seconds: npm
# installs only for a newer lockfile; the UI is rebuilt only when a file it is built from changed
# (a new build rewrites ui/dist, which the release binary embeds, and that alone cost a release
# link of several minutes); cargo then finds the binary fresh.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# The UI's inputs, hashed: its sources, public files, configuration and the lockfile.
ui_inputs() {
  find ui/src ui/public ui/index.html ui/package.json ui/vite.config.ts ui/postcss.config.cjs \
    ui/tsconfig.json ui/tsconfig.app.json ui/tsconfig.node.json package-lock.json -type f -print0 |
    LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}
stamp=target/ui-inputs.sha256
inputs=$(ui_inputs)
if [ -f ui/dist/index.html ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
  echo "UI unchanged since its last build: not rebuilt"
else
  npm run build --workspace ui
  mkdir -p target
  echo "$inputs" >"$stamp"
fi
# Release build: the UI is compiled into the binary.
exec cargo run --release --locked -p onda-server -- "$@"
