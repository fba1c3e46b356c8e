# Sourced by the shell suites (test/package, test/container, test/runtime): `ok`/`not ok` lines, counted into
# the vitest-like JSON report that .ci/summarize.mjs reads.
#
#   . test/support/checks.sh "package" "$out"     # the suite's name in its closing line, the report's path
#   check "the thing works" "$status" "$output"   # ok when status is 0, else not ok with the output's tail
#   finish                                        # writes the report, prints "name: N passed, N failed", exits
checks_name="$1"
checks_out="$2"
passed=0
failed=0
ok() { echo "ok $1"; passed=$((passed + 1)); }
not_ok() {
  echo "not ok $1"
  [ -n "${2:-}" ] && sed 's/^/  | /' <<<"$2" | tail -n 30
  failed=$((failed + 1))
}
check() { if [ "$2" = 0 ]; then ok "$1"; else not_ok "$1" "${3:-}"; fi; } # name, status, output
finish() {
  local success
  success=$([ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] && echo true || echo false)
  printf '{"numPassedTests": %d, "numFailedTests": %d, "success": %s}\n' "$passed" "$failed" "$success" >"$checks_out"
  echo "$checks_name: $passed passed, $failed failed ($checks_out)"
  [ "$success" = true ]
  exit
}
