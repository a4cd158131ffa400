#!/usr/bin/env bash
# Fuzzes the HTTP API against its OpenAPI document: installs Schemathesis (pinned, from
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
# The home widgets' providers at a closed local port: every call is refused at once, so the fuzz never
# waits for a provider's 2 s timeout nor reaches the internet (the weather's 503 and the quotes' and
# coins' 'unavailable' are documented).
closed=http://127.0.0.1:1
export ONDA_WEATHER_URL=$closed ONDA_AIR_URL=$closed ONDA_GEOCODE_URL=$closed ONDA_CURRENCY_URL=$closed \
  ONDA_CRYPTO_URL=$closed
exec node e2e/fuzz/api.mjs
