# rentalsim in a container: docker build -t rentalsim . && docker run --rm -p 8080:8080 rentalsim
# (README: Docker). No `# syntax=` line: BuildKit would fetch a frontend image for it, and the build must need
# nothing from a registry but the base image and npm packages.
# Node 24: an LTS line maintained until April 2028 (Node 20 reached its end of life in April 2026).
# Where Docker Hub cannot be reached, scripts/docker/stand-in-base.sh builds a stand-in for this base and
# scripts/docker/build.sh passes it here.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No compiler: better-sqlite3 13 carries prebuilt N-API addons in its package and has no install script.
# --ignore-scripts keeps the project's own lifecycle scripts (they want sources not copied yet) out of it.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/bundle-main.mjs ./scripts/
COPY src ./src
# tsc, then dist/src/main.js bundled into one file, which starts a third sooner (scripts/bundle-main.mjs).
RUN npm run build && npm prune --omit=dev --ignore-scripts --no-audit --no-fund
# better-sqlite3 loads lib/ and the one prebuilt addon that lib/binding.js picks for this platform; the
# addons for the other platforms, its SQLite and C++ sources (deps/, src/), node-addon-api (headers for a
# build from source) and any build/ folder (lib/binding.js would prefer an addon compiled there) are never
# read here, so the image leaves them out. It must still open a database.
RUN cd node_modules/better-sqlite3 \
 && keep="$(node -p "require('path').basename(require('./lib/binding.js').getPrebuildPath() || '')")" \
 && test -n "$keep" \
 && rm -rf deps src binding.gyp build ../node-addon-api \
 && find prebuilds -type f ! -name "$keep" -delete \
 && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"
COPY scenarios ./scenarios
COPY seeds ./seeds
# The default scenario's catalogue, generated here once instead of at every container's first start (it halved
# the time to healthy in a trial). The snapshot is named by a hash of the code and data that made it, which
# the runtime stage copies unchanged, so the simulator finds it there.
RUN node --input-type=module -e "const { startSimulator } = await import('./dist/src/index.js'); await (await startSimulator({ port: 0 })).close();" \
 && ls .cache/catalog/catalog-*.sqlite
# The data folder, empty: the runtime stage copies it with node as its owner (that stage runs nothing).
RUN mkdir /data

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
# Owned by node: the simulator marks a snapshot as used when it opens it, and writes other scenarios' there.
COPY --from=build --chown=node:node /app/.cache ./.cache
# The data folder (DATA_DIR above; README: Docker, docs/reference/data-dir.md): every sandbox, the uploaded
# scenarios and the active scenario, as SQLite files. Owned by node so the simulator can write it; an empty
# named volume mounted here takes this folder's owner, so `-v rentalsim-data:/data` needs no chown.
# Declared a volume so that the sandboxes live outside the container's layers. Without -v, Docker makes an
# anonymous volume per container: the state survives `docker restart` and a crash of that container (and a
# compose service recreated, which keeps its anonymous volumes), but a NEW `docker run` starts from the
# scenario, `--rm` deletes the volume with the container, and without --rm it stays behind until
# `docker rm -v` or `docker volume prune`. That suits both uses: a throwaway CI container (`--rm`) leaves
# nothing, and sandboxes to keep across containers need a named volume, `-v rentalsim-data:/data`.
# `-e DATA_DIR=` keeps everything in memory instead (an empty setting counts as unset).
COPY --from=build --chown=node:node /data /data
VOLUME /data
COPY package.json ./
COPY scenarios ./scenarios
COPY seeds ./seeds
# The published contract, served at /schemas/ and /openapi.yaml.
COPY schemas ./schemas
COPY openapi.yaml ./
EXPOSE 8080
USER node
# The slim image has no curl: node's own fetch asks the open health route (no admin token needed). It reads
# PORT, so move the port with -e PORT, not --port. A first start of the large scenario generates its catalogue
# first: give it a longer --health-start-period.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/__admin/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly, not npm start: no build step at start, and SIGTERM reaches the simulator. Arguments after the
# image name are rentalsim's flags: docker run rentalsim --scenario empty-catalogue.
ENTRYPOINT ["node", "--max-semi-space-size=4", "dist/src/main.js"]
