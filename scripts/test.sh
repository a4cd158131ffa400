#!/usr/bin/env bash
# Runs every test of the project: formatting and lints, generated types, UI unit tests, the server suite
# on SQLite and PostgreSQL, browser tests in Debian's Chromium, the desktop app end to end under Xvfb
# (tauri-driver, from crates.io into target/tools), and the API fuzz (Schemathesis from PyPI, into
# target/fuzz-venv).
# Needs: Node 20+, Rust, PostgreSQL at 127.0.0.1:5432 (ONDA_TEST_POSTGRES_URL to change), /usr/bin/chromium,
# xvfb-run, WebKitWebDriver, pulseaudio. `.ci/run` installs all of that on a fresh Debian machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step prints how long the one before it took, so a slow CI run says where its time went.
step_started=$(date +%s)
step() {
  local now
  now=$(date +%s)
  printf '\n(%s s)\n== %s\n' "$((now - step_started))" "$*"
  step_started=$now
}

step "npm dependencies"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

step "UI: lint, format, build"
npm run lint --workspace ui
npm run format:check --workspace ui
npm run build --workspace ui

step "Rust: format and clippy"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Generated TypeScript types are current"
cargo test -p onda-shared --locked --quiet
if git rev-parse --git-dir >/dev/null 2>&1 && [ -n "$(git status --porcelain -- ui/src/generated)" ]; then
  git status --short -- ui/src/generated
  echo "ui/src/generated is stale: run 'cargo test -p onda-shared' and commit the result" >&2
  exit 1
fi

step "UI unit tests (Vitest)"
npm test --workspace ui

step "Python for the tests: m3u8 (reads the HLS playlists) and prometheus-client (reads /metrics), from PyPI, in target/py-venv"
if ! target/py-venv/bin/python3 -c "import m3u8, prometheus_client" 2>/dev/null; then
  python3 -m venv target/py-venv
  target/py-venv/bin/pip install --quiet --disable-pip-version-check "m3u8==6.0.0" "prometheus-client==0.21.1"
fi

step "Rust tests (server on SQLite and PostgreSQL; the desktop app's window under Xvfb)"
# Also builds both binaries, with the same features as the tests, for the browser tests below. Four
# tests at a time: the server's tests wait on their databases as much as they compute (measured on 2
# cores, the API suite took 235 s with the default 2 and 176 s with 4).
RUST_TEST_THREADS=${RUST_TEST_THREADS:-4} cargo test --workspace --locked

step "Browser tests (Chromium against the real server)"
npm run e2e

step "Desktop app end to end (the debug app under Xvfb, a real-time sound card, the real server)"
# tauri-driver is a WebDriver server for Tauri apps; kept under target/ so a second run reuses it.
TAURI_DRIVER_VERSION=2.1.0
if ! command -v tauri-driver >/dev/null; then
  if [ "$(target/tools/bin/tauri-driver --version 2>/dev/null)" != "tauri-driver $TAURI_DRIVER_VERSION" ]; then
    cargo install tauri-driver --version "$TAURI_DRIVER_VERSION" --locked --root target/tools --quiet
  fi
  export TAURI_DRIVER="$PWD/target/tools/bin/tauri-driver"
fi
npm run e2e:desktop

step "API fuzz (Schemathesis against the OpenAPI document, a fresh server on SQLite)"
bash scripts/fuzz-api.sh

step "all tests passed"
