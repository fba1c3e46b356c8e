#!/usr/bin/env bash
# `npm ci` in a fresh clone with no compiler on PATH (issue 23): better-sqlite3 13 ships its N-API binary
# inside the package, so an install needs no python3, make, cc, gcc or g++, and no install script beyond the
# ones package.json approves (--strict-allow-scripts makes any other one an error). PATH is reduced to a
# folder of symlinks to node, npm and the few tools npm and its scripts call; then the installed addon
# opens a database. Prints `ok`/`not ok` lines and writes a report .ci/summarize.mjs counts.
#
# Usage: bash test/runtime/install-without-compiler.sh [report.json]   (node and npm on PATH; needs the npm
# registry). Clones the committed HEAD of this checkout. Bounded: the install gets 600 s.
set -uo pipefail

out="$(realpath -m "${1:-install-without-compiler.json}")"
cd "$(dirname "$0")/../.."
mkdir -p "$(dirname "$out")"
work="$(mktemp -d -t rentalsim-no-compiler.XXXXXX)"
trap 'rm -rf "$work"' EXIT

. test/support/checks.sh "install without a compiler" "$out"

log="$(git clone --quiet --no-hardlinks "$PWD" "$work/clone" 2>&1)"; status=$?
if [ "$status" -ne 0 ]; then not_ok "a fresh clone of this checkout" "$log"; finish; fi

# The tools: node and npm (as found on PATH now), a shell and what npm's scripts and git-less installs use.
tools="$work/bin"
mkdir -p "$tools"
for tool in node npm npx sh bash env cat cp mv rm mkdir ls chmod ln sed grep tar gzip uname dirname basename; do
  found="$(command -v "$tool")" && ln -s "$(realpath "$found")" "$tools/$tool"
done
# npm is a script run by node, found through its shebang (#!/usr/bin/env node): keep its real location.
ln -sfn "$(realpath "$(command -v npm)")" "$tools/npm"
ln -sfn "$(realpath "$(command -v npx)")" "$tools/npx"
reduced="$tools"

present="$(PATH="$reduced" bash -c 'for t in cc gcc g++ c++ clang make python3 python; do command -v "$t"; done')"
check "no compiler, make or python on the reduced PATH" "$([ -z "$present" ]; echo $?)" "found: $present"

# nodedir: whatever the machine's npm config names (its own Node's headers) would not serve another Node.
log="$(cd "$work/clone" && timeout 600 env PATH="$reduced" npm_config_nodedir= npm ci --strict-allow-scripts --no-audit --no-fund 2>&1)"; status=$?
check "npm ci in a fresh clone succeeds with no compiler on PATH (node $(node --version))" "$status" "$log"
warned="$(grep -i 'install-scripts\|gyp' <<<"$log")"
check "npm ci asks for no install-script approval and runs no node-gyp" "$([ "$status" = 0 ] && [ -z "$warned" ]; echo $?)" "$warned"

log="$(cd "$work/clone" && env PATH="$reduced" node -e "
  const Database = require('better-sqlite3');
  const db = new Database(':memory:');
  console.log(db.prepare('SELECT sqlite_version() AS v').get().v);
  db.close();
" 2>&1)"; status=$?
check "the installed better-sqlite3 opens a database and answers a query$([ "$status" = 0 ] && echo " (SQLite $log)")" "$status" "$log"

finish
