import { decodeAbiParameters, hexToString, type Hex } from 'viem';
import {
  UpstreamRpcError,
  unansweredInBatch,
  type BatchOutcome,
  type Upstream,
} from '../../runtime/upstream/client.ts';
import type { ErcType } from './derive.ts';

export type ContractErcType = 'ERC-20' | 'ERC-721' | 'ERC-1155' | 'UNKNOWN';

export interface ContractInfo {
  address: Buffer;
  ercType: ContractErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
}

const SELECTORS = {
  name: '0x06fdde03',
  symbol: '0x95d89b41',
  decimals: '0x313ce567',
  totalSupply: '0x18160ddd',
  supportsInterface: '0x01ffc9a7',
} as const;
const INTERFACE_IDS = { erc721: '80ac58cd', erc1155: 'd9b67a26' } as const;

const ERC_NAMES: Record<ErcType, ContractErcType> = { 20: 'ERC-20', 721: 'ERC-721', 1155: 'ERC-1155' };

/** A contract to probe, with the standard its transfer events follow when it emitted any. */
export interface ProbeCandidate {
  address: Buffer;
  hint: ErcType | undefined;
}

/** Calls per JSON-RPC batch: within what public nodes take (the public API's limit is 40). */
const CALLS_PER_BATCH = 32;

/**
 * What a contract is, asked of the contract itself with eth_call: the standard its transfer events follow when it
 * emitted any (they are unambiguous), else ERC-165 for ERC-721 and ERC-1155, else an ERC-20's decimals() and
 * totalSupply(); then its name, symbol and decimals. Every question a contract may need is asked at once, the
 * questions of all the contracts in JSON-RPC batches. A call that reverts or returns garbage is an answer (the
 * contract lacks that function); a node that fails is not, and the error propagates so the batch is retried.
 */
export class ContractProbe {
  private readonly upstream: Upstream;
  private readonly rpcPath: string;

  constructor(upstream: Upstream, rpcPath: string) {
    this.upstream = upstream;
    this.rpcPath = rpcPath;
  }

  /** What each candidate is, as of `blockNumber`, in order. */
  async probeAll(candidates: ProbeCandidate[], blockNumber: bigint): Promise<ContractInfo[]> {
    const questions = candidates.map((c) => questionsFor(c.hint));
    const answers = await this.callAll(
      candidates.flatMap((c, i) => questions[i]!.map((data) => ({ address: c.address, data }))),
      blockNumber,
    );
    let at = 0;
    return candidates.map((c, i) => {
      const asked = questions[i]!;
      const answered = new Map(asked.map((data, j) => [data, answers[at + j]]));
      at += asked.length;
      return contractInfo(c, (data) => answered.get(data));
    });
  }

  /** Each call's return data, or undefined when it reverted (or the node refused it as invalid). */
  private async callAll(
    calls: { address: Buffer; data: string }[],
    blockNumber: bigint,
  ): Promise<(Hex | undefined)[]> {
    const chunks: (typeof calls)[] = [];
    for (let i = 0; i < calls.length; i += CALLS_PER_BATCH) chunks.push(calls.slice(i, i + CALLS_PER_BATCH));
    const answers = await Promise.all(chunks.map((chunk) => this.callBatch(chunk, blockNumber)));
    return answers.flat();
  }

  private async callBatch(
    calls: { address: Buffer; data: string }[],
    blockNumber: bigint,
  ): Promise<(Hex | undefined)[]> {
    const ask = (c: { address: Buffer; data: string }) => this.call(c.address, c.data, blockNumber);
    if (calls.length === 1) return [await ask(calls[0]!)];
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.upstream.batch(
        this.rpcPath,
        calls.map((c) => ({ method: 'eth_call', params: callParams(c.address, c.data, blockNumber) })),
      );
    } catch (err) {
      // A node's error for the whole batch: it does not take batches.
      if (!(err instanceof UpstreamRpcError)) throw err;
      return Promise.all(calls.map(ask));
    }
    return Promise.all(
      outcomes.map(async (outcome, i) => {
        if (!('error' in outcome)) return outcome.result as Hex;
        // Left out of the batch's answer: not the contract's answer, so it is asked alone.
        return unansweredInBatch(outcome) ? ask(calls[i]!) : undefined;
      }),
    );
  }

  private async call(address: Buffer, data: string, blockNumber: bigint): Promise<Hex | undefined> {
    try {
      return await this.upstream.call<Hex>(this.rpcPath, 'eth_call', callParams(address, data, blockNumber));
    } catch (err) {
      if (err instanceof UpstreamRpcError) return undefined;
      throw err;
    }
  }
}

const supportsInterface = (id: string) => `${SELECTORS.supportsInterface}${id.padEnd(64, '0')}`;

/** The calls that may be needed to tell what a contract is. */
function questionsFor(hint: ErcType | undefined): string[] {
  if (hint === undefined)
    return [
      supportsInterface(INTERFACE_IDS.erc721),
      supportsInterface(INTERFACE_IDS.erc1155),
      SELECTORS.decimals,
      SELECTORS.totalSupply,
      SELECTORS.name,
      SELECTORS.symbol,
    ];
  return hint === 20
    ? [SELECTORS.name, SELECTORS.symbol, SELECTORS.decimals]
    : [SELECTORS.name, SELECTORS.symbol];
}

/** What the answers say the contract is (see ContractProbe). */
function contractInfo(candidate: ProbeCandidate, answer: (data: string) => Hex | undefined): ContractInfo {
  const ercType = candidate.hint ? ERC_NAMES[candidate.hint] : detect(answer);
  const known = ercType !== 'UNKNOWN';
  const name = known ? decodeText(answer(SELECTORS.name)) : undefined;
  const symbol = known ? decodeText(answer(SELECTORS.symbol)) : undefined;
  const decimals = ercType === 'ERC-20' ? decodeSmallUint(answer(SELECTORS.decimals)) : undefined;
  return {
    address: candidate.address,
    ercType,
    ...(name !== undefined ? { name } : {}),
    ...(symbol !== undefined ? { symbol } : {}),
    ...(decimals !== undefined ? { decimals } : {}),
  };
}

function detect(answer: (data: string) => Hex | undefined): ContractErcType {
  if (decodeBool(answer(supportsInterface(INTERFACE_IDS.erc721)))) return 'ERC-721';
  if (decodeBool(answer(supportsInterface(INTERFACE_IDS.erc1155)))) return 'ERC-1155';
  const decimals = answer(SELECTORS.decimals);
  return decodeSmallUint(decimals) !== undefined && isWord(answer(SELECTORS.totalSupply))
    ? 'ERC-20'
    : 'UNKNOWN';
}

function callParams(address: Buffer, data: string, blockNumber: bigint): unknown[] {
  return [{ to: `0x${address.toString('hex')}`, data }, `0x${blockNumber.toString(16)}`];
}

const isWord = (data: Hex | undefined): data is Hex => data !== undefined && data.length >= 66;

function decodeBool(data: Hex | undefined): boolean {
  return isWord(data) && BigInt(data.slice(0, 66)) === 1n;
}

function decodeSmallUint(data: Hex | undefined): number | undefined {
  if (!isWord(data)) return undefined;
  const value = BigInt(data.slice(0, 66));
  return value <= 255n ? Number(value) : undefined;
}

/** An ABI string, or the bytes32 some early tokens return instead (NUL-padded). */
export function decodeText(data: Hex | undefined): string | undefined {
  if (!isWord(data)) return undefined;
  try {
    if (data.length === 66) return hexToString(data).replace(/\0+$/, '') || undefined;
    const [text] = decodeAbiParameters([{ type: 'string' }], data);
    return text;
  } catch {
    return undefined;
  }
}
