import { bech32 } from '@scure/base';
import { z } from 'zod';
import type { NetworkIdentity } from '../../runtime/avalanche/networks.ts';
import type { NetworkContext } from '../network.ts';
import type { UtxoCreation } from '../store/rows.ts';
import { utxoIdOf } from './project-tx.ts';
import { secpTransferOutput, stakeableLockOut, toDecodedOutput, type FxOutput } from './decode/fx.ts';

/**
 * The genesis UTXOs of the P- and X-Chain, read from the network's genesis configuration (avalanchego's
 * `--genesis-file` JSON, e.g. its genesis_mainnet.json) the way avalanchego's genesis.FromConfig builds them. No node
 * API serves them, yet the first transactions of every old address spend them.
 */

const UINT64_MAX = (1n << 64n) - 1n;
const uint64 = z.bigint().min(0n).max(UINT64_MAX);

const genesisConfigSchema = z.object({
  networkID: uint64,
  allocations: z.array(
    z.object({
      avaxAddr: z.string(),
      initialAmount: uint64,
      unlockSchedule: z.array(z.object({ amount: uint64, locktime: uint64.default(0n) })).default([]),
    }),
  ),
  startTime: uint64,
  initialStakedFunds: z.array(z.string()).default([]),
});

export type GenesisConfig = z.infer<typeof genesisConfigSchema>;

/** The genesis transactions' ids: the P-Chain's UTXOs have none (the empty id), the X-Chain's are AVAX's asset's. */
const P_GENESIS_TX_ID = new Uint8Array(32);
const FETCH_TIMEOUT_MS = 30_000;

/** Fetches a genesis configuration from an http(s) URL (the devnet serves its own). */
export async function fetchGenesisConfig(
  url: string,
  identity: NetworkIdentity,
  signal?: AbortSignal,
): Promise<GenesisConfig> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new Error(`genesis configuration ${url}: HTTP ${response.status}`);
  return parseGenesisConfig(await response.text(), identity, url);
}

/**
 * Parses and checks a genesis configuration. Its amounts are uint64s written as JSON numbers, beyond what a double
 * holds exactly on mainnet, so every integer is read from its source text.
 */
export function parseGenesisConfig(
  text: string,
  identity: NetworkIdentity,
  source = 'genesis',
): GenesisConfig {
  let json: unknown;
  try {
    json = JSON.parse(text, exactIntegers);
  } catch (err) {
    throw new Error(`genesis configuration ${source}: not JSON (${(err as Error).message})`, { cause: err });
  }
  const parsed = genesisConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `genesis configuration ${source}: ${issue.path.join('.') || 'the document'}: ${issue.message}`,
    );
  }
  const config = parsed.data;
  if (config.networkID !== BigInt(identity.networkId))
    throw new Error(
      `genesis configuration ${source}: networkID is ${config.networkID}, the stack serves ${identity.name} (${identity.networkId})`,
    );
  config.allocations.forEach((a, i) =>
    xChainAddress(a.avaxAddr, identity, `${source}: allocations.${i}.avaxAddr`),
  );
  config.initialStakedFunds.forEach((a, i) =>
    xChainAddress(a, identity, `${source}: initialStakedFunds.${i}`),
  );
  return config;
}

function exactIntegers(this: unknown, _key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== 'number' || context?.source === undefined) return value;
  return /^-?\d+$/.test(context.source) ? BigInt(context.source) : value;
}

/** An allocation's address as the configuration writes it: `X-` and the bech32 of its 20 bytes. */
function xChainAddress(text: string, identity: NetworkIdentity, where: string): Uint8Array {
  const expected = `expected an X-Chain address of ${identity.name} (X-${identity.hrp}1…), got ${JSON.stringify(text)}`;
  if (!text.startsWith('X-')) throw new Error(`genesis configuration ${where}: ${expected}`);
  let decoded: { prefix: string; bytes: Uint8Array };
  try {
    decoded = bech32.decodeToBytes(text.slice(2));
  } catch {
    throw new Error(`genesis configuration ${where}: ${expected}`);
  }
  if (decoded.prefix !== identity.hrp || decoded.bytes.length !== 20)
    throw new Error(`genesis configuration ${where}: ${expected}`);
  return decoded.bytes;
}

/**
 * The UTXOs the configuration creates, as the projection writes them (at height 0, at the genesis time):
 * - P-Chain: one per non-zero unlock of every allocation not staked at genesis, in the configuration's order,
 *   numbered from 0 under the empty transaction id; an unlock after the start time is a stakeable.LockOut.
 * - X-Chain: the outputs of AVAX's CreateAssetTx, one per allocation with an initial amount, numbered in the order
 *   of their bytes (the AVM sorts an asset's initial state), under the asset's id.
 * Genesis validators' stake is not among them: it is returned (by a RewardValidatorTx) as that transaction's output.
 */
export function genesisUtxos(config: GenesisConfig, ctx: NetworkContext): UtxoCreation[] {
  const { identity, avaxAssetId } = ctx;
  const owner = (avaxAddr: string) => ({
    addresses: [xChainAddress(avaxAddr, identity, avaxAddr)],
    threshold: 1,
    locktime: 0n,
  });
  const staked = new Set(config.initialStakedFunds);
  const pOutputs = config.allocations
    .filter((a) => !staked.has(a.avaxAddr))
    .flatMap((a) =>
      a.unlockSchedule
        .filter((unlock) => unlock.amount > 0n)
        .map((unlock) => {
          const out = secpTransferOutput(unlock.amount, owner(a.avaxAddr));
          return unlock.locktime > config.startTime ? stakeableLockOut(unlock.locktime, out) : out;
        }),
    );
  const xOutputs = config.allocations
    .filter((a) => a.initialAmount > 0n)
    .map((a) => secpTransferOutput(a.initialAmount, owner(a.avaxAddr)))
    .sort((a, b) => Buffer.compare(a.packed, b.packed));
  const creations = (chain: 'P' | 'X', txId: Uint8Array, outputs: FxOutput[]): UtxoCreation[] =>
    outputs.map((out, outputIndex) => ({
      utxoId: utxoIdOf(txId, outputIndex),
      chain,
      createdChain: chain,
      txId,
      outputIndex,
      emittedByTx: txId,
      createdSeq: 0n,
      blockHeight: 0n,
      blockId: new Uint8Array(32),
      blockTimestamp: config.startTime,
      output: toDecodedOutput(out, txId, outputIndex, avaxAssetId),
      staked: false,
    }));
  return [...creations('P', P_GENESIS_TX_ID, pOutputs), ...creations('X', avaxAssetId, xOutputs)];
}
