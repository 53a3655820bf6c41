#!/usr/bin/env bash
# Install everything the test suite needs on a fresh Debian machine, then run the whole suite.
# This is the README's test command; .ci/run runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: chromium for the browser tests, redis for multi-process fan-out tests,
# PostgreSQL for the store's PostgreSQL test (the test starts its own throwaway cluster).
debs=()
command -v chromium >/dev/null 2>&1 || debs+=(chromium)
command -v redis-server >/dev/null 2>&1 || debs+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1 || debs+=(postgresql)
# a small CJK font, so the Chinese pages in the browser tests' screenshots show characters, not boxes
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || debs+=(fonts-wqy-microhei)
if [ ${#debs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${debs[@]}" >/dev/null
fi

python3 -m venv .venv
# rl: sb3-contrib and CPU PyTorch (torch==2.13.0, from the machine's own wheel) for the RL smoke tests
extras='.[test,png,ladder,rl]'
# The install is editable, so changed sources need no reinstall; only a changed pyproject.toml (or extras) does.
# Skipping pip when nothing changed saves minutes: on the busy shared machine, pip's no-op run over an existing
# venv (the pip upgrade, then the editable build in its isolated environment) took 4.5 min for under 10 s of CPU.
# `rm .venv/.ludus-installed` forces the install.
stamp=".venv/.ludus-installed"
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1) $extras"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e "$extras"
  echo "$wanted" > "$stamp"
fi

.venv/bin/ruff check .
.venv/bin/python -m pytest "$@"
