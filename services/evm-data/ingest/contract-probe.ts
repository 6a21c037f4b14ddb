import { decodeAbiParameters, hexToString, type Hex } from 'viem';
import { UpstreamRpcError, type Upstream } from '../../runtime/upstream/client.ts';
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

/**
 * What a contract is, asked of the contract itself with eth_call: the standard its transfer events follow when it
 * emitted any (they are unambiguous), else ERC-165 for ERC-721 and ERC-1155, else an ERC-20's decimals() and
 * totalSupply(); then its name, symbol and decimals. A call that reverts or returns garbage is an answer (the
 * contract lacks that function); a node that fails is not, and the error propagates so the batch is retried.
 */
export class ContractProbe {
  private readonly upstream: Upstream;
  private readonly rpcPath: string;

  constructor(upstream: Upstream, rpcPath: string) {
    this.upstream = upstream;
    this.rpcPath = rpcPath;
  }

  async probe(address: Buffer, hint: ErcType | undefined, blockNumber: bigint): Promise<ContractInfo> {
    const call = (data: string) => this.call(address, data, blockNumber);
    const ercType = hint ? ERC_NAMES[hint] : await this.detect(call);
    const [name, symbol, decimals] = await Promise.all([
      ercType === 'UNKNOWN' ? undefined : call(SELECTORS.name).then(decodeText),
      ercType === 'UNKNOWN' ? undefined : call(SELECTORS.symbol).then(decodeText),
      ercType === 'ERC-20' ? call(SELECTORS.decimals).then(decodeSmallUint) : undefined,
    ]);
    return {
      address,
      ercType,
      ...(name !== undefined ? { name } : {}),
      ...(symbol !== undefined ? { symbol } : {}),
      ...(decimals !== undefined ? { decimals } : {}),
    };
  }

  private async detect(call: (data: string) => Promise<Hex | undefined>): Promise<ContractErcType> {
    const supports = async (id: string) =>
      decodeBool(await call(`${SELECTORS.supportsInterface}${id.padEnd(64, '0')}`));
    if (await supports(INTERFACE_IDS.erc721)) return 'ERC-721';
    if (await supports(INTERFACE_IDS.erc1155)) return 'ERC-1155';
    const [decimals, supply] = await Promise.all([call(SELECTORS.decimals), call(SELECTORS.totalSupply)]);
    return decodeSmallUint(decimals) !== undefined && isWord(supply) ? 'ERC-20' : 'UNKNOWN';
  }

  /** The call's return data, or undefined when the call reverted (or the node refused it as invalid). */
  private async call(address: Buffer, data: string, blockNumber: bigint): Promise<Hex | undefined> {
    try {
      return await this.upstream.call<Hex>(this.rpcPath, 'eth_call', [
        { to: `0x${address.toString('hex')}`, data },
        `0x${blockNumber.toString(16)}`,
      ]);
    } catch (err) {
      if (err instanceof UpstreamRpcError) return undefined;
      throw err;
    }
  }
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
