import { decodeAbiParameters, hexToString, type Hex } from 'viem';
import type { Upstream } from '../../runtime/upstream/client.ts';
import type { ErcType } from './derive.ts';
import { EthCalls } from './eth-calls.ts';

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

/**
 * What a contract is, asked of the contract itself with eth_call: the standard its transfer events follow when it
 * emitted any (they are unambiguous), else ERC-165 for ERC-721 and ERC-1155, else an ERC-20's decimals() and
 * totalSupply(); then its name, symbol and decimals. The questions go in two rounds, each round's questions of all
 * the contracts at once (see EthCalls): first what tells a contract's standard, then only what can still matter
 * (most contracts a chain creates are no token, and their name, symbol and totalSupply would only be dropped). A
 * call that reverts or returns garbage is an answer (the contract lacks that function); a node that fails is not,
 * and the error propagates so the batch is retried.
 */
export class ContractProbe {
  private readonly calls: EthCalls;

  constructor(upstream: Upstream, rpcPath: string) {
    this.calls = new EthCalls(upstream, rpcPath);
  }

  /** What each candidate is, as of `blockNumber`, in order. */
  async probeAll(candidates: ProbeCandidate[], blockNumber: bigint): Promise<ContractInfo[]> {
    const answers = await this.ask(
      candidates.map((c) => firstQuestions(c.hint)),
      candidates,
      blockNumber,
    );
    const more = await this.ask(
      candidates.map((c, i) => (c.hint === undefined ? questionsAfter(answers[i]!) : [])),
      candidates,
      blockNumber,
    );
    return candidates.map((c, i) => {
      for (const [data, answer] of more[i]!) answers[i]!.set(data, answer);
      return contractInfo(c, (data) => answers[i]!.get(data));
    });
  }

  /** Each candidate's questions (call data) with their answers, all asked at once. */
  private async ask(
    questions: string[][],
    candidates: ProbeCandidate[],
    blockNumber: bigint,
  ): Promise<Map<string, Hex | undefined>[]> {
    const replies = await this.calls.callAll(
      candidates.flatMap((c, i) => questions[i]!.map((data) => ({ to: c.address, data }))),
      blockNumber,
    );
    let at = 0;
    return questions.map((asked) => new Map(asked.map((data) => [data, replies[at++]])));
  }
}

const supportsInterface = (id: string) => `${SELECTORS.supportsInterface}${id.padEnd(64, '0')}`;

/**
 * The first round's questions: for a contract whose transfer events told its standard, all it needs; for any other,
 * what tells its standard.
 */
function firstQuestions(hint: ErcType | undefined): string[] {
  if (hint === undefined)
    return [
      supportsInterface(INTERFACE_IDS.erc721),
      supportsInterface(INTERFACE_IDS.erc1155),
      SELECTORS.decimals,
    ];
  return hint === 20
    ? [SELECTORS.name, SELECTORS.symbol, SELECTORS.decimals]
    : [SELECTORS.name, SELECTORS.symbol];
}

/** The second round's questions for a contract of no known standard, given the first round's answers. */
function questionsAfter(answers: ReadonlyMap<string, Hex | undefined>): string[] {
  const answer = (data: string) => answers.get(data);
  if (decodeBool(answer(supportsInterface(INTERFACE_IDS.erc721)))) return [SELECTORS.name, SELECTORS.symbol];
  if (decodeBool(answer(supportsInterface(INTERFACE_IDS.erc1155)))) return [SELECTORS.name, SELECTORS.symbol];
  // Small decimals make an ERC-20 only with a totalSupply too.
  if (decodeSmallUint(answer(SELECTORS.decimals)) !== undefined)
    return [SELECTORS.totalSupply, SELECTORS.name, SELECTORS.symbol];
  return [];
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
