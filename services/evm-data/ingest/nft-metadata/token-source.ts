import type { Logger } from '../../../runtime/logger.ts';
import { sleep } from '../../../runtime/upstream/backoff.ts';
import type { Upstream } from '../../../runtime/upstream/client.ts';
import type { ChainRegistry } from '../../chains.ts';
import { decodeText } from '../contract-probe.ts';
import { EthCalls } from '../eth-calls.ts';
import type { EvmDataReader } from '../../store/reader.ts';
import type { NftMetadataJobs, TokenUriReader, TokenUriResult } from './metadata-jobs.ts';

/** ERC-721 `tokenURI(uint256)` and ERC-1155 `uri(uint256)`. */
const TOKEN_URI = { 'ERC-721': '0xc87b56dd', 'ERC-1155': '0x0e89341c' } as const;

/**
 * Tokens' URIs, asked of their contracts at the latest block, many at once (see EthCalls). A call that reverts means
 * the contract has no such token (burnt, or never minted); a node that fails throws, so the job is retried.
 */
export function upstreamTokenUris(upstream: Upstream, registry: ChainRegistry): TokenUriReader {
  const callers = new Map<string, EthCalls>();
  return {
    async tokenUris(chainKey, tokens) {
      const chain = registry.byId(Number(chainKey));
      if (!chain) throw new Error(`metadata job for chain ${chainKey}, which is not indexed here`);
      let calls = callers.get(chain.rpcPath);
      if (!calls) callers.set(chain.rpcPath, (calls = new EthCalls(upstream, chain.rpcPath)));
      const answers = await calls.callAll(
        tokens.map(({ contract, tokenId, ercType }) => ({
          to: contract,
          data: `${TOKEN_URI[ercType]}${BigInt(tokenId).toString(16).padStart(64, '0')}`,
        })),
        'latest',
      );
      return answers.map((data): TokenUriResult => {
        const uri = decodeText(data);
        return uri === undefined ? { kind: 'missing' } : { kind: 'uri', uri };
      });
    },
  };
}

const SWEEP_PAGE = 1_000;
/** How often a sweep waiting for the queue to be idle asks again. */
const IDLE_POLL_MS = 5_000;

/**
 * Queues every token whose metadata was never fetched. Tokens are queued when ingestion first sees them; this
 * covers those whose jobs were lost (a crash between the commit and the enqueue). A job groups tokens, and a group
 * the sweep makes is not one ingestion made, so the sweep waits for the queue to be idle: a token still unindexed
 * then has no job to wait for.
 */
export class MetadataSweep {
  private readonly reader: EvmDataReader;
  private readonly queue: Pick<NftMetadataJobs, 'enqueue' | 'counts'>;
  private readonly log: Logger;
  private running: Promise<void> | undefined;

  constructor(reader: EvmDataReader, queue: Pick<NftMetadataJobs, 'enqueue' | 'counts'>, log: Logger) {
    this.reader = reader;
    this.queue = queue;
    this.log = log;
  }

  /** Sweeps in the background once the queue is idle, unless a sweep is under way; stops at `signal`. */
  start(signal: AbortSignal): void {
    this.running ??= this.run(signal)
      .catch((err: unknown) => {
        if (!signal.aborted) this.log.warn({ err }, 'the sweep for unindexed NFT metadata failed');
      })
      .finally(() => (this.running = undefined));
  }

  private async run(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { waiting, active, delayed } = await this.queue.counts();
      if (waiting + active + delayed === 0) break;
      await sleep(IDLE_POLL_MS, signal);
    }
    let after: { chain: number; contract: Buffer; tokenId: string } | undefined;
    let queued = 0;
    for (;;) {
      signal.throwIfAborted();
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
