#!/usr/bin/env bash
# Installs Novus on a fresh Debian machine: system packages with apt-get (Python and pip if
# missing; with --dev also PostgreSQL for the store tests, Chromium and fonts (Latin, Hangul) for the browser
# tests), then the Python package with pip (editable, so the checkout is what runs).
#   bash scripts/install.sh          # the product: the `novus` command
#   bash scripts/install.sh --dev    # the product + test and lint tools + PostgreSQL + Chromium
# Runs without questions; as root or with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
dev=0
case "${1:-}" in
  "") ;;
  --dev) dev=1 ;;
  *) echo "usage: bash scripts/install.sh [--dev]" >&2; exit 2 ;;
esac

need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
if [ "$dev" = 1 ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
  fc-list :lang=ko 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)  # Hangul in screenshots
fi
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "installing system packages: ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    "${need[@]}" >/dev/null
fi

if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Novus needs Python 3.11 or newer; python3 is $(python3 --version 2>&1)" >&2
  exit 1
fi

pip_flags=(-q)
# Debian marks its own Python as externally managed (PEP 668); on a fresh machine or in CI we
# install into it anyway, as the README's commands use that python3.
if python3 -c 'import sys, sysconfig, pathlib
sys.exit(not (pathlib.Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").exists()
         or sys.prefix != sys.base_prefix)'; then
  pip_flags+=(--break-system-packages)
fi
target="."; [ "$dev" = 1 ] && target=".[dev]"
python3 -m pip install "${pip_flags[@]}" -e "$target"
command -v pyenv >/dev/null 2>&1 && pyenv rehash

if command -v novus >/dev/null 2>&1; then
  echo "installed: $(command -v novus)"
else
  bindir="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')"
  echo "installed novus in $bindir, which is not on PATH: add it, e.g." >&2
  echo "  export PATH=\"$bindir:\$PATH\"" >&2
  exit 1
fi
