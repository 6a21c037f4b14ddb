import { expect } from 'chai';
import pg from 'pg';
import { toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { BlockActivity__Output } from '../../services/generated/proto/chaindata/evmdata/v1/BlockActivity.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/evm_data.ts';
import type { DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { EvmDataReader } from '../../services/evm-data/store/reader.ts';
import type { ActivityBlock } from '../../services/evm-data/store/block-activity.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createGrpcClient, type GrpcServiceClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { lower, readChain, type ChainKey, type ChainModel } from '../support/evm-chain-model.ts';
import { startEvmDataStack, type EvmDataStack } from '../support/evm-data-stack.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * evm-data's StreamBlockActivity (what the metrics service rolls up) against a devnet it indexed: each chain's
 * stream equals what the devnet's node tells of the same blocks (blocks, receipts and callTracer traces read with
 * viem in test/support/evm-chain-model.ts, apart from evm-data's code), from genesis or from any cursor.
 */
const ACCOUNTS = 12;
const PARAMETERS: Omit<DevnetParameters, 'metadataBaseUrl'> = {
  identity: IDENTITIES.fuji,
  seed: 'evm-data-block-activity-test',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 12n * 3_600n,
  blockIntervalSeconds: 240n,
  accounts: ACCOUNTS,
};
const UINT64_MAX = (2n ** 64n - 1n).toString();
const STREAM_DEADLINE_MS = 60_000;

type EvmDataClient = GrpcServiceClient<
  ProtoGrpcType['chaindata']['evmdata']['v1']['EvmDataService']['service']
>;

/** A block's activity with bytes as 0x text, as both the stream and the devnet's answers are compared. */
interface Activity {
  evmChainId: string;
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions: { from: string; to: string | null; gasUsed: string; gasPrice: string; success: boolean }[];
  transfers: { from: string; to: string }[];
  creations: { address: string; deployer: string }[];
  icmSent: { messageId: string; source: string; destination: string }[];
}

const hexOf = (b: Buffer) => `0x${b.toString('hex')}`;

function fromMessage(m: BlockActivity__Output): Activity {
  return {
    evmChainId: m.evm_chain_id,
    number: m.block_number,
    hash: hexOf(m.block_hash),
    parentHash: hexOf(m.parent_hash),
    timestamp: m.block_timestamp,
    transactions: m.transactions.map((t) => ({
      from: hexOf(t.from),
      to: t.to === undefined ? null : hexOf(t.to),
      gasUsed: t.gas_used,
      gasPrice: t.gas_price,
      success: t.success,
    })),
    transfers: m.transfers.map((t) => ({ from: hexOf(t.from), to: hexOf(t.to) })),
    creations: m.contract_creations.map((c) => ({ address: hexOf(c.address), deployer: hexOf(c.deployer) })),
    icmSent: m.icm_messages_sent.map((i) => ({
      messageId: hexOf(i.message_id),
      source: hexOf(i.source_blockchain_id),
      destination: hexOf(i.destination_blockchain_id),
    })),
  };
}

/** The store's records of a block; its ICM sends are of the chain whose blockchain id (hex) is `source`. */
function fromStore(evmChainId: string, a: ActivityBlock, source = ''): Activity {
  return {
    evmChainId,
    number: a.block.number,
    hash: hexOf(a.block.hash),
    parentHash: hexOf(a.block.parent_hash),
    timestamp: a.block.block_timestamp,
    transactions: a.transactions.map((t) => ({
      from: hexOf(t.from_address),
      to: t.to_address === null ? null : hexOf(t.to_address),
      gasUsed: t.gas_used,
      gasPrice: t.gas_price,
      success: t.status === 1,
    })),
    transfers: a.transfers.map((t) => ({ from: hexOf(t.from_address), to: hexOf(t.to_address) })),
    creations: a.creations.map((c) => ({ address: hexOf(c.address), deployer: hexOf(c.deployer) })),
    icmSent: a.icmSends.map((i) => ({
      messageId: hexOf(i.message_id),
      source,
      destination: hexOf(i.destination_blockchain_id),
    })),
  };
}

/** A chain's blockchain id (cb58) as 0x-hex. */
const blockchainIdHex = (chain: ChainModel) => hexOf(Buffer.from(decodeCb58(chain.blockchainId)));

/**
 * Each block as the devnet's node tells it: its transactions in block order with their receipts' gas, price and
 * status; one transfer per ERC transfer log (a TransferBatch log decodes to one entry per id); the contract a
 * successful creation transaction made, then the CREATE and CREATE2 frames of its trace that did not revert; the
 * ICM messages its SendCrossChainMessage logs sent (a message id's first send), from the chain to the log's
 * destination.
 */
function expectedActivity(chain: ChainModel): Activity[] {
  const txsOf = Map.groupBy(chain.txs, (t) => t.blockNumber);
  const firstSends = chain.sends.filter(
    (s, i, all) => all.findIndex((o) => o.messageId === s.messageId) === i,
  );
  const sendsOf = Map.groupBy(firstSends, (s) => chain.byHash.get(s.txHash)!.blockNumber);
  return chain.blocks.map((b) => {
    const txs = (txsOf.get(b.number) ?? []).sort((x, y) => x.blockIndex - y.blockIndex);
    return {
      evmChainId: chain.chainId,
      number: b.number.toString(),
      hash: lower(b.hash),
      parentHash: lower(b.parentHash),
      timestamp: b.timestamp.toString(),
      transactions: txs.map((t) => ({
        from: t.from,
        to: t.to,
        gasUsed: t.gasUsed.toString(),
        gasPrice: t.gasPrice.toString(),
        success: t.success,
      })),
      transfers: txs.flatMap((t) =>
        t.transfers
          .filter((x, i, all) => i === 0 || all[i - 1]!.logIndex !== x.logIndex)
          .map((x) => ({ from: x.from, to: x.to })),
      ),
      creations: txs.flatMap((t) => [
        ...(t.to === null && t.created && t.success ? [{ address: t.created, deployer: t.from }] : []),
        ...t.internals
          .filter((i) => (i.type === 'CREATE' || i.type === 'CREATE2') && !i.reverted && i.to)
          .map((i) => ({ address: i.to!, deployer: i.from })),
      ]),
      icmSent: (sendsOf.get(b.number) ?? []).map((s) => ({
        messageId: lower(s.messageId),
        source: blockchainIdHex(chain),
        destination: lower(s.message.destinationBlockchainID),
      })),
    };
  });
}

describe('evm-data block activity stream', function () {
  this.timeout(600_000);
  let stack: EvmDataStack;
  let client: EvmDataClient;
  const chains = {} as Record<ChainKey, ChainModel>;
  const expected = {} as Record<ChainKey, Activity[]>;
  const deployer = lower(
    privateKeyToAccount(toHex(deriveAccounts(PARAMETERS.seed, ACCOUNTS)[0]!.privateKey)).address,
  );

  before(async function () {
    stack = await startEvmDataStack(PARAMETERS);
    const { clients, heads, chainIds, blockchainIds } = stack;
    [chains.C, chains.L1] = await Promise.all([
      readChain('C', clients.C, chainIds.C, blockchainIds.C, heads.C, deployer),
      readChain('L1', clients.L1, chainIds.L1, blockchainIds.L1, heads.L1, deployer),
    ]);
    for (const key of ['C', 'L1'] as const) expected[key] = expectedActivity(chains[key]);
    const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
    client = createGrpcClient(proto.chaindata.evmdata.v1.EvmDataService, stack.serviceAddress, 30_000);
  });

  after(async function () {
    client?.close();
    await stack?.stop();
  });

  async function streamed(chainId: string, afterBlock?: string): Promise<Activity[]> {
    const out: Activity[] = [];
    const request = { chain_id: chainId, ...(afterBlock === undefined ? {} : { after_block: afterBlock }) };
    for await (const m of client.streaming.StreamBlockActivity(request, STREAM_DEADLINE_MS))
      out.push(fromMessage(m));
    return out;
  }

  async function streamError(request: object): Promise<DomainError> {
    try {
      for await (const _ of client.streaming.StreamBlockActivity(request, STREAM_DEADLINE_MS)) {
        // draining
      }
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
    throw new Error(`${JSON.stringify(request)} streamed to its end`);
  }

  for (const key of ['C', 'L1'] as const) {
    it(`streams every block of the ${key} chain, equal to the devnet's own blocks, receipts and traces`, async function () {
      const chain = chains[key];
      const want = expected[key];
      // The history has what the stream must get right: empty blocks (genesis), failures, batch transfers, and
      // contracts made by transactions and by contracts, with CREATE and CREATE2.
      expect(want).to.have.length(Number(chain.head) + 1);
      const txs = chain.txs;
      expect(
        txs.filter((t) => !t.success),
        'failed transactions',
      ).not.to.be.empty;
      expect(
        txs.filter((t) => t.transfers.some((x, i, all) => i > 0 && all[i - 1]!.logIndex === x.logIndex)),
        'TransferBatch logs of several ids',
      ).not.to.be.empty;
      expect(
        txs.filter((t) => t.to === null && t.success),
        'creation transactions',
      ).not.to.be.empty;
      for (const type of ['CREATE', 'CREATE2'])
        expect(
          txs.flatMap((t) => t.internals.filter((i) => i.type === type && !i.reverted)),
          `${type} frames`,
        ).not.to.be.empty;
      expect(
        want.some((b) => b.creations.some((c) => c.deployer !== b.transactions[0]?.from)),
        'a creation deployed by a contract',
      ).to.equal(true);
      expect(
        want.flatMap((b) => b.icmSent),
        'ICM messages sent',
      ).not.to.be.empty;

      const got = await streamed(chain.chainId);
      expect(got.map((b) => b.number)).to.deep.equal(want.map((b) => b.number));
      for (let i = 0; i < want.length; i++) expect(got[i], `${key} block ${i}`).to.deep.equal(want[i]);
      // Named by its blockchain id, the chain streams the same.
      expect(await streamed(chain.blockchainId)).to.deep.equal(got);
    });
  }

  it('resumes after any block with exactly the blocks that follow it', async function () {
    for (const key of ['C', 'L1'] as const) {
      const want = expected[key];
      const head = chains[key].head;
      for (const after of [0n, 1n, head / 3n, head / 2n + 1n, head - 1n]) {
        const got = await streamed(chains[key].chainId, after.toString());
        expect(got, `${key} after ${after}`).to.deep.equal(want.slice(Number(after) + 1));
      }
      // Resuming from the last block received, batch after batch, gives the whole chain once.
      const whole: Activity[] = [];
      let cursor: string | undefined;
      for (;;) {
        const part: Activity[] = [];
        const request = { chain_id: chains[key].chainId, ...(cursor ? { after_block: cursor } : {}) };
        for await (const m of client.streaming.StreamBlockActivity(request, STREAM_DEADLINE_MS)) {
          part.push(fromMessage(m));
          // A caller that stops reading (here after 17 blocks) cancels the call; it resumes from its cursor.
          if (part.length === 17) break;
        }
        if (part.length === 0) break;
        whole.push(...part);
        cursor = part.at(-1)!.number;
      }
      expect(whole, key).to.deep.equal(want);
      // At the head and past it, there is nothing more (yet).
      for (const after of [head, head + 1_000n, 2n ** 63n - 1n, 2n ** 63n, BigInt(UINT64_MAX)])
        expect(await streamed(chains[key].chainId, after.toString()), `${key} after ${after}`).to.deep.equal(
          [],
        );
    }
  });

  it('refuses a malformed chain id and a chain not indexed here', async function () {
    const malformed = await streamError({ chain_id: '4'.repeat(10_000) });
    expect(malformed.kind).to.equal('invalid_argument');
    expect(malformed.message).to.match(/^chainId: /);
    for (const chainId of ['1', '', encodeCb58(Buffer.alloc(32, 9))]) {
      const missing = await streamError({ chain_id: chainId, after_block: '0' });
      expect(missing.kind, chainId).to.equal('not_found');
      expect(missing.message).to.match(/^chainId: chain .* is not indexed here/);
    }
  });

  it('reads a batch of blocks at a time, each query served by an index', async function () {
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    try {
      const { rows } = await pool.query<{ id: number; evm_chain_id: string; next_block: string }>(
        'SELECT id, evm_chain_id, next_block FROM evm_data.chains',
      );
      const { pool: recording, recorded } = recordingPool(pool);
      const reader = new EvmDataReader(recording).blockActivity;
      for (const key of ['C', 'L1'] as const) {
        const row = rows.find((r) => r.evm_chain_id === stack.chainIds[key])!;
        const end = await reader.nextBlock(row.id);
        expect(end).to.equal(BigInt(row.next_block));
        expect(end > chains[key].head, `${key} cursor ${end}`).to.equal(true);
        const limits = { blocks: 7, transactions: 12 };
        const read: Activity[] = [];
        let batches = 0;
        for (let next = 0n; next <= chains[key].head;) {
          const batch = await reader.batch(row.id, next, chains[key].head + 1n, limits);
          batches++;
          expect(batch.length).to.be.within(1, limits.blocks);
          const txs = batch.reduce((n, b) => n + b.transactions.length, 0);
          if (batch.length > 1) expect(txs).to.be.at.most(limits.transactions);
          read.push(...batch.map((b) => fromStore(stack.chainIds[key], b, blockchainIdHex(chains[key]))));
          next = BigInt(batch.at(-1)!.block.number) + 1n;
        }
        expect(read, key).to.deep.equal(expected[key]);
        expect(batches).to.be.greaterThan(Number(chains[key].head) / limits.blocks);
        // The default batch is bounded too, and reads no block at or past `end`.
        const first = await reader.batch(row.id, 0n, 5n);
        expect(first.map((b) => b.block.number)).to.deep.equal(['0', '1', '2', '3', '4']);
        expect(await reader.batch(row.id, end, end)).to.deep.equal([]);
      }
      await expectServedByIndexes(
        pool,
        recorded,
        'SELECT * FROM evm_data.internal_transactions WHERE gas_used > 0',
      );
    } finally {
      await pool.end();
    }
  });

  // The devnet never sends a creation that fails: these rows, written as evm-data's ingestion writes such a block
  // (receipt status 0 with its contractAddress; every frame below a failed one marked reverted), show the rule.
  it('leaves out what a failed transaction or a reverted frame would have created', async function () {
    const pool = new pg.Pool({ connectionString: stack.db.url, max: 1 });
    const a = (byte: number) => Buffer.alloc(20, byte);
    try {
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO evm_data.chains (blockchain_id, evm_chain_id, next_block) VALUES ($1, 999999, 1) RETURNING id`,
        [Buffer.alloc(32, 0xee)],
      );
      const chain = rows[0]!.id;
      await pool.query(
        `INSERT INTO evm_data.blocks (chain, number, hash, parent_hash, block_timestamp, gas_used, gas_limit, tx_count,
           fees_spent, cumulative_tx_count)
         VALUES ($1, 0, $2, $3, 1767225600, 300000, 8000000, 3, 0, 3)`,
        [chain, Buffer.alloc(32, 1), Buffer.alloc(32, 0)],
      );
      const tx = (index: number, from: Buffer, to: Buffer | null, created: Buffer | null, ok: boolean) =>
        pool.query(
          `INSERT INTO evm_data.transactions (chain, block_number, tx_index, hash, from_address, to_address,
             created_contract, value, nonce, gas_limit, gas_used, gas_price, tx_type, status, input, block_timestamp)
           VALUES ($1, 0, $2, $3, $4, $5, $6, 0, $8, 100000, 90000, 7, 2, $7, '\\x', 1767225600)`,
          [chain, index, Buffer.alloc(32, 10 + index), from, to, created, ok ? 1 : 0, index],
        );
      await tx(0, a(1), null, a(0xc0), false); // a creation that failed
      await tx(1, a(2), a(0xfa), null, true); // a factory call: CREATE ok, CREATE2 reverted, CREATE below a revert
      await tx(2, a(3), null, a(0xc2), true); // a creation that succeeded, and created another in its constructor
      const frame = (
        txIndex: number,
        trace: number,
        type: string,
        from: Buffer,
        to: Buffer,
        reverted: boolean,
      ) =>
        pool.query(
          `INSERT INTO evm_data.internal_transactions (chain, block_number, tx_index, trace_index, call_type,
             from_address, to_address, value, gas_limit, gas_used, reverted)
           VALUES ($1, 0, $2, $3, $4, $5, $6, 0, 50000, 40000, $7)`,
          [chain, txIndex, trace, type, from, to, reverted],
        );
      await frame(0, 0, 'CREATE', a(0xc0), a(0xd0), true);
      await frame(1, 0, 'CREATE', a(0xfa), a(0xd1), false);
      await frame(1, 1, 'CALL', a(0xfa), a(0xd1), false);
      await frame(1, 2, 'CREATE2', a(0xfa), Buffer.alloc(20), true);
      await frame(1, 3, 'CALL', a(0xfa), a(0xd1), true);
      await frame(1, 4, 'CREATE', a(0xd1), a(0xd3), true);
      await frame(2, 0, 'CREATE2', a(0xc2), a(0xd2), false);
      // A TransferBatch log of three ids, and an ERC-20 transfer.
      for (const [log, batch] of [
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 0],
      ] as const)
        await pool.query(
          `INSERT INTO evm_data.token_transfers (chain, block_number, log_index, batch_index, tx_index, contract,
             erc_type, from_address, to_address, token_id, value)
           VALUES ($1, 0, $2, $3, 2, $4, $5, $6, $7, $8, 1)`,
          [
            chain,
            log,
            batch,
            a(0xc2),
            log === 0 ? 1155 : 20,
            a(log + 4),
            a(log + 6),
            log === 0 ? batch : null,
          ],
        );
      // Two ICM messages sent by transaction 1 (stored in another order), and a send of another chain's transaction
      // with the same hash: the block has the first two, in nonce order.
      const send = (id: number, onChain: number, txIndex: number, nonce: number) =>
        pool.query(
          `INSERT INTO evm_data.icm_sends (message_id, chain, block_number, tx_hash, block_timestamp, gas_spent,
             icm_contract, destination_blockchain_id, message_nonce, from_address, to_address, payload, receipts,
             fee_token, fee_amount)
           VALUES ($1, $2, 0, $3, 1767225600, 0, $4, $5, $6, $4, $4, '\\x', '[]', $4, 0)`,
          [
            Buffer.alloc(32, id),
            onChain,
            Buffer.alloc(32, 10 + txIndex),
            a(0x1c),
            Buffer.alloc(32, 0xd0 + id),
            nonce,
          ],
        );
      await send(0xa2, chain, 1, 2);
      await send(0xa1, chain, 1, 1);
      await send(0xa3, chain + 1, 1, 3);
      const [block] = await new EvmDataReader(pool).blockActivity.batch(chain, 0n, 1n);
      const got = fromStore('999999', block!);
      expect(got.icmSent).to.deep.equal(
        [0xa1, 0xa2].map((id) => ({
          messageId: hexOf(Buffer.alloc(32, id)),
          source: '',
          destination: hexOf(Buffer.alloc(32, 0xd0 + id)),
        })),
      );
      expect(got.transactions.map((t) => [t.to, t.success])).to.deep.equal([
        [null, false],
        [hexOf(a(0xfa)), true],
        [null, true],
      ]);
      expect(got.creations).to.deep.equal([
        { address: hexOf(a(0xd1)), deployer: hexOf(a(0xfa)) },
        { address: hexOf(a(0xc2)), deployer: hexOf(a(3)) },
        { address: hexOf(a(0xd2)), deployer: hexOf(a(0xc2)) },
      ]);
      expect(got.transfers).to.deep.equal([
        { from: hexOf(a(4)), to: hexOf(a(6)) },
        { from: hexOf(a(5)), to: hexOf(a(7)) },
      ]);
    } finally {
      await pool.query(`DELETE FROM evm_data.chains WHERE evm_chain_id = 999999`);
      for (const table of ['blocks', 'transactions', 'internal_transactions', 'token_transfers', 'icm_sends'])
        await pool.query(`DELETE FROM evm_data.${table} WHERE chain NOT IN (SELECT id FROM evm_data.chains)`);
      await pool.end();
    }
  });

  it('answers a caller that gave up quickly, and stays healthy', async function () {
    let failure: unknown;
    try {
      for await (const _ of client.streaming.StreamBlockActivity({ chain_id: chains.C.chainId }, 1)) {
        // a deadline of 1 ms passes before (or while) the blocks come
      }
    } catch (err) {
      failure = err;
    }
    if (failure !== undefined) {
      expect(failure).to.be.instanceOf(DomainError);
      expect((failure as DomainError).kind).to.equal('deadline_exceeded');
    }
    expect(await streamed(chains.L1.chainId, (chains.L1.head - 1n).toString())).to.have.length(1);
    expect(stack.service.output()).not.to.match(/unexpected error/);
  });
});
