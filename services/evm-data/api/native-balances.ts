import { LruCache } from '../../runtime/cache/lru.ts';
import { DomainError } from '../../runtime/errors.ts';
import type { Upstream } from '../../runtime/upstream/client.ts';
import type { PriceSource } from '../../runtime/prices/price-source.ts';
import type { EvmChain } from '../chains.ts';

/** How long the chain's head is reused before the node is asked again. */
const HEAD_TTL_MS = 1_000;

/**
 * Native balances at a block, asked of the upstream node. A balance at a given block never changes, so answers are
 * kept per (chain, block, address); "latest" is first pinned to the head's number so it is cacheable too.
 */
export class NativeBalances {
  private readonly upstream: Upstream;
  private readonly cache: LruCache<string, bigint>;
  private readonly heads = new Map<number, { head: bigint; at: number }>();

  constructor(upstream: Upstream, cacheEntries: number) {
    this.upstream = upstream;
    this.cache = new LruCache(cacheEntries);
  }

  async balanceOf(
    chain: EvmChain,
    address: Buffer,
    blockNumber?: bigint,
    signal?: AbortSignal,
  ): Promise<{ balance: bigint; block: bigint }> {
    const head = await this.head(chain, signal);
    const block = blockNumber ?? head;
    if (block > head)
      throw new DomainError(
        'invalid_argument',
        `blockNumber: block ${block} is above chain ${chain.evmChainId}'s latest block ${head}`,
      );
    const key = `${chain.id}:${block}:${address.toString('hex')}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return { balance: cached, block };
    const balance = BigInt(
      await this.upstream.call<string>(
        chain.rpcPath,
        'eth_getBalance',
        [`0x${address.toString('hex')}`, `0x${block.toString(16)}`],
        signal,
      ),
    );
    this.cache.set(key, balance);
    return { balance, block };
  }

  private async head(chain: EvmChain, signal?: AbortSignal): Promise<bigint> {
    const known = this.heads.get(chain.id);
    if (known && performance.now() - known.at < HEAD_TTL_MS) return known.head;
    const head = BigInt(await this.upstream.call<string>(chain.rpcPath, 'eth_blockNumber', [], signal));
    this.heads.set(chain.id, { head, at: performance.now() });
    return head;
  }
}

/**
 * An address's NativeTokenBalance document at a block (the latest when undefined), priced in `currency` when the
 * price source has the chain's token.
 */
export async function nativeTokenBalance(
  balances: NativeBalances,
  prices: PriceSource,
  chain: EvmChain,
  holder: Buffer,
  block: bigint | undefined,
  currency: string,
  signal?: AbortSignal,
) {
  const { balance } = await balances.balanceOf(chain, holder, block, signal);
  const token = chain.networkToken;
  const price = prices.latest(token.symbol, currency);
  const value = price === undefined ? undefined : (Number(balance) / 10 ** token.decimals) * price;
  return {
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    ...(token.logoUri ? { logoUri: token.logoUri } : {}),
    chainId: chain.evmChainId.toString(),
    ...withMoney('price', currency, price),
    balance: balance.toString(),
    ...withMoney('balanceValue', currency, value),
  };
}

/** A Money field `{currencyCode, value}`, left out when there is no price. */
export function withMoney(field: string, currencyCode: string, value: number | undefined) {
  return value === undefined ? {} : { [field]: { currencyCode, value } };
}
