# rentalsim in a container: docker build -t rentalsim . && docker run -p 8080:8080 rentalsim
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY scenarios ./scenarios
COPY seeds ./seeds
# The published contract, served at /schemas/ and /openapi.yaml.
COPY schemas ./schemas
COPY openapi.yaml ./
EXPOSE 8080
USER node
CMD ["node", "dist/src/main.js"]
