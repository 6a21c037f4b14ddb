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

.PHONY: test
test: install contracts ## run the unit and integration tests (DATABASE_URL selects a PostgreSQL server, else embedded)
	$(MOCHA)

.PHONY: check
check: install lint format-check typecheck proto-check ## lint, formatting, type check, generated code up to date

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

.PHONY: bench
bench: install ## run the benchmarks and print their table (figures go to docs/benchmarks.md)
	node bench/run.ts
	node bench/devnet.ts
	node bench/primary-network.ts
	node bench/evm-data.ts

.PHONY: clean
clean: ## remove installed tools, dependencies and local stack data
	rm -rf node_modules .tools .chain-data
