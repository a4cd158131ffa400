#!/usr/bin/env bash
# Faults: kill -9 during 1,000 concurrent writes on SQLite and on PostgreSQL (acknowledged
# writes lost after a restart: must be 0), and a PostgreSQL restart under load (error replies in the
# envelope while it is away, no hang, recovery without restarting the server). Prints figures.
# Needs PostgreSQL at 127.0.0.1:5432 (user postgres, trust) and root for pg_ctlcluster.
#
#   bench/faults.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"
need node psql python3 pg_ctlcluster
build_server
node "$ROOT/bench/faults.mjs" "$SERVER"
