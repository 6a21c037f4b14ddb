import { IDENTITIES } from '../../runtime/avalanche/networks.ts';
import type { EvmDataServiceDefinition } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { PrimaryNetworkServiceDefinition } from '../../generated/proto/chaindata/primarynetwork/v1/PrimaryNetworkService.ts';
import type { GrpcServiceClient } from '../../runtime/grpc/client.ts';
import { decodeAddress } from '../../runtime/rest/params.ts';
import type { CsvLayout, CsvRow } from './csv.ts';
import { EVM_LAYOUT, evmRowsOf } from './evm-rows.ts';
import {
  PRIMARY_NETWORK_LAYOUT,
  primaryNetworkRowsOf,
  SIMPLE_LAYOUT,
  simpleRowsOf,
  STAKING_TX_TYPES,
} from './primary-network-rows.ts';
import { EVM_EXPORT, type ExportSpec } from './request.ts';

/**
 * Where an export's rows come from: a list of sources (an address on an EVM chain, or a primary-network chain),
 * each read one UTC day at a time through evm-data's or primary-network's server streams, a page per message.
 */
export interface SourcePage {
  rows: CsvRow[];
  /** Resumes after this page; empty after the source's last page of the window. */
  nextCursor: string;
}

export interface ExportSource {
  /** For logs and traces, e.g. "43113 0xabc…" or "P-Chain". */
  name: string;
  /** The window's pages after `cursor` ('' from its start): [start, end) in Unix seconds. */
  pages(window: { start: number; end: number }, cursor: string): AsyncIterable<SourcePage>;
}

export interface ExportPlanSources {
  layout: CsvLayout;
  sources: ExportSource[];
  /** Every row with a time before this (Unix seconds) can be read from the sources as final. */
  coveredUntil(): Promise<number>;
}

export interface SourceClients {
  evmData: GrpcServiceClient<EvmDataServiceDefinition>;
  primaryNetwork: GrpcServiceClient<PrimaryNetworkServiceDefinition>;
  /** How long one day's stream of one source may run. */
  streamDeadlineMs: number;
  /** Transactions per page. */
  pageSize: number;
}

/**
 * A window's pages as rows, reopening the stream from the last cursor it sent when it ended before the window's
 * end.
 */
async function* resumingPages<P extends { next_cursor: string }>(
  open: (cursor: string) => AsyncIterable<P>,
  rowsOf: (page: P) => CsvRow[],
  cursor: string,
): AsyncIterable<SourcePage> {
  let from = cursor;
  for (;;) {
    let last: string | undefined;
    for await (const page of open(from)) {
      last = page.next_cursor;
      yield { rows: rowsOf(page), nextCursor: last };
      if (last === '') return;
    }
    // No page at all: nothing (more) in the window. A page whose cursor is not empty: the stream ended early.
    if (last === undefined) return;
    from = last;
  }
}

export function sourcesOf(spec: ExportSpec, clients: SourceClients): ExportPlanSources {
  const { evmData, primaryNetwork, streamDeadlineMs, pageSize } = clients;
  if (spec.type === EVM_EXPORT) {
    const sources = spec.chains.flatMap((chainId) =>
      spec.addresses.map((address): ExportSource => ({
        name: `${chainId} ${address}`,
        pages: (window, cursor) =>
          resumingPages(
            (from) =>
              evmData.streaming.StreamAddressTransactions(
                {
                  chain_id: chainId,
                  address: Buffer.from(address.slice(2), 'hex'),
                  start_timestamp: window.start,
                  end_timestamp: window.end,
                  page_size: pageSize,
                  cursor: from,
                },
                streamDeadlineMs,
              ),
            (page) => page.transactions.flatMap((tx) => evmRowsOf(chainId, address, tx)),
            cursor,
          ),
      })),
    );
    return {
      layout: EVM_LAYOUT,
      sources,
      async coveredUntil() {
        const status = await evmData.unary.GetIngestionStatus({});
        return Math.min(
          ...spec.chains.map((chainId) => {
            const chain = status.chains.find((c) => c.evm_chain_id === chainId);
            return chain ? Number(chain.indexed_through_timestamp) : 0;
          }),
        );
      },
    };
  }

  const exported = new Set([...spec.addresses, ...spec.cChainEvmAddresses]);
  const shortIds = spec.addresses.map((a) => Buffer.from((decodeAddress(a) as { bytes: Uint8Array }).bytes));
  const evmIds = spec.cChainEvmAddresses.map((a) => Buffer.from(a.slice(2), 'hex'));
  const staking = spec.type === 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING';
  const [pChain, , cChain] = chainIdsOf(spec);
  const simple = spec.type === 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE';
  const rowsOf = simple ? simpleRowsOf : primaryNetworkRowsOf;
  const chains = spec.chains.filter((chain) => {
    // Staking happens on the P-Chain only.
    if (staking && chain !== pChain) return false;
    // Addresses given, none of them this chain's kind: nothing of this chain is theirs.
    if (exported.size > 0 && shortIds.length === 0 && chain !== cChain) return false;
    return true;
  });
  const sources = chains.map((chain): ExportSource => ({
    name: chain,
    pages: (window, cursor) =>
      resumingPages(
        (from) =>
          primaryNetwork.streaming.StreamTransactions(
            {
              chain: { network: spec.network, blockchain_id: chain },
              addresses: shortIds,
              evm_addresses: chain === cChain ? evmIds : [],
              tx_types: staking ? [...STAKING_TX_TYPES] : [],
              start_timestamp: window.start,
              // The stream's end is inclusive.
              end_timestamp: window.end - 1,
              sort_order: 'SORT_ORDER_ASC',
              page_size: pageSize,
              cursor: from,
            },
            streamDeadlineMs,
          ),
        (page) => page.transactions.flatMap((tx) => rowsOf(chain, tx, exported)),
        cursor,
      ),
  }));
  return {
    layout: simple ? SIMPLE_LAYOUT : PRIMARY_NETWORK_LAYOUT,
    sources,
    async coveredUntil() {
      if (chains.length === 0) return Number.MAX_SAFE_INTEGER;
      const status = await primaryNetwork.unary.GetProjectionStatus({});
      return Math.min(
        ...chains.map((chain) => {
          const projected = status.chains.find((c) => c.blockchain_id === chain);
          return projected ? Number(projected.projected_through_timestamp) : 0;
        }),
      );
    },
  };
}

function chainIdsOf(spec: Extract<ExportSpec, { network: string }>): [string, string, string] {
  // The spec's chains are the network's, in P, X, C order; the identity names them all.
  const { pChainId, xChainId, cChainId } = IDENTITIES[spec.network];
  return [pChainId, xChainId, cChainId];
}
