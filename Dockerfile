# Tessera in a container (issue 18; docs/deploy.md "Containers"). Two stages: the first installs
# everything and builds, the second holds only what `tessera start` needs, and runs as `node`.
#   docker build -t tessera .
#   docker run -p 3000:3000 -v tessera-data:/data tessera
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/jsont/package.json packages/jsont/
COPY packages/storefront/package.json packages/storefront/
COPY packages/editor/package.json packages/editor/
COPY packages/server/package.json packages/server/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.base.json ./
COPY scripts scripts
COPY packages packages
COPY themes themes
RUN node scripts/build.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# Memory (issue 20, docs/performance.md "A thousand sites and memory"): glibc keeps one malloc arena
# per thread by default (sharp, libuv and V8's threads), and V8 lets the young generation grow to
# 128 MB; two arenas and 16 MB semi-spaces keep a thousand sites' server under 512 MB resident.
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/core/dist packages/core/dist
COPY --from=build /app/packages/jsont/package.json packages/jsont/
COPY --from=build /app/packages/jsont/dist packages/jsont/dist
COPY --from=build /app/packages/storefront/package.json packages/storefront/
COPY --from=build /app/packages/storefront/dist packages/storefront/dist
COPY --from=build /app/packages/editor/package.json packages/editor/
COPY --from=build /app/packages/editor/dist packages/editor/dist
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/templates packages/server/templates
COPY --from=build /app/themes themes
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM from `docker stop` reaches node directly (no shell in between): graceful shutdown.
CMD ["node", "packages/server/dist/cli.js", "start"]
