#!/usr/bin/env bash
# Interop: OAuth clients from other ecosystems (Python requests-oauthlib, Perl Net::OAuth + LWP, both from
# Debian) against a real simulator on a free port. Each client prints `ok <check>` / `not ok <check>: <why>`;
# this script counts them into a vitest-like JSON report and exits non-zero when any check failed.
#
# Usage: bash test/interop/run.sh [report.json]      (from a clean clone after `npm ci`: no build needed)
# Bounded: the simulator gets 60 s to start, each client 120 s to finish.
set -uo pipefail

out="$(realpath -m "${1:-interop.json}")"
cd "$(dirname "$0")/../.."
mkdir -p "$(dirname "$out")"

PY=/usr/bin/python3   # Debian's python, which has python3-requests-oauthlib (a pyenv python3 on PATH may not)
log="$(mktemp -t rentalsim-interop.XXXXXX)"
lines=()

# The simulator is a coprocess: its stdin is our pipe, so it also stops if this script dies without cleanup.
coproc SIM { exec node --import tsx test/interop/launch.ts 2>"$log"; }
sim_pid=$SIM_PID
trap 'kill "$sim_pid" 2>/dev/null; wait "$sim_pid" 2>/dev/null; rm -f "$log"' EXIT

url=""
if read -r -t 60 -u "${SIM[0]}" first; then url="${first#listening }"; fi
if [[ "$url" != http://* ]]; then
  lines+=("not ok simulator starts: no URL within 60 s: $(tr '\n' ' ' <"$log" | cut -c1-400)")
else
  echo "interop: simulator at $url"
  run_client() { # name, check command, client command...
    local name="$1" check="$2"; shift 2
    if ! bash -c "$check" >/dev/null 2>&1; then
      lines+=("not ok $name: its interpreter or OAuth library is not installed ($check)")
      return
    fi
    local output status
    output="$(timeout 120 "$@" "$url" 2>&1)"; status=$?
    local seen=0
    while IFS= read -r line; do
      case "$line" in
        "ok "*|"not ok "*) lines+=("$line"); seen=$((seen + 1)) ;;
        *) [ -n "$line" ] && echo "  ($name) $line" ;;
      esac
    done <<<"$output"
    if [ "$status" -ne 0 ]; then lines+=("not ok $name exits cleanly: status $status$([ "$status" -eq 124 ] && echo ' (timed out)')"); fi
    if [ "$seen" -eq 0 ]; then lines+=("not ok $name reports checks: it printed none"); fi
  }
  run_client python "$PY -c 'import requests_oauthlib'" "$PY" test/interop/python_client.py
  run_client perl "perl -MNet::OAuth -MLWP::UserAgent -e1" perl test/interop/perl_client.pl
fi

passed=0; failed=0
for line in "${lines[@]}"; do
  echo "$line"
  case "$line" in "ok "*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
done
success=$([ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] && echo true || echo false)
printf '{"numPassedTests": %d, "numFailedTests": %d, "success": %s}\n' "$passed" "$failed" "$success" >"$out"
echo "interop: $passed passed, $failed failed ($out)"
[ "$success" = true ]
