#!/usr/bin/env bash
# Formats the whole tree with Biome (biome.jsonc) once, then makes `npm run lint` check formatting too.
# Run it when no one else has uncommitted changes: it rewrites about 240 files (docs/decisions/0080-layers-and-lint.md).
# Afterwards: review `git diff --stat`, run the tests, and commit every file it changed with package.json.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "format-all: the tree has uncommitted changes; commit them first, so the formatting commit holds only formatting" >&2
  git status --short --untracked-files=no >&2
  exit 1
fi

npx biome format --write .
npm pkg set scripts.lint="biome check --error-on-warnings"
npx biome check --error-on-warnings .
echo "format-all: $(git diff --name-only | wc -l) files changed; npm run lint now checks formatting as well (biome check)"
