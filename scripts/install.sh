#!/usr/bin/env bash
# Installs Novus on a fresh Debian machine: system packages (PostgreSQL for the scale-out store
# tests, Chromium for the browser tests) with apt-get, then the Python package with pip.
#   bash scripts/install.sh          # the product
#   bash scripts/install.sh --dev    # the product + test and lint tools + PostgreSQL + Chromium
set -euo pipefail
cd "$(dirname "$0")/.."
dev=0
[ "${1:-}" = "--dev" ] && dev=1

if [ "$dev" = 1 ]; then
  need=()
  [ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
  if [ ${#need[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  python3 -m pip install -q -e '.[dev]'
else
  python3 -m pip install -q -e .
fi
