#!/usr/bin/env bash
# The static checks, one after another, each bounded in time: types (tsc), layers (dependency-cruiser) and
# lint (Biome). Prints each result; with a path as $1, writes {"numPassedTests","numFailedTests","success"}
# there (one "test" per check), the shape .ci/summarize.mjs sums. Exits non-zero if any check failed.
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
check() {
  local name=$1
  shift
  if timeout 600 "$@"; then
    echo "static-checks: $name passed"
    passed=$((passed + 1))
  else
    echo "static-checks: $name FAILED ($*)"
    failed=$((failed + 1))
  fi
}

check types npx tsc -p tsconfig.json --noEmit
check layers npm run -s lint:layers
check lint npm run -s lint

if [ $# -ge 1 ]; then
  printf '{"numPassedTests":%d,"numFailedTests":%d,"success":%s}\n' "$passed" "$failed" "$([ "$failed" -eq 0 ] && echo true || echo false)" >"$1"
fi
echo "static-checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
