# syntax=docker/dockerfile:1
# The portal's production image (docs/decisions/0024): built with the same `npm run build` that
# CI's `npm test` runs, served by the compiled server (apps/server/dist, no tsx), as a non-root user.
#   docker build -t sim-portal .
#   docker compose up -d          (deploy/compose.yaml: PostgreSQL, two portal processes, nginx)

# ---- build: install everything, build the web apps and compile the server --------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# the manifests first, so a source-only change reuses the installed layer
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
COPY scripts/package.json scripts/
COPY scripts/bench/package.json scripts/bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies and the built output only ------------------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
COPY scripts/package.json scripts/
COPY scripts/bench/package.json scripts/bench/
# only the server's runtime dependencies (the web apps ship as static files; the project's own
# Node package is a devDependency — the image's Node 24 runs the server)
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --include-workspace-root=false \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# the web's server renderer of a holder's first screen (FIRST_SCREEN_DIST, docs/decisions/0082)
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
COPY --from=build /app/apps/console/dist apps/console/dist
# the router model maps, read at start from DEVICE_MODELS_DIR (default deploy/device-models, from the
# repository root); apps/server/test/shipsWhatItReads.test.ts fails when a file the server reads is
# neither bundled nor copied here (docs/decisions/0055)
COPY deploy/device-models deploy/device-models
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
