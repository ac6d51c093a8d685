#!/usr/bin/env bash
# One command on a fresh Debian machine: install the system packages Wordbench needs (Chromium for
# the browser tests, Apertium and its English-Spanish and English-Catalan pairs for machine
# translation, PostgreSQL for the team-server tests, gettext's msgfmt and libxml2's xmllint that the
# tests check written PO and XLIFF files with), install the npm dependencies, then start the app.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium apertium apertium-eng-spa apertium-eng-cat postgresql gettext libxml2-utils)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing system packages: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

# No Electron binary can be downloaded on every machine; `npm start` falls back to the web host.
ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci
exec npm start -- "$@"
