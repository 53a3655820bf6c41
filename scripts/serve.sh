#!/usr/bin/env bash
# Install ludus into .venv and start the server at http://127.0.0.1:8000 (embedded SQLite).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q -e .
exec .venv/bin/ludus serve "$@"
