#!/usr/bin/env bash
# Builds the rentalsim image from this checkout and says which base it was built on.
#
#   bash scripts/docker/build.sh [TAG]          (default tag: rentalsim)
#
# The base: $NODE_IMAGE when set; else the official node:<.node-version>-bookworm-slim when the engine already
# has it (docker pull it first where Docker Hub can be reached); else a stand-in built here from Debian's
# archive and the npm registry (scripts/docker/stand-in-base.sh, cached by its tag). The build runs on the host
# network (--network host), the one the engines on these machines have (dockerd --bridge=none).
# Prints "base: ..." first, then the build's own output, then "image: TAG, N MB, built in N s".
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
tag="${1:-rentalsim}"
line="$(tr -d ' \n\r' <"$root/.node-version")"
official="node:$line-bookworm-slim"

if [ -n "${NODE_IMAGE:-}" ]; then
  base="$NODE_IMAGE"; kind="given by NODE_IMAGE"
elif docker image inspect "$official" >/dev/null 2>&1; then
  base="$official"; kind="the official image"
else
  base="$(bash "$root/scripts/docker/stand-in-base.sh" "$line")"
  kind="a stand-in for $official (scripts/docker/stand-in-base.sh), which this engine does not have"
fi
echo "base: $base ($kind)"

started=$SECONDS
docker build --network host --build-arg "NODE_IMAGE=$base" -t "$tag" "$root"
size="$(docker image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}')"
echo "image: $tag, $size, built in $((SECONDS - started)) s on $base"
