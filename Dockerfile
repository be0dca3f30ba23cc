# Tessera in one container: the one-process server with the built web app and console.
# Not built on the machine this was written on (no Docker engine there): see docs/operations.md, "Containers".
#
#   docker build -t tessera .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... tessera     (or: docker compose up, with PostgreSQL)

# --- build: every dependency, then the apps (vite build and the public pages' pre-render) ----------------------
FROM node:20-slim AS build
WORKDIR /app
# The whole workspace (minus .dockerignore): npm ci needs every workspace's package.json, the build the sources.
COPY . .
RUN npm ci && npm run build

# --- runtime -----------------------------------------------------------------------------------------------------
# The server still runs its TypeScript through tsx (a devDependency), so the dependencies are not pruned; when the
# server gets its own build step, this stage copies its output and production dependencies only.
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# The node image's unprivileged user (uid 1000) owns the files and the data folder; the process never runs as root.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness, not liveness: /readyz also checks the database (docs/operations.md, "Health"). The first start
# migrates and seeds, hence the long start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "server/src/main.ts"]
