# One image for every component: `docker run IMAGE <component>` (see `chain-data --help`); on Kubernetes the
# operator runs it as `chain-data operator` and its stacks' components from the same image. It holds compiled
# JavaScript and the production dependencies only.

# Compiles what `make build` compiles (keep the two in step; test/integration/compiled-build.test.ts runs make's).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY proto ./proto
COPY services ./services
COPY operator ./operator
# The devnet's Solidity contracts, compiled once here rather than at every devnet start (build/contracts.json).
RUN node services/devnet/evm/contracts.ts
RUN node_modules/.bin/tsc -p tsconfig.build.json --outDir dist \
  && cp -R proto dist/proto \
  && find services operator -type f ! -name '*.ts' ! -name '*.js' -exec cp --parents {} dist \; \
  && mkdir -p dist/build && cp build/contracts.json dist/build/contracts.json \
  && chmod +x dist/bin/chain-data.js \
  && node dist/bin/chain-data.js --help >/dev/null

# A stage of its own, so the final image gets no development dependency and no npm cache.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Type declarations and TypeScript sources in packages are never loaded at run time (Node refuses .ts files under
# node_modules), so they go: the image holds no .ts file.
RUN npm ci --omit=dev --no-audit --no-fund \
  && find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' \) -delete

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# dist/package.json (emitted by tsc) marks the compiled files as ES modules.
COPY --from=build /src/dist ./dist
RUN ln -s /app/dist/bin/chain-data.js /usr/local/bin/chain-data \
  && mkdir /data && chown node:node /data
# uid 1000, which the chart's securityContext names.
USER node
# Embedded PostgreSQL keeps its data here when no DATABASE_URL is given.
ENV CHAIN_DATA_DIR=/data
VOLUME ["/data"]
ENTRYPOINT ["node", "/app/dist/bin/chain-data.js"]
CMD ["--help"]
