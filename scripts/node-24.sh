#!/usr/bin/env bash
# Puts Node.js 24 (LTS) first on PATH when the machine's Node is older, from the npm registry's
# `node` package (installed once into .cache/node-24 of the repository; npm ci leaves it alone).
# Executed with a command, runs that command under Node 24:
#   bash scripts/node-24.sh npm run build
# Sourced (`. scripts/node-24.sh`, as .ci/run does), changes the caller's PATH.
# NODE_24_DIR overrides where it is installed.

node_24_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

use_node_24() {
  local root dir
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  if [ "$(node_24_major)" -ge 24 ]; then return 0; fi
  dir="${NODE_24_DIR:-$root/.cache/node-24}"
  if [ ! -x "$dir/node_modules/.bin/node" ] ||
    [ "$("$dir/node_modules/.bin/node" -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
    echo "== Node $(node --version 2>/dev/null || echo '(none)') is older than 24: installing node@24 from the npm registry into $dir" >&2
    mkdir -p "$dir"
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      --prefix "$dir" node@24 >&2 || return 1
  fi
  export PATH="$dir/node_modules/.bin:$PATH"
  if [ "$(node_24_major)" -lt 24 ]; then
    echo "node@24 was installed into $dir but 'node' is still $(node --version)" >&2
    return 1
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  use_node_24
  if [ $# -gt 0 ]; then exec "$@"; fi
else
  use_node_24
fi
