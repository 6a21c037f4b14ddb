/**
 * The devnet's Solidity contracts, compiled with solc-js. `make contracts` (and the image build) compiles them ahead of
 * time into build/contracts.json; a devnet that finds the file missing or stale (its key is a hash of the sources,
 * the compiler version and the settings) compiles them itself and saves the result.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export interface ContractArtifact {
  abi: Abi;
  /** Creation bytecode. */
  bytecode: Hex;
  deployedBytecode: Hex;
}

export type ContractName =
  | 'DevToken'
  | 'DevCollectible'
  | 'DevMultiToken'
  | 'DevFactory'
  | 'DevChild'
  | 'DevIcmMessenger'
  | 'DevIcmReceiver'
  | 'DevValidatorManager';

type Artifacts = Record<ContractName, ContractArtifact>;

const require = createRequire(import.meta.url);
const SOURCES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'contracts');
const ARTIFACTS_FILE = join(SOURCES_DIR, '..', '..', '..', '..', 'build', 'contracts.json');

/** cancun: what the C-Chain and Subnet-EVM execute since Etna (PUSH0, MCOPY, transient storage; no blobs). */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

interface Solc {
  compile(
    input: string,
    callbacks: { import(path: string): { contents: string } | { error: string } },
  ): string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

let loaded: Artifacts | undefined;

export function contractArtifacts(): Artifacts {
  loaded ??= readOrCompile();
  return loaded;
}

function readOrCompile(): Artifacts {
  const sources = readSources();
  const { version } = require('solc/package.json') as { version: string };
  const key = createHash('sha256')
    .update(JSON.stringify({ sources, solc: version, settings: SETTINGS }))
    .digest('hex');
  try {
    const saved = JSON.parse(readFileSync(ARTIFACTS_FILE, 'utf8')) as { key: string; contracts: Artifacts };
    if (saved.key === key) return saved.contracts;
  } catch {
    // missing or unreadable: compile below
  }
  // solc-js is large; it is loaded only when there is something to compile.
  const contracts = compile(require('solc') as Solc, sources);
  try {
    mkdirSync(dirname(ARTIFACTS_FILE), { recursive: true });
    writeFileSync(`${ARTIFACTS_FILE}.tmp`, JSON.stringify({ key, contracts }));
    renameSync(`${ARTIFACTS_FILE}.tmp`, ARTIFACTS_FILE);
  } catch {
    // a read-only install still works, it compiles at every start
  }
  return contracts;
}

function readSources(): Record<string, { content: string }> {
  return Object.fromEntries(
    readdirSync(SOURCES_DIR)
      .filter((file) => file.endsWith('.sol'))
      .sort()
      .map((file) => [file, { content: readFileSync(join(SOURCES_DIR, file), 'utf8') }]),
  );
}

function compile(solc: Solc, sources: Record<string, { content: string }>): Artifacts {
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path) => {
        try {
          return { contents: readFileSync(require.resolve(path), 'utf8') };
        } catch {
          return { error: `not found: ${path}` };
        }
      },
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const artifacts: Partial<Artifacts> = {};
  for (const [file, contracts] of Object.entries(output.contracts)) {
    if (!(file in sources)) continue;
    for (const [name, c] of Object.entries(contracts)) {
      artifacts[name as ContractName] = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  return artifacts as Artifacts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const names = Object.keys(contractArtifacts());
  console.log(`contracts: ${names.join(', ')} (${Math.round(performance.now() - started)} ms)`);
}
