# One image for every component: `docker run IMAGE <component>` (see `chain-data --help`).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY proto ./proto
COPY services ./services
# The devnet's contracts are compiled at build time (build/contracts.json).
RUN node services/devnet/evm/contracts.ts
RUN mkdir /data && chown node:node /data
USER node
# Embedded PostgreSQL keeps its data here when no DATABASE_URL is given.
ENV CHAIN_DATA_DIR=/data
VOLUME ["/data"]
ENTRYPOINT ["node", "bin/chain-data.js"]
CMD ["--help"]
