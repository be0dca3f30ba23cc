# Tessera in one container: the one-process server with the built web app and console.
# Not built on the machine this was written on (no Docker engine there): see docs/operations.md, "Containers".
#
#   docker build -t tessera .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... tessera     (or: docker compose up, with PostgreSQL)

# --- build: every dependency, then the apps (vite build and the public pages' pre-render) and the server ---------
FROM node:20-slim AS build
WORKDIR /app
# The whole workspace (minus .dockerignore): npm ci needs every workspace's package.json, the build the sources.
COPY . .
# `npm run build` ends with the server's bundle (scripts/build-server.mjs: server/dist/main.js, dependencies
# external). Pruning then leaves the production dependencies only, which is what the runtime stage copies.
RUN npm ci && npm run build && npm prune --omit=dev

# --- runtime: the compiled server with plain node (no tsx, no vite), its dependencies and what it reads ----------
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# The node image's unprivileged user (uid 1000) owns the files and the data folder; the process never runs as root.
# The bundle finds the help content and the built apps by their places in the checkout, so they keep them.
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/server/dist ./server/dist
COPY --from=build --chown=node:node /app/services/help/content ./services/help/content
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
COPY --from=build --chown=node:node /app/apps/console/dist ./apps/console/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness, not liveness: /readyz also checks the database (docs/operations.md, "Health"). The first start
# migrates and seeds, hence the long start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Source maps: a stack trace names the TypeScript file and line.
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
