# The production image: our server (server/main.ts) on the build `npm run build` produced.
# Our machines run no Docker engine; the Playwright suite starts the same server with
# `npm start` (scripts/launch.ts → node --import tsx server/main.ts), so what this image runs is
# tested on every run.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 KEEP_ALIVE_TIMEOUT=65000
# The memory settings `npm start` applies (lib/process/memory.ts, docs/performance.md, "Memory"): a V8 heap
# sized for the server, not for the host's RAM, and two malloc arenas. The cluster workers inherit them.
ENV NODE_OPTIONS=--max-old-space-size=384 MALLOC_ARENA_MAX=2
RUN useradd --system --uid 1001 cauri
# The server imports the route files and lib/ from source (tsx, a runtime dependency) beside the build.
COPY --from=build --chown=cauri /app ./
USER cauri
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run once per release, before the new instances start, from the build stage
# (it has the full toolchain): docker build --target build -t cauri-migrate . &&
#   docker run --rm -e DATABASE_URL=… cauri-migrate npm run db:migrate
# CAURI_WORKERS (default 1; "auto" = one per core) runs that many server processes on the port.
# SIGTERM drains: in-flight requests finish (CAURI_DRAIN_TIMEOUT_MS), then the process exits.
CMD ["node", "--import", "tsx", "server/main.ts"]
