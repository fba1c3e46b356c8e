#!/usr/bin/env bash
# Past one machine (issue 14): two rentalsim replicas in open mode behind Debian's nginx with the sharding
# configuration of deploy/nginx, all on loopback. Shows that each consumer's writes are read back through
# the proxy, wherever its key signs (header, query, form body), that the other replica never sees them,
# and that admin calls naming a consumer and the login page reach the right replica
# (deploy/test/sharding-check.mjs), and that with a data folder per replica a key's sandbox is still on its
# replica after both restart (deploy/test/restart-check.mjs). Also runs `nginx -t` on the Kubernetes front's
# configuration.
#
# Usage: bash deploy/test/run.sh [report.json]      (after `npm ci`, with nginx installed: apt-get install nginx)
# Prints `ok ...` / `not ok ...` lines, writes {"numPassedTests","numFailedTests","success"} to the report,
# exits non-zero on failure. Bounded: replicas get 90 s to start, nginx 10 s, the checks 150 s.
set -uo pipefail

out="$(realpath -m "${1:-deploy.json}")"
cd "$(dirname "$0")/../.."
mkdir -p "$(dirname "$out")"

lines=()
pids=()
tmp="$(mktemp -d -t rentalsim-deploy.XXXXXX)"
# nginx's workers drop root for nobody, and must reach their temp files under here.
chmod 755 "$tmp"
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT

finish() {
  local passed=0 failed=0 line
  for line in "${lines[@]}"; do
    case "$line" in "ok "*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)) ;; esac
  done
  local success
  success=$([ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] && echo true || echo false)
  printf '{"numPassedTests": %d, "numFailedTests": %d, "success": %s}\n' "$passed" "$failed" "$success" >"$out"
  echo "deploy: $passed passed, $failed failed ($out)"
  [ "$success" = true ]
  exit $?
}
say() { echo "$1"; lines+=("$1"); }

nginx_bin="$(command -v nginx || true)"
[ -x "$nginx_bin" ] || nginx_bin=/usr/sbin/nginx
if [ ! -x "$nginx_bin" ]; then
  say "not ok nginx is installed: no nginx on PATH or in /usr/sbin (apt-get install nginx)"
  finish
fi

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}
proxy_port="$(free_port)"
proxy="http://127.0.0.1:$proxy_port"
secret="deploy-test-secret"

# The replicas: free ports of their own (kept across the restart below), the proxy's address as their public
# URL (ids, links and OAuth base strings), open mode for ci-* keys, and a data folder each (a folder serves one
# simulator). `node --import tsx` runs the sources: no build needed.
replica_ports=("$(free_port)" "$(free_port)")
replica_pids=()
start_replicas() {
  local i
  replica_pids=()
  for i in 1 2; do
    node --import tsx src/main.ts --port "${replica_ports[$((i - 1))]}" --host 127.0.0.1 --open-prefix ci- \
      --open-secret "$secret" --public-url "$proxy" --data-dir "$tmp/data-$i" >"$tmp/replica-$i.log" 2>&1 &
    pids+=($!)
    replica_pids+=($!)
  done
  replica_urls=()
  for i in 1 2; do
    url=""
    for _ in $(seq 1 180); do
      url="$(sed -n 's/^rentalsim listening on \(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$tmp/replica-$i.log" | head -1)"
      [ -n "$url" ] && break
      sleep 0.5
    done
    if [ -z "$url" ]; then
      say "not ok replica $i starts: no 'listening' line in 90 s: $(tr '\n' ' ' <"$tmp/replica-$i.log" | cut -c1-400)"
      finish
    fi
    replica_urls+=("$url")
  done
}
start_replicas
echo "deploy: replicas at ${replica_urls[*]}, proxy at $proxy"

# deploy/nginx/nginx.conf as shipped, its example ports replaced by the free ones.
mkdir -p "$tmp/conf"
cp deploy/nginx/nginx.conf deploy/nginx/rentalsim-sharding.inc deploy/nginx/rentalsim-proxy.inc "$tmp/conf/"
sed -i -e "s/\(listen *\)127\.0\.0\.1:8080\([^0-9]\)/\1127.0.0.1:$proxy_port\2/" \
  -e "s/\(server *\)127\.0\.0\.1:8081\([^0-9]\)/\1${replica_urls[0]#http://}\2/" \
  -e "s/\(server *\)127\.0\.0\.1:8082\([^0-9]\)/\1${replica_urls[1]#http://}\2/" "$tmp/conf/nginx.conf"
for address in "listen 127.0.0.1:$proxy_port" "server ${replica_urls[0]#http://}" "server ${replica_urls[1]#http://}"; do
  if ! grep -qE "$address[^0-9]" "$tmp/conf/nginx.conf"; then
    say "not ok the test's nginx.conf names $address: deploy/nginx/nginx.conf no longer has the example addresses 127.0.0.1:8080-8082 this script replaces"
    finish
  fi
done
if t="$("$nginx_bin" -t -p "$tmp/" -c "$tmp/conf/nginx.conf" 2>&1)"; then
  say "ok nginx -t accepts deploy/nginx/nginx.conf with the sharding rules"
else
  say "not ok nginx -t accepts deploy/nginx/nginx.conf with the sharding rules: $(echo "$t" | tr '\n' ' ' | cut -c1-600)"
  finish
fi

# The Kubernetes front's configuration (its ConfigMap), with the replica Services' names replaced by the
# loopback replicas (nginx -t resolves upstream names) and the paths of the nginx image by this temp dir.
mkdir -p "$tmp/k8s/conf.d"
if node --input-type=module -e "
  import { readFileSync, writeFileSync } from 'node:fs';
  import { CORE_SCHEMA, loadAll } from 'js-yaml';
  const docs = loadAll(readFileSync('deploy/k8s/rentalsim.yaml', 'utf8'), undefined, { schema: CORE_SCHEMA });
  const cm = docs.find((d) => d?.kind === 'ConfigMap' && d.metadata.name === 'rentalsim-front');
  for (const [name, text] of Object.entries(cm.data)) writeFileSync('$tmp/k8s/conf.d/' + name, text);
" 2>"$tmp/k8s.err"; then
  sed -i -e "s/rentalsim-0\.rentalsim\.svc\.cluster\.local:8080/${replica_urls[0]#http://}/" \
    -e "s/rentalsim-1\.rentalsim\.svc\.cluster\.local:8080/${replica_urls[1]#http://}/" \
    -e "s/listen 8080;/listen 127.0.0.1:$(free_port);/" "$tmp/k8s/conf.d/default.conf"
  # The nginx image's own nginx.conf, reduced to what matters: conf.d/*.conf inside http.
  cat >"$tmp/k8s/nginx.conf" <<EOF
pid nginx.pid;
error_log stderr notice;
events { worker_connections 64; }
http {
  client_body_temp_path client_body_temp; proxy_temp_path proxy_temp; fastcgi_temp_path fastcgi_temp;
  uwsgi_temp_path uwsgi_temp; scgi_temp_path scgi_temp;
  include conf.d/*.conf;
}
EOF
  if t="$("$nginx_bin" -t -p "$tmp/k8s/" -c "$tmp/k8s/nginx.conf" 2>&1)"; then
    say "ok nginx -t accepts the Kubernetes front's configuration (deploy/k8s/rentalsim.yaml, ConfigMap rentalsim-front)"
  else
    say "not ok nginx -t accepts the Kubernetes front's configuration: $(echo "$t" | tr '\n' ' ' | cut -c1-600)"
  fi
else
  say "not ok the Kubernetes ConfigMap rentalsim-front can be read from deploy/k8s/rentalsim.yaml: $(tr '\n' ' ' <"$tmp/k8s.err" | cut -c1-400)"
fi

"$nginx_bin" -p "$tmp/" -c "$tmp/conf/nginx.conf" -g 'daemon off;' >"$tmp/nginx.log" 2>&1 &
pids+=($!)
nginx_pid=$!
sleep 0.5
if ! kill -0 "$nginx_pid" 2>/dev/null; then
  say "not ok nginx starts on $proxy: $(tr '\n' ' ' <"$tmp/nginx.log" | cut -c1-400)"
  finish
fi

output="$(PROXY="$proxy" REPLICAS="$(IFS=,; echo "${replica_urls[*]}")" SECRET="$secret" \
  timeout 150 node deploy/test/sharding-check.mjs 2>&1)"
status=$?
seen=0
while IFS= read -r line; do
  case "$line" in
    "ok "*|"not ok "*) say "$line"; seen=$((seen + 1)) ;;
    *) [ -n "$line" ] && echo "  $line" ;;
  esac
done <<<"$output"
if [ "$status" -eq 124 ]; then say "not ok the sharding checks finish within 150 s"; fi
if [ "$seen" -eq 0 ]; then say "not ok the sharding checks report: they printed none (status $status)"; fi
if [ "$status" -ne 0 ] && grep -q '^not ok' <<<"$output"; then
  echo "  nginx log:"; tail -n 20 "$tmp/nginx.log" | sed 's/^/    /'
  echo "  access log:"; tail -n 40 "$tmp/access.log" 2>/dev/null | sed 's/^/    /'
fi

# A key's replica keeps its disk (deploy/test/restart-check.mjs): lists written through the proxy, both
# replicas stopped and started again on their folders and ports (nginx left running), the lists read back
# through the proxy from the same replicas.
restart_check() { # phase
  local line output
  output="$(PROXY="$proxy" REPLICAS="$(IFS=,; echo "${replica_urls[*]}")" SECRET="$secret" PHASE="$1" \
    STATE="$tmp/kept.json" timeout 60 node deploy/test/restart-check.mjs 2>&1)"
  grep -q '^\(not \)\?ok ' <<<"$output" || say "not ok the restart checks ($1) report: $(tr '\n' ' ' <<<"$output" | cut -c1-400)"
  while IFS= read -r line; do
    case "$line" in "ok "*|"not ok "*) say "$line" ;; *) [ -n "$line" ] && echo "  $line" ;; esac
  done <<<"$output"
}
restart_check write
for pid in "${replica_pids[@]}"; do kill "$pid" 2>/dev/null; done
for pid in "${replica_pids[@]}"; do timeout 30 tail --pid="$pid" -f /dev/null; done
start_replicas
restart_check read
finish
