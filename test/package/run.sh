#!/usr/bin/env bash
# The package as a client installs it: packs this checkout (prepack builds dist/ afresh), checks what the
# tarball holds, installs it into a fresh consumer project (test/package/consumer: allowScripts denies
# better-sqlite3's implied node-gyp script, as the README says; --strict-allow-scripts makes any other install
# script fail), type-checks the consumer with a strict tsconfig and no skipLibCheck, runs it (a signed search
# through the in-process simulator), runs `npx rentalsim --version`, and starts the bundled bin. Prints
# `ok`/`not ok` lines.
#
# Usage: bash test/package/run.sh [report.json]   (after `npm ci`; needs the npm registry and nothing else:
# better-sqlite3's binary ships inside its package)
# Bounded: packing gets 300 s, the install 600 s, the consumer 120 s.
set -uo pipefail

out="$(realpath -m "${1:-package-report.json}")"
cd "$(dirname "$0")/../.."
root="$PWD"
mkdir -p "$(dirname "$out")"
work="$(mktemp -d -t rentalsim-package.XXXXXX)"
trap 'rm -rf "$work"' EXIT

. test/support/checks.sh "package" "$out"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

# 1. Pack. prepack cleans dist/ and builds, so a fresh clone packs what a release would.
log="$(timeout 300 npm pack --pack-destination "$work" 2>&1)"; status=$?
tarball="$(ls "$work"/rentalsim-*.tgz 2>/dev/null | head -n 1)"
if [ "$status" -ne 0 ] || [ -z "$tarball" ]; then not_ok "npm pack builds and packs the project" "$log"; finish; fi
ok "npm pack builds and packs the project ($(basename "$tarball"), $(du -k "$tarball" | cut -f1) kB)"
version="$(node -p 'require("./package.json").version')"

# 2. What ships: the built library and the data it reads at run time; no sources, tests, bench or CI.
files="$(tar -tzf "$tarball" | sed 's|^package/||')"
missing=""
for f in package.json README.md LICENSE openapi.yaml dist/src/index.js dist/src/index.d.ts dist/src/main.js \
         scenarios/default.yaml scenarios/empty-catalogue.yaml seeds/curated.yaml seeds/word-lists.yaml schemas/search.xsd; do
  grep -qxF "$f" <<<"$files" || missing+=" $f"
done
check "the tarball holds dist/src, scenarios, seeds, schemas, openapi.yaml, README.md and LICENSE" "$([ -z "$missing" ]; echo $?)" "missing:$missing"
extra="$(grep -E '^(src|test|bench|docs|\.ci|dist/bench|node_modules)/|\.map$|\.test\.(js|d\.ts)$' <<<"$files")"
check "the tarball holds no src, test, bench, docs, .ci, dist/bench, source maps or compiled tests" "$([ -z "$extra" ]; echo $?)" "$extra"
shebang="$(tar -xzOf "$tarball" package/dist/src/main.js | head -n 1)"
check "the bin dist/src/main.js starts with its shebang" "$([ "$shebang" = '#!/usr/bin/env node' ]; echo $?)" "first line: $shebang"

# 3. A fresh consumer project installs the tarball, with typescript and @types/node at the versions this
#    project uses. --strict-allow-scripts turns any install script the consumer has not approved into an error.
consumer="$work/consumer"
cp -r test/package/consumer "$consumer"
ts="$(node -p 'require("./package.json").devDependencies.typescript')"
types_node="$(node -p 'require("./package.json").devDependencies["@types/node"]')"
log="$(cd "$consumer" && timeout 600 npm install --strict-allow-scripts "$tarball" "typescript@$ts" "@types/node@$types_node" 2>&1)"; status=$?
if [ "$status" -ne 0 ]; then not_ok "the consumer installs the tarball with no install script run" "$log"; finish; fi
ok "the consumer installs the tarball with no install script run"
warned="$(grep -i 'install-scripts' <<<"$log")"
check "npm prints no install-scripts warning in the consumer" "$([ -z "$warned" ]; echo $?)" "$warned"
at_types="$(ls "$consumer/node_modules/@types")"
check "the consumer has no @types but node (none come with rentalsim)" "$([ "$at_types" = node ]; echo $?)" "$at_types"

# 4. Strict type-check and compile, reading rentalsim's .d.ts files (skipLibCheck is false in the fixture).
log="$(cd "$consumer" && timeout 120 npx --no-install tsc -p . 2>&1)"; status=$?
check "a strict consumer type-checks against the package's types without skipLibCheck" "$status" "$log"

# 5. Run it: a signed search through the installed package, which finds its own scenarios and seeds.
if [ "$status" -eq 0 ]; then
  log="$(cd "$consumer" && timeout 120 node out/consumer.js 2>&1)"; status=$?
  check "the consumer starts the simulator, searches, uses the controls, resets and closes" "$status" "$log"
  check "the signed search answers <search> with Zzyzx (title 1 of the default scenario)" "$([ "$status" = 0 ] && grep -q '<search>' <<<"$log" && grep -q 'full="Zzyzx"' <<<"$log"; echo $?)" "$log"
else
  not_ok "the consumer runs (not compiled)"
fi

# 6. The command line a consumer gets.
log="$(cd "$consumer" && timeout 30 npx --no-install rentalsim --version 2>&1)"; status=$?
check "npx rentalsim --version prints $version" "$([ "$status" = 0 ] && grep -qxE "(rentalsim )?v?${version//./\\.}" <<<"$log"; echo $?)" "status $status: $log"

# 7. The bin is one bundled file (scripts/bundle-main.mjs) that starts from the installed package: it
#    imports none of the package's own modules, listens, and answers the open health route.
bin="$consumer/node_modules/rentalsim/dist/src/main.js"
own="$(grep -E "^import .* from ['\"]\.\.?/" "$bin")"
check "the installed bin dist/src/main.js is bundled: it imports none of the package's own modules" "$([ -z "$own" ]; echo $?)" "$own"
log="$(cd "$consumer" && timeout 60 node --input-type=module -e "
  import { spawn } from 'node:child_process';
  const sim = spawn('node_modules/.bin/rentalsim', ['--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    sim.stdout.on('data', (d) => { out += d; const m = /listening on (http:\/\/\S+)/.exec(out); if (m) resolve(m[1]); });
    sim.once('exit', (code) => reject(new Error('exited with ' + code + ': ' + out)));
  });
  const res = await fetch(url + '/__admin/health');
  console.log(res.status, (await res.json()).status);
  sim.kill('SIGTERM');
" 2>&1)"; status=$?
check "node_modules/.bin/rentalsim --port 0 starts the bundled bin, which answers /__admin/health 200 healthy" "$([ "$status" = 0 ] && grep -qx '200 healthy' <<<"$log"; echo $?)" "status $status: $log"

finish
