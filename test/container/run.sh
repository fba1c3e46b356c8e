#!/usr/bin/env bash
# The image as CI and a client team run it: starts a Docker engine if none answers (Debian's docker.io,
# `dockerd --bridge=none`: every container runs with --network host, so nothing reaches a private address
# range), builds the image from this checkout (scripts/docker/build.sh: the official base when the engine
# has it, else the stand-in of scripts/docker/stand-in-base.sh), and checks it from outside. Prints `ok` /
# `not ok` lines, the base used, the image and app-layer sizes and the times measured.
#
# Usage: bash test/container/run.sh [report.json]   (after `npm ci`, as root; needs Debian's archive and the
# npm registry the first time, for the stand-in base and the packages the build installs)
# Bounded: the engine gets 60 s to answer, the base and the build 900 s, each container 60 s to be healthy,
# each docker command 30 to 60 s, the Testcontainers suite 300 s. Every container and volume it starts carries the
# label rentalsim-container-check and is removed at the end, whatever happened.
set -uo pipefail

out="$(realpath -m "${1:-container-report.json}")"
cd "$(dirname "$0")/../.."
root="$PWD"
mkdir -p "$(dirname "$out")"
export PATH="$(bash scripts/node-bin.sh):$PATH"
work="$(mktemp -d -t rentalsim-container.XXXXXX)"
image=rentalsim:ci
label="rentalsim-container-check=$$"
started_dockerd=""

. test/support/checks.sh "container" "$out"
cleanup() {
  local ids; ids="$(docker ps -aq --filter "label=$label" 2>/dev/null)"
  [ -n "$ids" ] && timeout 60 docker rm -f -v $ids >/dev/null 2>&1
  ids="$(docker volume ls -q --filter "label=$label" 2>/dev/null)"
  [ -n "$ids" ] && timeout 60 docker volume rm -f $ids >/dev/null 2>&1
  if [ -n "$started_dockerd" ]; then kill "$started_dockerd" 2>/dev/null; timeout 30 tail --pid="$started_dockerd" -f /dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }

# 1. A Docker engine. Installed from Debian when missing; started with no default bridge and no iptables rules.
if ! timeout 10 docker info >/dev/null 2>&1; then
  if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    timeout 600 apt-get update -qq >/dev/null && timeout 600 apt-get install -y -qq docker.io debootstrap >/dev/null
  fi
  setsid dockerd --bridge=none --iptables=false --ip6tables=false >"$work/dockerd.log" 2>&1 &
  started_dockerd=$!
  for _ in $(seq 1 60); do timeout 5 docker info >/dev/null 2>&1 && break; sleep 1; done
fi
if ! timeout 10 docker info >/dev/null 2>&1; then
  not_ok "a Docker engine answers" "$(tail -n 20 "$work/dockerd.log" 2>/dev/null)"; finish
fi
ok "a Docker engine answers (server $(docker version --format '{{.Server.Version}}')${started_dockerd:+, started here with --bridge=none})"

# 2. The image, built as the README says, from this checkout (dist/ is built inside the image).
t0="$(now)"
log="$(timeout 900 bash scripts/docker/build.sh "$image" 2>&1)"; status=$?
build_seconds="$(since "$t0")"
base_line="$(grep -m 1 '^base: ' <<<"$log")"
echo "$base_line"
grep -E '^(stand-in-base: built|image: )' <<<"$log"
if [ "$status" -ne 0 ]; then not_ok "the image builds" "$log"; finish; fi
ok "the image builds in $build_seconds s (tagged $image; the base included when it had to be built)"
base="$(sed -E 's/^base: ([^ ]+).*/\1/' <<<"$base_line")"

# 3. Sizes: the whole image, the base, and the layers this Dockerfile adds on top of it.
image_bytes="$(docker image inspect --format '{{.Size}}' "$image")"
base_bytes="$(docker image inspect --format '{{.Size}}' "$base")"
base_layers="$(docker history -q --no-trunc "$base" | wc -l)"
app_layers="$(docker history --human=false --no-trunc --format '{{.Size}}|{{.CreatedBy}}' "$image" | head -n -"$base_layers")"
app_bytes="$(awk -F'|' '{ s += $1 } END { print s + 0 }' <<<"$app_layers")"
echo "image size: $(mb "$image_bytes") ($base $(mb "$base_bytes") + app layers $(mb "$app_bytes"))"
awk -F'|' '$1 > 0 { sub(/ # buildkit$/, "", $2); n = split($2, w, " "); printf "  app layer %-16s %8.1f kB\n", w[n], $1 / 1e3 }' <<<"$app_layers"
# rentalsim's layers were 25 MB when this was written; keeping better-sqlite3's sources and every platform's
# prebuilt addon (the Dockerfile before issue 23) made them 40 MB.
check "the app layers weigh under 35 MB" "$([ "$app_bytes" -lt 35000000 ]; echo $?)" "$app_layers"

# Containers. Each on the host network, on a free port of loopback (HOST=127.0.0.1), with the check's label.
free_port() { node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"; }
run() { # name port [docker options...] -- [rentalsim flags...]
  local name="$1" port="$2"; shift 2
  local opts=() ; while [ "$#" -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done; [ "$#" -gt 0 ] && shift
  timeout 60 docker run -d --name "$name" --label "$label" --network host -e HOST=127.0.0.1 -e PORT="$port" "${opts[@]}" "$image" "$@" >/dev/null
}
state() { docker inspect --format "$2" "$1" 2>/dev/null; }
# Waits until the image's HEALTHCHECK reports healthy; prints the seconds it took. Fails when the container
# stops, turns unhealthy, or 60 s pass.
wait_healthy() {
  local t; t="$(now)"
  for _ in $(seq 1 240); do
    case "$(state "$1" '{{.State.Status}} {{.State.Health.Status}}')" in
      'running healthy') since "$t"; return 0 ;;
      running\ starting) sleep 0.25 ;;
      *) since "$t"; return 1 ;;
    esac
  done
  since "$t"; return 1
}
# Stops a container (SIGTERM, 10 s before SIGKILL); prints the seconds `docker stop` took.
stop() { local t; t="$(now)"; timeout 30 docker stop -t 10 "$1" >/dev/null; since "$t"; }
died() { echo "$(state "$1" 'status {{.State.Status}}, exit {{.State.ExitCode}}, OOM killed {{.State.OOMKilled}}')"; docker logs --tail 20 "$1" 2>&1; }
# A request signed by the image's own signer (`rentalsim sign`, README: Sign from the shell), sent with curl.
sign() { timeout 30 docker run --rm --network host "$@"; }
sim_url() { echo "http://127.0.0.1:$1"; }

# The image declares VOLUME /data: each container gets an anonymous volume unless it names one, and this script
# removes each with its container (docker rm -v, run --rm). Volumes left over from before are not this run's.
volumes_before="$(docker volume ls -q | sort)"

alice=9D48675C-096F-11DC-BF5A-88D01745CE5C
carol=C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6

# 4. One container with the image's HEALTHCHECK as it is (every 10 s): healthy, non-root, signed read and write
#    from outside, and a clean, quick stop.
port="$(free_port)"; c=rentalsim-check-$$-main; url="$(sim_url "$port")"
run "$c" "$port"
if healthy_in="$(wait_healthy "$c")"; then
  ok "healthy through its own HEALTHCHECK (interval 10 s) in $healthy_in s: $(docker logs "$c" 2>&1 | head -n 1)"
  uid="$(timeout 30 docker exec "$c" id -u)"
  pid1="$(timeout 30 docker exec "$c" awk '/^Uid:/ { print $2 }' /proc/1/status)"
  check "runs as non-root: the simulator (pid 1) and docker exec as uid 1000 (user $(state "$c" '{{.Config.User}}'))" \
    "$([ "$uid" = 1000 ] && [ "$pid1" = 1000 ]; echo $?)" "id -u: $uid, pid 1 uid: $pid1"

  body="$(curl -s --max-time 10 -w '\n%{http_code}' "$(sign "$image" sign GET "$url/catalog/title" term=zzyzx)")"
  check "a signed read from outside: GET /catalog/title?term=zzyzx answers 200 with Zzyzx" \
    "$([ "$(tail -n 1 <<<"$body")" = 200 ] && grep -q 'full="Zzyzx"' <<<"$body"; echo $?)" "$body"

  add="$(sign "$image" sign --token carol POST "$url/users/$carol/queues/every" "title_refs=$url/catalog/title/1")"
  code="$(eval "$add --max-time 10 -o '$work/write.xml' -w '%{http_code}'" 2>&1)"
  queue="$(curl -s --max-time 10 "$(sign "$image" sign --token carol GET "$url/users/$carol/queues/every")")"
  check "a signed write from outside: POST carol's queue answers 201 and a signed GET reads the title back" \
    "$([ "$code" = 201 ] && grep -q '<total_results>1</total_results>' <<<"$queue" && grep -q "$url/catalog/title/1" <<<"$queue"; echo $?)" "$code $(cat "$work/write.xml")
$queue"

  stop_seconds="$(stop "$c")"
  exit_code="$(state "$c" '{{.State.ExitCode}}')"
  check "docker stop takes under 3 s ($stop_seconds s) and the simulator exits 0 on SIGTERM" \
    "$(awk -v s="$stop_seconds" 'BEGIN { exit !(s < 3) }' && [ "$exit_code" = 0 ]; echo $?)" "exit code $exit_code; $(docker logs --tail 20 "$c" 2>&1)"
else
  not_ok "healthy through its own HEALTHCHECK (interval 10 s)" "$(died "$c")"
fi
timeout 30 docker rm -f -v "$c" >/dev/null 2>&1

# 5. Ten starts in a row, none dying: each healthy (checked every second), left idle 3 s, then stopped with SIGTERM
#    and exit code 0. A crash while idle (better-sqlite3 12 on Node 24, issue 23) shows as exit 134 or 139.
times=(); bad=""
for i in $(seq 1 10); do
  port="$(free_port)"; c=rentalsim-check-$$-start-$i
  run "$c" "$port" --health-interval 1s
  if t="$(wait_healthy "$c")"; then
    sleep 3
    if [ "$(state "$c" '{{.State.Status}}')" != running ]; then bad+="start $i died while idle: $(died "$c")"$'\n'; continue; fi
    stop "$c" >/dev/null
    code="$(state "$c" '{{.State.ExitCode}}')"
    [ "$code" = 0 ] || bad+="start $i exited $code on SIGTERM: $(died "$c")"$'\n'
    times+=("$t")
  else
    bad+="start $i not healthy after $t s: $(died "$c")"$'\n'
  fi
  timeout 30 docker rm -f -v "$c" >/dev/null 2>&1
done
check "10 starts in a row, none dying: ${#times[@]} of 10 healthy (in ${times[*]:-none} s), idle 3 s, stopped with exit 0" "$([ -z "$bad" ]; echo $?)" "$bad"

# 6. rentalsim's flags after the image name.
port="$(free_port)"; c=rentalsim-check-$$-flags; url="$(sim_url "$port")"
run "$c" "$port" --health-interval 1s -- --scenario empty-catalogue
if wait_healthy "$c" >/dev/null; then
  health="$(curl -s --max-time 10 "$url/__admin/health")"
  search="$(curl -s --max-time 10 "$(sign "$image" sign --scenario empty-catalogue GET "$url/catalog/title" term=zzyzx)")"
  check "flags after the image name: --scenario empty-catalogue is the active scenario, and a search finds nothing" \
    "$(grep -q '"scenario":"empty-catalogue"' <<<"$health" && grep -q '<total_results>0</total_results>' <<<"$search"; echo $?)" "$health
$search"
else
  not_ok "flags after the image name: --scenario empty-catalogue starts healthy" "$(died "$c")"
fi
timeout 30 docker rm -f -v "$c" >/dev/null 2>&1

# 7. A scenario folder of one's own, mounted read-only as a volume: its scenario runs, with its own consumer and user.
scenarios="$work/scenarios"; mkdir -p "$scenarios"
cat >"$scenarios/qa-mounted.yaml" <<'YAML'
name: qa-mounted
description: A scenario from a mounted folder (test/container/run.sh).
catalog:
  seed: 7
  titles: 0
  people: 0
  curated: false
consumers:
  - key: mounted-consumer-key
    secret: mounted-consumer-secret
    name: mounted
users:
  - guid: 0F1E2D3C-4B5A-4968-8776-655443322110
    login: mona
    password: mona-password
    first_name: Mona
    last_name: Mounted
    location: Leeds
    access_tokens:
      - token: mona-access-token
        secret: mona-access-secret
YAML
chmod -R a+rX "$work"
port="$(free_port)"; c=rentalsim-check-$$-volume; url="$(sim_url "$port")"
mount=(-v "$scenarios:/scenarios:ro" -e SCENARIO_DIR=/scenarios)
run "$c" "$port" --health-interval 1s "${mount[@]}" -- --scenario qa-mounted
if wait_healthy "$c" >/dev/null; then
  health="$(curl -s --max-time 10 "$url/__admin/health")"
  user="$(curl -s --max-time 10 "$(sign "${mount[@]}" "$image" sign --scenario qa-mounted --token mona GET "$url/users/0F1E2D3C-4B5A-4968-8776-655443322110")")"
  check "a scenario folder mounted as a volume (-v DIR:/scenarios:ro -e SCENARIO_DIR=/scenarios): qa-mounted runs and answers its own user" \
    "$(grep -q '"scenario":"qa-mounted"' <<<"$health" && grep -q '<last_name>Mounted</last_name>' <<<"$user"; echo $?)" "$health
$user"
else
  not_ok "a scenario folder mounted as a volume starts healthy" "$(died "$c")"
fi
timeout 30 docker rm -f -v "$c" >/dev/null 2>&1

# 8. Sandboxes that outlive their container (the image's DATA_DIR=/data, README: Docker): a container on a named
#    volume takes a signed write and is stopped and removed; a new container on the same volume answers with
#    that state, and the sandbox's export is the same before and after. The volume is removed at the end.
data="rentalsim-check-$$-data"
port="$(free_port)"; url="$(sim_url "$port")"
export_url="$url/__admin/export?consumer=test-consumer-key&format=json"
if timeout 30 docker volume create --label "$label" "$data" >/dev/null; then
  c=rentalsim-check-$$-data-1
  run "$c" "$port" --health-interval 1s -v "$data:/data"
  if wait_healthy "$c" >/dev/null; then
    add="$(sign "$image" sign --token carol POST "$url/users/$carol/queues/every" "title_refs=$url/catalog/title/1")"
    code="$(eval "$add --max-time 10 -o '$work/data-write.xml' -w '%{http_code}'" 2>&1)"
    before="$(curl -s --max-time 10 "$export_url")"
    files="$(timeout 30 docker exec "$c" ls -ln /data /data/sandboxes 2>&1)"
    stop "$c" >/dev/null
    exit_code="$(state "$c" '{{.State.ExitCode}}')"
    timeout 30 docker rm -v "$c" >/dev/null 2>&1
    check "on a named volume (-v $data:/data): a signed write answers 201, into a sandbox file owned by uid 1000, and the container stops with exit 0" \
      "$([ "$code" = 201 ] && grep -q '"title":1,' <<<"$before" && grep -qE '^-.* 1000 +1000 .*\.db$' <<<"$files" && [ "$exit_code" = 0 ]; echo $?)" \
      "write $code $(cat "$work/data-write.xml"); exit code $exit_code
$files
$(head -c 600 <<<"$before")"

    c=rentalsim-check-$$-data-2
    run "$c" "$port" --health-interval 1s -v "$data:/data"
    if wait_healthy "$c" >/dev/null; then
      queue="$(curl -s --max-time 10 "$(sign "$image" sign --token carol GET "$url/users/$carol/queues/every")")"
      after="$(curl -s --max-time 10 "$export_url")"
      check "a new container on the same volume answers with that state: a signed GET of carol's queue shows title 1 (Zzyzx), and the sandbox's export is identical" \
        "$(grep -q '<total_results>1</total_results>' <<<"$queue" && grep -q "<id>$url/catalog/title/1</id><title full=\"Zzyzx\"" <<<"$queue" && [ -n "$before" ] && [ "$before" = "$after" ]; echo $?)" \
        "$queue
$(diff <(tr ',' '\n' <<<"$before") <(tr ',' '\n' <<<"$after") | head -n 20)"
    else
      not_ok "a new container on the same volume starts healthy" "$(died "$c")"
    fi
    timeout 30 docker rm -f -v "$c" >/dev/null 2>&1
  else
    not_ok "a container on a named volume (-v $data:/data) starts healthy" "$(died "$c")"
    timeout 30 docker rm -f -v "$c" >/dev/null 2>&1
  fi
  timeout 30 docker volume rm "$data" >/dev/null 2>&1
  check "the named volume is removed at the end" "$(timeout 30 docker volume inspect "$data" >/dev/null 2>&1; [ $? -ne 0 ]; echo $?)"
else
  not_ok "a named volume is created (docker volume create $data)"
fi

# 9. Testcontainers (the README's Node example), with a vitest config of its own; its tests count here.
report="$work/testcontainers.json"
log="$(RENTALSIM_IMAGE="$image" timeout 300 npx vitest run --config test/container/vitest.config.ts \
  --reporter=default --reporter=json --outputFile.json="$report" 2>&1)"; status=$?
if [ -f "$report" ]; then
  tc_passed="$(node -p "require('$report').numPassedTests")"; tc_failed="$(node -p "const r = require('$report'); (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0)")"
  echo "Testcontainers (test/container/vitest.config.ts): $tc_passed passed, $tc_failed failed"
  [ "$status" -ne 0 ] || [ "$tc_failed" -gt 0 ] && sed 's/^/  | /' <<<"$log" | tail -n 40
  passed=$((passed + tc_passed)); failed=$((failed + tc_failed))
  [ "$status" -ne 0 ] && [ "$tc_failed" -eq 0 ] && not_ok "the Testcontainers suite exits 0 (status $status)"
else
  not_ok "the Testcontainers suite runs (status $status)" "$log"
fi
left="$(docker ps -a --filter "ancestor=$image" --format '{{.Names}} {{.Status}}')"
check "no container of the image is left behind: each check and the Testcontainers test removed theirs" "$([ -z "$left" ]; echo $?)" "$left"
left="$(comm -13 <(echo "$volumes_before") <(docker volume ls -q | sort))"
check "no volume is left behind: each container's /data went with it, and the named volume was removed" "$([ -z "$left" ]; echo $?)" "$left"

finish
