#!/usr/bin/env bash
# Interop: OAuth clients from six ecosystems, all from Debian's packages, against a real simulator on a free
# port: Python requests-oauthlib, Perl Net::OAuth + LWP, Java signpost (HttpURLConnection), Ruby's oauth gem,
# Go's mrjones/oauth and PHP's PECL oauth (which asks for JSON, as the shipped PHP client did). Each client
# prints `ok <check>` / `not ok <check>: <why>`; this script counts them into a vitest-like JSON report and
# exits non-zero when any check failed. A client whose interpreter or library is missing is a failed check,
# never a skip, so a CI without the packages fails loudly.
#
# Usage: bash test/interop/run.sh [report.json]      (from a clean clone after `npm ci`: no build needed)
# Bounded: the simulator gets 60 s to start, each compile 300 s, each client 120 s to finish. The Java and Go
# clients are compiled into a temporary directory, removed on exit: nothing is written into the repository.
set -uo pipefail

out="$(realpath -m "${1:-interop.json}")"
cd "$(dirname "$0")/../.."
mkdir -p "$(dirname "$out")"

PY=/usr/bin/python3   # Debian's python, which has python3-requests-oauthlib (a pyenv python3 on PATH may not)
work="$(mktemp -d -t rentalsim-interop.XXXXXX)"
log="$work/simulator.log"
lines=()

# The simulator is a coprocess: its stdin is our pipe, so it also stops if this script dies without cleanup.
coproc SIM { exec node --import tsx test/interop/launch.ts 2>"$log"; }
sim_pid=$SIM_PID
trap 'kill "$sim_pid" 2>/dev/null; wait "$sim_pid" 2>/dev/null; rm -rf "$work"' EXIT

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
  # A compile step (name, command...): a failure is a failed check, and the client then does not run.
  build() {
    local name="$1"; shift
    local output status
    output="$(timeout 300 "$@" 2>&1)"; status=$?
    if [ "$status" -ne 0 ]; then
      lines+=("not ok $name compiles: status $status$([ "$status" -eq 124 ] && echo ' (timed out)'): $(tr '\n' ' ' <<<"$output" | cut -c1-400)")
      return 1
    fi
  }
  run_client python "$PY -c 'import requests_oauthlib'" "$PY" test/interop/python_client.py
  run_client perl "perl -MNet::OAuth -MLWP::UserAgent -e1" perl test/interop/perl_client.pl

  # Java: signpost-core (and commons-codec, which it signs with) from liboauth-signpost-java, javac from a JDK.
  java_cp=/usr/share/java/signpost-core.jar:/usr/share/java/commons-codec.jar
  java_check="command -v javac && test -r /usr/share/java/signpost-core.jar && test -r /usr/share/java/commons-codec.jar"
  if bash -c "$java_check" >/dev/null 2>&1; then
    mkdir -p "$work/java" && build java javac -d "$work/java" -cp "$java_cp" test/interop/java_client.java \
      && run_client java "$java_check" java -cp "$work/java:$java_cp" JavaClient
  else
    run_client java "$java_check"
  fi

  run_client ruby "ruby -roauth -e1" ruby test/interop/ruby_client.rb

  # Go: mrjones/oauth from Debian's GOPATH, built offline in GOPATH mode (no module download, no proxy),
  # without cgo so that no C compiler is needed; its build cache lives in the temporary directory.
  go_check="command -v go && test -f /usr/share/gocode/src/github.com/mrjones/oauth/oauth.go"
  if bash -c "$go_check" >/dev/null 2>&1; then
    build go env GOENV=off GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= CGO_ENABLED=0 \
      GOCACHE="$work/go-cache" go build -o "$work/go_client" test/interop/go_client.go \
      && run_client go "$go_check" "$work/go_client"
  else
    run_client go "$go_check"
  fi

  run_client php "php -r 'exit(extension_loaded(\"oauth\") ? 0 : 1);'" php test/interop/php_client.php
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
