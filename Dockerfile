# Perkway in a container (docs/deploy.md). Not built on our machines (they cannot build images);
# every command below is run by test/ops/deploy-files.test.ts without the container.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
# MALLOC_ARENA_MAX: fewer glibc malloc arenas for the process's threads (~20 MB less resident memory,
# docs/decisions/lean-server.md).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Web: the compiled server, `node` alone (what `npm start` runs on a built tree, without npm and a shell
# around it; PERKWAY_WORKERS=0 when separate workers run). Worker: node .next/perkway-server/worker.mjs.
# The heap is capped as `npm start` caps it (docs/deploy.md, Memory): raise it for very large catalogues.
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=8", ".next/perkway-server/start.mjs"]
