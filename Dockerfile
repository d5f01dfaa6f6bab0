# Multi-stage build of the standalone Next.js server (next.config.ts: output "standalone").
# Our machines run no Docker engine; tests/standalone.test.ts starts the same standalone server
# with node to prove the artefact this image ships answers.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 KEEP_ALIVE_TIMEOUT=65000
RUN useradd --system --uid 1001 cauri
COPY --from=build --chown=cauri /app/.next/standalone ./
USER cauri
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run once per release, before the new instances start, from the build stage
# (it has the full toolchain): docker build --target build -t cauri-migrate . &&
#   docker run --rm -e DATABASE_URL=… cauri-migrate npm run db:migrate
# CAURI_WORKERS (default 1; "auto" = one per core) runs that many server processes on the port.
CMD ["node", "cluster.mjs"]
