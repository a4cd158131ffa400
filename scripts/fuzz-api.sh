#!/usr/bin/env bash
# Fuzzes the HTTP API against its OpenAPI document (issue 15): installs Schemathesis (pinned, from
# PyPI) into target/fuzz-venv once, then runs e2e/fuzz/api.mjs against a fresh server. Needs the debug
# server binary (cargo build -p onda-server) and the built UI, as the browser tests do.
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.32.5
venv=target/fuzz-venv
if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi
exec node e2e/fuzz/api.mjs
