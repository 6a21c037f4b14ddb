import type { Hex } from 'viem';
import type { Logger } from '../../../runtime/logger.ts';
import { UpstreamRpcError, type Upstream } from '../../../runtime/upstream/client.ts';
import type { ChainRegistry } from '../../chains.ts';
import { decodeText } from '../contract-probe.ts';
import type { EvmDataReader } from '../../store/reader.ts';
import type { MetadataQueue } from '../../api/service.ts';

/** ERC-721 `tokenURI(uint256)` and ERC-1155 `uri(uint256)`. */
const TOKEN_URI = { 'ERC-721': '0xc87b56dd', 'ERC-1155': '0x0e89341c' } as const;

/**
 * A token's URI, asked of its contract at the latest block. A call that reverts means the contract has no such token
 * (burnt, or never minted); a node that fails throws, so the job is retried.
 */
export function upstreamTokenUris(upstream: Upstream, registry: ChainRegistry) {
  return {
    async tokenUri(
      chainKey: string,
      contract: string,
      tokenId: string,
      ercType: 'ERC-721' | 'ERC-1155',
    ): Promise<{ kind: 'uri'; uri: string } | { kind: 'missing' }> {
      const chain = registry.byId(Number(chainKey));
      if (!chain) throw new Error(`metadata job for chain ${chainKey}, which is not indexed here`);
      let data: Hex;
      try {
        data = await upstream.call<Hex>(chain.rpcPath, 'eth_call', [
          { to: contract, data: `${TOKEN_URI[ercType]}${BigInt(tokenId).toString(16).padStart(64, '0')}` },
          'latest',
        ]);
      } catch (err) {
        if (err instanceof UpstreamRpcError) return { kind: 'missing' };
        throw err;
      }
      const uri = decodeText(data);
      return uri === undefined ? { kind: 'missing' } : { kind: 'uri', uri };
    },
  };
}

const SWEEP_PAGE = 1_000;

/**
 * Queues every token whose metadata was never fetched. Tokens are queued when ingestion first sees them; this
 * covers those whose jobs were lost (a crash between the commit and the enqueue). Queued jobs are deduplicated by
 * token, so sweeping tokens already queued costs nothing.
 */
export class MetadataSweep {
  private readonly reader: EvmDataReader;
  private readonly queue: MetadataQueue;
  private readonly log: Logger;

  constructor(reader: EvmDataReader, queue: MetadataQueue, log: Logger) {
    this.reader = reader;
    this.queue = queue;
    this.log = log;
  }

  async run(): Promise<void> {
    let after: { chain: number; contract: Buffer; tokenId: string } | undefined;
    let queued = 0;
    for (;;) {
      const rows = await this.reader.unindexedTokens(SWEEP_PAGE, after);
      if (rows.length === 0) break;
      await this.queue.enqueue(
        rows.map((r) => ({
          chainKey: String(r.chain),
          contract: `0x${r.contract.toString('hex')}`,
          tokenId: r.token_id,
          ercType: r.erc_type === 721 ? ('ERC-721' as const) : ('ERC-1155' as const),
          reason: 'discovered' as const,
        })),
      );
      queued += rows.length;
      const last = rows[rows.length - 1]!;
      after = { chain: last.chain, contract: last.contract, tokenId: last.token_id };
    }
    if (queued > 0) this.log.info({ queued }, 'queued metadata fetches of unindexed tokens');
  }
}
