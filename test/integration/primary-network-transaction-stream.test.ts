import { expect } from 'chai';
import type { ProtoGrpcType } from '../../services/generated/proto/primary_network.ts';
import type { ListTransactionsRequest } from '../../services/generated/proto/chaindata/primarynetwork/v1/ListTransactionsRequest.ts';
import type { ListTransactionsResponse__Output } from '../../services/generated/proto/chaindata/primarynetwork/v1/ListTransactionsResponse.ts';
import type { Transaction__Output } from '../../services/generated/proto/chaindata/primarynetwork/v1/Transaction.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { jsonRpcResult } from '../support/devnet-process.ts';
import { SHARED_DEVNET } from '../support/devnets.ts';
import { startProjectedDevnet, type ProjectedDevnet } from '../support/primary-network-stack.ts';

/**
 * StreamTransactions (what the export worker reads) against the projected shared devnet: the stream is
 * ListTransactions' ascending pages of a closed window, refused when the window reaches the time the chain is
 * projected through; that time is GetProjectionStatus' per chain, checked against the devnet's own last blocks.
 */
const PARAMETERS = SHARED_DEVNET;
const FUJI = PARAMETERS.identity;
const CHAIN_IDS = { P: FUJI.pChainId, X: FUJI.xChainId, C: FUJI.cChainId } as const;
type Chain = keyof typeof CHAIN_IDS;
const DAY = 86_400n;
/** Whole UTC days of the history (it starts at midnight): the second to the fourth, across Cortina on the X-Chain. */
const WINDOW = {
  start_timestamp: String(PARAMETERS.genesisTimeSeconds + DAY),
  end_timestamp: String(PARAMETERS.genesisTimeSeconds + 4n * DAY - 1n),
};
const PAGE_SIZE = 5;
const STAKING_TYPES = [
  'AddValidatorTx',
  'AddDelegatorTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
];

type Service = ProtoGrpcType['chaindata']['primarynetwork']['v1']['PrimaryNetworkService'];
const chainRef = (chain: Chain) => ({ network: 'fuji', blockchain_id: CHAIN_IDS[chain] });

function docOf(t: Transaction__Output): { txType: string; timestamp: number } {
  const doc = (t.pChain ?? t.xChainLinear ?? t.xChainNonLinear ?? t.cChainExport ?? t.cChainImport)!;
  const d = doc as { txType: string; blockTimestamp?: number; timestamp?: number };
  return { txType: d.txType, timestamp: Number(d.blockTimestamp ?? d.timestamp) };
}

describe('primary-network transaction stream', function () {
  this.timeout(600_000);
  const stops: (() => Promise<unknown>)[] = [];
  let projected: ProjectedDevnet;
  let client: GrpcServiceClient<Service['service']>;
  /** Per chain, the account with the most transactions in the window. */
  const busiest = {} as Record<'P' | 'X', Buffer>;

  before(async function () {
    projected = await startProjectedDevnet(PARAMETERS, ['P/block', 'X/vtx', 'X/block', 'C/block'], stops);
    const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
    client = createGrpcClient(
      proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
      projected.serviceAddress,
      30_000,
    );
    stops.push(() => Promise.resolve(client.close()));
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) => Buffer.from(a.address));
    for (const chain of ['P', 'X'] as const) {
      const counts = await Promise.all(
        accounts.map(
          async (address) =>
            (
              await listed({ chain: chainRef(chain), addresses: [address], page_size: 100, ...WINDOW })
            ).flatMap((p) => p.transactions).length,
        ),
      );
      busiest[chain] = accounts[counts.indexOf(Math.max(...counts))]!;
    }
  });

  after(async function () {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  });

  /** ListTransactions' ascending pages, each asked with the cursor the one before ended on. */
  async function listed(request: ListTransactionsRequest): Promise<ListTransactionsResponse__Output[]> {
    const pages: ListTransactionsResponse__Output[] = [];
    let cursor = request.cursor ?? '';
    do {
      const page = await client.unary.ListTransactions({ ...request, sort_order: 'SORT_ORDER_ASC', cursor });
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor !== '');
    return pages;
  }

  async function streamed(request: ListTransactionsRequest): Promise<ListTransactionsResponse__Output[]> {
    const pages: ListTransactionsResponse__Output[] = [];
    for await (const page of client.streaming.StreamTransactions(request, 60_000)) pages.push(page);
    return pages;
  }

  async function refusal(request: ListTransactionsRequest): Promise<DomainError> {
    try {
      await streamed(request);
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
    throw new Error(`StreamTransactions ${JSON.stringify(request)} was not refused`);
  }

  async function projectedThrough(chain: Chain): Promise<bigint> {
    const status = await client.unary.GetProjectionStatus({});
    return BigInt(
      status.chains.find((c) => c.blockchain_id === CHAIN_IDS[chain])!.projected_through_timestamp,
    );
  }

  it("gives each chain's projected_through_timestamp as the time of the devnet's last block of the chain", async function () {
    const { devnetUrl } = projected;
    const { timestamp } = await jsonRpcResult<{ timestamp: string }>(
      `${devnetUrl}/ext/bc/P`,
      'platform.getTimestamp',
    );
    // The X-Chain's last block as the avm serves it: codec version, type id, parent, height, then its time.
    const { height } = await jsonRpcResult<{ height: string }>(`${devnetUrl}/ext/bc/X`, 'avm.getHeight');
    const { block } = await jsonRpcResult<{ block: string }>(
      `${devnetUrl}/ext/bc/X`,
      'avm.getBlockByHeight',
      {
        height,
        encoding: 'hex',
      },
    );
    const xTime = Buffer.from(block.slice(2), 'hex').readBigUInt64BE(2 + 4 + 32 + 8);
    const cHead = await jsonRpcResult<{ timestamp: string }>(
      `${devnetUrl}/ext/bc/C/rpc`,
      'eth_getBlockByNumber',
      ['latest', false],
    );
    const status = await client.unary.GetProjectionStatus({});
    expect(status.chains).to.deep.equal([
      { blockchain_id: FUJI.pChainId, projected_through_timestamp: String(Date.parse(timestamp) / 1000) },
      { blockchain_id: FUJI.xChainId, projected_through_timestamp: xTime.toString() },
      { blockchain_id: FUJI.cChainId, projected_through_timestamp: BigInt(cHead.timestamp).toString() },
    ]);
    // Every chain's last block is in the history's last step, after the window.
    for (const chain of ['P', 'X', 'C'] as const)
      expect(Number(await projectedThrough(chain))).to.be.greaterThan(Number(WINDOW.end_timestamp));
  });

  for (const chain of ['P', 'X'] as const) {
    describe(`the ${chain}-Chain`, function () {
      const request = () => ({
        chain: chainRef(chain),
        addresses: [busiest[chain]],
        page_size: PAGE_SIZE,
        ...WINDOW,
      });

      it("streams an address's window as ListTransactions' ascending pages, whatever sort_order says", async function () {
        const expected = await listed(request());
        const got = await streamed({ ...request(), sort_order: 'SORT_ORDER_DESC' });
        expect(got).to.deep.equal(expected);
        expect(got.length).to.be.at.least(4);
        expect(got.map((p) => p.next_cursor === '')).to.deep.equal(got.map((_, i) => i === got.length - 1));
        const times = got.flatMap((p) => p.transactions.map((t) => docOf(t).timestamp));
        expect(times).to.deep.equal([...times].sort((a, b) => a - b));
        expect(times[0]).to.be.at.least(Number(WINDOW.start_timestamp));
        expect(times.at(-1)).to.be.at.most(Number(WINDOW.end_timestamp));
        if (chain === 'X') {
          // Across Cortina: the vertices' transactions, then the blocks'.
          const kinds = got.flatMap((p) =>
            p.transactions.map((t) => (t.xChainNonLinear ? 'vertex' : 'block')),
          );
          expect(kinds[0]).to.equal('vertex');
          expect(kinds.at(-1)).to.equal('block');
        }
      });

      it("resumes from a middle page's cursor with exactly the pages after it", async function () {
        const whole = await streamed(request());
        const middle = Math.floor(whole.length / 2) - 1;
        const rest = await streamed({ ...request(), cursor: whole[middle]!.next_cursor });
        expect(rest).to.deep.equal(whole.slice(middle + 1));
      });

      it('streams the window up to a second before the time the chain is projected through, and refuses it from then', async function () {
        const through = await projectedThrough(chain);
        const last = { ...request(), end_timestamp: String(through - 1n) };
        expect(await streamed(last)).to.deep.equal(await listed(last));
        for (const end of [through, through + DAY]) {
          const err = await refusal({ ...request(), end_timestamp: String(end) });
          expect(err.kind, err.message).to.equal('failed_precondition');
          expect(err.message).to.equal(
            `endTimestamp: ${end} is not before ${through}, the time the ${chain.toLowerCase()}-chain is projected ` +
              'through: transactions at or after that time may not all be projected yet',
          );
        }
      });

      it('refuses a window without its start or its end, naming the field', async function () {
        for (const name of ['start_timestamp', 'end_timestamp'] as const) {
          const err = await refusal({ ...request(), [name]: undefined });
          expect(err.kind, err.message).to.equal('invalid_argument');
          const field = name === 'start_timestamp' ? 'startTimestamp' : 'endTimestamp';
          expect(err.message).to.equal(`${field}: is required: expected a Unix time in seconds`);
        }
      });
    });
  }

  it("keeps to the transaction types asked for: the P-Chain's staking transactions of the window", async function () {
    // The window has a few: two a page makes them several pages.
    const request = { chain: chainRef('P'), tx_types: STAKING_TYPES, page_size: 2, ...WINDOW };
    const got = await streamed(request);
    expect(got).to.deep.equal(await listed(request));
    expect(got.length).to.be.at.least(3);
    const types = got.flatMap((p) => p.transactions.map((t) => docOf(t).txType));
    for (const type of types) expect(STAKING_TYPES).to.include(type);
    // Exactly those of the whole window: nothing the filter should keep is dropped.
    const all = (await streamed({ ...request, tx_types: [], page_size: 100 })).flatMap((p) => p.transactions);
    expect(types.length).to.equal(all.filter((t) => STAKING_TYPES.includes(docOf(t).txType)).length);
  });

  it('stops when its caller leaves after the first page', async function () {
    const request = { chain: chainRef('P'), page_size: 1, ...WINDOW };
    for await (const page of client.streaming.StreamTransactions(request, 60_000)) {
      expect(page.transactions).to.have.length(1);
      break;
    }
    // Served on as before, and nothing unexpected logged by the call it abandoned.
    expect((await streamed({ ...request, page_size: 100 })).length).to.be.greaterThan(1);
    expect(projected.service.output()).not.to.match(/unexpected error/);
  });

  it('sends a window without transactions as one empty page', async function () {
    const before = {
      chain: chainRef('X'),
      page_size: PAGE_SIZE,
      start_timestamp: '0',
      end_timestamp: String(PARAMETERS.genesisTimeSeconds - 1n),
    };
    expect(await streamed(before)).to.deep.equal([
      { transactions: [], chainInfo: { chainName: 'x-chain', network: 'fuji' }, next_cursor: '' },
    ]);
  });
});
