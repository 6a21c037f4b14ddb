import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { avaxSerial, Id, Int, utils, Utxo as AvaxUtxo, type TransferOutput } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { AvaCloudSDK } from '@avalabs/avacloud-sdk';
import { officialSdk } from '../support/chainkit.ts';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import type { ProtoGrpcType } from '../../services/generated/proto/primary_network.ts';
import type { PChainTransaction } from '../../services/generated/proto/chaindata/primarynetwork/v1/PChainTransaction.ts';
import type { PChainUtxo } from '../../services/generated/proto/chaindata/primarynetwork/v1/PChainUtxo.ts';
import type { Transaction__Output } from '../../services/generated/proto/chaindata/primarynetwork/v1/Transaction.ts';
import type { Utxo } from '../../services/generated/proto/chaindata/primarynetwork/v1/Utxo.ts';
import { createDevnetApp } from '../../services/devnet/app.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/wallet.ts';
import { pChainGenesisOutputs, xChainGenesisOutputs } from '../../services/devnet/genesis.ts';
import { stakersAt, validatorSet } from '../../services/devnet/validator-sets.ts';
import { formatBech32, formatNodeId } from '../../services/runtime/formatting/address.ts';
import { IDENTITIES } from '../../services/runtime/avalanche/networks.ts';
import {
  EVM_VM_ID,
  PLATFORM_VM_ID,
  PRIMARY_NETWORK_SUBNET_ID,
  SUBNET_EVM_VM_ID,
} from '../../services/runtime/avalanche/vms.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createGrpcClient, type UnaryClient } from '../../services/runtime/grpc/client.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { assertDataApiResponse } from '../support/data-api-openapi.ts';
import { SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { PrimaryNetworkReader } from '../../services/primary-network/store/reader.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';
import { expectServedByIndexes, recordingPool } from '../support/query-plans.ts';

/**
 * The primary-network service against the devnet: a devnet history served over HTTP, mirrored by a container
 * indexer, projected by the service; every check compares the service's answers with what the devnet itself knows
 * or with an independent reading of its containers.
 */
const PARAMETERS = SHARED_DEVNET;
const FUJI = IDENTITIES.fuji;
const CHAIN_IDS = { P: FUJI.pChainId, X: FUJI.xChainId, C: FUJI.cChainId } as const;
type Chain = keyof typeof CHAIN_IDS;
type Service = UnaryClient<
  ProtoGrpcType['chaindata']['primarynetwork']['v1']['PrimaryNetworkService']['service']
>;

const chainRef = (chain: Chain) => ({ network: 'fuji', blockchain_id: CHAIN_IDS[chain] });

/** A transaction of any chain, with the fields every check reads. */
interface AnyTx {
  chain: Chain;
  txHash: string;
  txType: string;
  timestamp: number;
  consumed: (PChainUtxo | Utxo)[];
  emitted: (PChainUtxo | Utxo)[];
  p?: PChainTransaction;
}

function flatten(chain: Chain, t: Transaction__Output): AnyTx {
  const doc = (t.pChain ?? t.xChainLinear ?? t.xChainNonLinear ?? t.cChainExport ?? t.cChainImport)!;
  const d = doc as Partial<PChainTransaction> &
    Partial<{ timestamp: number; consumedUtxos: Utxo[]; emittedUtxos: Utxo[] }>;
  return {
    chain,
    txHash: d.txHash!,
    txType: d.txType!,
    timestamp: Number(d.blockTimestamp ?? d.timestamp),
    consumed: d.consumedUtxos ?? [],
    emitted: d.emittedUtxos ?? [],
    ...(t.pChain ? { p: t.pChain } : {}),
  };
}

/** Sums per asset of `AssetAmount`-like entries. */
function sums(
  entries: { assetId?: string; asset?: { assetId?: string; amount?: string } | null; amount?: string }[],
) {
  const out = new Map<string, bigint>();
  for (const e of entries) {
    const assetId = e.asset?.assetId ?? e.assetId!;
    const amount = BigInt(e.asset?.amount ?? e.amount!);
    out.set(assetId, (out.get(assetId) ?? 0n) + amount);
  }
  return out;
}

function plus(...maps: Map<string, bigint>[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const m of maps) for (const [k, v] of m) out.set(k, (out.get(k) ?? 0n) + v);
  return new Map([...out].filter(([, v]) => v !== 0n).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** P-Chain transaction ids read from the containers with avalanchejs and the proposervm/platformvm layouts. */
function pChainTxIds(containers: { bytes: Uint8Array }[]): string[] {
  const codec = utils.getManagerForVM('PVM').getDefaultCodec();
  const ids: string[] = [];
  for (const { bytes } of containers) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const type = view.getUint32(2);
    // proposervm option blocks (type 1) hold parent + inner; Granite blocks (type 2) parent, time, height, cert, inner.
    const innerAt = type === 1 ? 6 + 32 : 6 + 32 + 8 + 8;
    const certLength = type === 1 ? 0 : view.getUint32(innerAt);
    const lengthAt = type === 1 ? innerAt : innerAt + 4 + certLength;
    const inner = bytes.subarray(lengthAt + 4, lengthAt + 4 + view.getUint32(lengthAt));
    const iv = new DataView(inner.buffer, inner.byteOffset, inner.byteLength);
    const blockType = iv.getUint32(2);
    if (blockType === 30 || blockType === 31) continue; // abort, commit: no transactions
    // Banff standard (32): time, parent, height, txs. Banff proposal (29): time, decision txs, parent, height, tx.
    let offset = blockType === 29 ? 6 + 8 : 6 + 8 + 32 + 8;
    const count = iv.getUint32(offset);
    offset += 4;
    let rest = inner.subarray(offset);
    const readTx = () => {
      // avalanchejs has no RewardValidatorTx (type 20: the staker's tx id, no credentials).
      if (new DataView(rest.buffer, rest.byteOffset).getUint32(0) === 20) {
        ids.push(encodeCb58(sha256(new Uint8Array([0, 0, ...rest.subarray(0, 40)]))));
        rest = rest.subarray(40);
        return;
      }
      const before = rest;
      const [, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
      rest = remaining;
      ids.push(
        encodeCb58(sha256(new Uint8Array([0, 0, ...before.subarray(0, before.length - rest.length)]))),
      );
    };
    for (let i = 0; i < count; i++) readTx();
    if (blockType === 29) {
      rest = rest.subarray(32 + 8);
      readTx();
    }
  }
  return ids;
}

/** The UTXO id (InputID) of a reward UTXO in platform.getRewardUTXOs' bytes. */
function utxoIdOfRewardBytes(bytes: Uint8Array): string {
  const [utxo] = avaxSerial.UTXOID.fromBytes(
    bytes.subarray(2),
    utils.getManagerForVM('PVM').getDefaultCodec(),
  );
  return inputId(utxo);
}

/** avalanchego's UTXOID.InputID, computed here apart from the service's: sha256(uint64 index ‖ tx id), cb58. */
function inputId(utxo: avaxSerial.UTXOID): string {
  const bytes = new Uint8Array(40);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(utxo.outputIdx.value()));
  bytes.set(utxo.txID.toBytes(), 8);
  return encodeCb58(sha256(bytes));
}

function rewardAmount(bytes: Uint8Array): bigint {
  const [utxo] = AvaxUtxo.fromBytes(bytes.subarray(2), utils.getManagerForVM('PVM').getDefaultCodec());
  return (utxo.output as TransferOutput).amount();
}

describe('primary-network service', function () {
  this.timeout(600_000);
  let devnet: Devnet;
  let server: Server;
  let db: TestDatabase;
  let indexer: RunningComponent;
  let service: RunningComponent;
  let gateway: RunningComponent;
  let evmData: RunningComponent;
  let gatewayUrl: string;
  let devnetUrl: string;
  let priceFile: string;
  let client: Service;
  let closeClient: () => void;
  const all: Record<Chain, AnyTx[]> = { P: [], X: [], C: [] };

  before(async function () {
    devnet = await sharedDevnet(PARAMETERS);
    const handler = createDevnetApp(devnet, createLogger('devnet', 'silent')).callback();
    server = createServer((req, res) => void handler(req, res)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    devnetUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    db = await createTestDatabase();
    const indexerPort = await freePort();
    indexer = await startComponent('container-indexer', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${indexerPort}`,
      UPSTREAM_NODE_URLS: devnetUrl,
      INDEXER_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    });
    // AVAX's price in dollars for every day of the history (none in euros).
    priceFile = join(await mkdtemp(join(tmpdir(), 'chain-data-prices-')), 'prices.csv');
    const days = Array.from({ length: 8 }, (_, i) =>
      new Date((Number(PARAMETERS.genesisTimeSeconds) + i * 86_400) * 1000).toISOString().slice(0, 10),
    );
    await writeFile(
      priceFile,
      ['date,symbol,currency,price', ...days.map((d, i) => `${d},AVAX,usd,${20 + i}.5`)].join('\n'),
    );
    const servicePort = await freePort();
    service = await startComponent('primary-network', {
      PRICE_HISTORY_FILE: priceFile,
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${servicePort}`,
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${indexerPort}`,
      // Only the P-Chain's nodes: every call primary-network makes is the P-Chain's.
      UPSTREAM_CHAIN_NODE_URLS: `P=${devnetUrl}`,
      AVALANCHE_NETWORK: 'fuji',
      GENESIS_CONFIG: `${devnetUrl}/ext/devnet/genesis`,
      PROJECTION_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    });
    // evm-data answers /v1/chains; gateway-data completes an L1's entry with what the P-Chain says of it.
    const evmDataPort = await freePort();
    evmData = await startComponent('evm-data', {
      DATABASE_URL: db.url,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${evmDataPort}`,
      UPSTREAM_NODE_URLS: devnetUrl,
      AVALANCHE_NETWORK: 'fuji',
      EVM_CHAINS: `C,${devnet.l1.blockchainId}`,
      EVM_INGEST_ENABLED: 'false',
      NFT_METADATA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    });
    const gatewayPort = await freePort();
    gateway = await startComponent('gateway-data', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      PRIMARY_NETWORK_ADDRESS: `127.0.0.1:${servicePort}`,
      EVM_DATA_ADDRESS: `127.0.0.1:${evmDataPort}`,
      PAGE_TOKEN_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'warn',
    });
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const proto = loadProto<ProtoGrpcType>('chaindata/primarynetwork/v1/primary_network.proto');
    const grpcClient = createGrpcClient(
      proto.chaindata.primarynetwork.v1.PrimaryNetworkService,
      `127.0.0.1:${servicePort}`,
      30_000,
    );
    client = grpcClient.unary;
    closeClient = () => grpcClient.close();
    const expected = new Map(
      (['P/block', 'X/vtx', 'X/block', 'C/block'] as const).map((name) => [
        name,
        devnet.containers.count(name),
      ]),
    );
    await eventually(
      async () => {
        const status = await client.GetProjectionStatus({});
        return [...expected].every(
          ([name, count]) => status.indexes.find((i) => i.index_name === name)?.next_index === String(count),
        );
      },
      300_000,
      `the projection of ${JSON.stringify(Object.fromEntries(expected))} containers\n${service.output()}`,
    );
    for (const chain of ['P', 'X', 'C'] as const) {
      let cursor = '';
      do {
        const page = await client.ListTransactions({
          chain: chainRef(chain),
          page_size: 100,
          sort_order: 'SORT_ORDER_ASC',
          cursor,
        });
        all[chain].push(...page.transactions.map((t) => flatten(chain, t)));
        cursor = page.next_cursor;
      } while (cursor !== '');
    }
  });

  after(async function () {
    closeClient?.();
    await gateway?.stop();
    await evmData?.stop();
    await service?.stop();
    await indexer?.stop();
    await db?.drop();
    server?.close();
    if (priceFile) await rm(dirname(priceFile), { recursive: true, force: true });
  });

  it('lists every transaction of the mirrored containers exactly once, on its own chain', async function () {
    const pIds = pChainTxIds(await devnet.containers.range('P/block', 0n, 1_000_000n));
    const xIds = (await devnet.containers.range('X/tx', 0n, 1_000_000n)).map((c) => encodeCb58(c.id));
    const cIds = devnet.cChain.chain.blocks.flatMap((b) => b.atomicTxs.map((t) => encodeCb58(t.id)));
    const listed = (chain: Chain) => all[chain].map((t) => t.txHash);
    expect(listed('P').sort()).to.deep.equal(pIds.sort());
    expect(listed('X').sort()).to.deep.equal(xIds.sort());
    expect(listed('C').sort()).to.deep.equal(cIds.sort());
    expect(cIds.length).to.be.greaterThan(0);
    const types = new Set(all.P.map((t) => t.txType));
    for (const type of [
      'BaseTx',
      'AddValidatorTx',
      'AddDelegatorTx',
      'AddPermissionlessValidatorTx',
      'RewardValidatorTx',
      'ImportTx',
      'ExportTx',
      'CreateSubnetTx',
      'CreateChainTx',
      'ConvertSubnetToL1Tx',
    ])
      expect(types, type).to.include(type);
  });

  it('balances every transaction: consumed = emitted + burned (+ staked, + L1 balance), every consumed UTXO emitted earlier', function () {
    // The genesis UTXOs, as the devnet's ledger numbers them: spent by the first transactions of every account.
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts);
    const genesis = [
      ...pChainGenesisOutputs(accounts),
      ...xChainGenesisOutputs(devnet.parameters.identity, accounts),
    ];
    const genesisIds = genesis.map((o) =>
      inputId(new avaxSerial.UTXOID(new Id(o.txId), new Int(o.outputIndex))),
    );
    const emittedAt = new Map<string, number>(
      genesisIds.map((id) => [id, Number(PARAMETERS.genesisTimeSeconds)]),
    );
    for (const chain of ['P', 'X', 'C'] as const)
      for (const t of all[chain]) for (const u of t.emitted) emittedAt.set(u.utxoId!, t.timestamp);
    let checked = 0;
    for (const t of all.P) {
      if (t.txType === 'RewardValidatorTx') {
        expect(t.consumed, t.txHash).to.deep.equal([]);
        continue;
      }
      for (const u of t.consumed) {
        expect(emittedAt.get(u.utxoId!), `${t.txHash} consumes ${u.utxoId} emitted earlier`).to.be.at.most(
          t.timestamp,
        );
      }
      const p = t.p!;
      // Stake outputs carry their staking period; once the stake is returned they are no longer `staked`.
      const isStake = (u: PChainUtxo | Utxo) => (u as PChainUtxo).utxoStartTimestamp !== undefined;
      const unstaked = t.emitted.filter((u) => !isStake(u));
      const staked = t.emitted.filter(isStake);
      expect(plus(sums(staked)), `${t.txHash} staked`).to.deep.equal(plus(sums(p.amountStaked!)));
      if (t.consumed.length === 0 && t.txType !== 'ImportTx') continue;
      expect(plus(sums(t.consumed)), `${t.txType} ${t.txHash}`).to.deep.equal(
        plus(
          sums(unstaked),
          sums(p.amountBurned!),
          sums(p.amountStaked!),
          sums(p.amountL1ValidatorBalanceBurned!),
        ),
      );
      checked++;
    }
    expect(checked).to.be.greaterThan(100);
    // Every genesis UTXO the ledger spent is listed by the transaction that spent it.
    const consumed = new Set(
      ['P', 'X'].flatMap((chain) => all[chain as 'P' | 'X'].flatMap((t) => t.consumed.map((u) => u.utxoId!))),
    );
    const unspent = new Set(
      [...devnet.pChain.wallet.unspent(), ...devnet.xChain.wallet.unspent()].map((u) => inputId(u.utxoId)),
    );
    const spentByLedger = genesisIds.filter((id) => !unspent.has(id));
    expect(spentByLedger.length).to.be.at.least(PARAMETERS.accounts);
    expect(genesisIds.filter((id) => consumed.has(id))).to.deep.equal(spentByLedger);
  });

  it('returns a staker’s stake when its RewardValidatorTx is accepted: staked until then, spendable from then on', async function () {
    const { staking, tip } = devnet.pChain;
    let returned = 0;
    let held = 0;
    for (const staker of staking.everyStaker) {
      const txHash = encodeCb58(staker.txId);
      const tx = (await client.GetTransaction({ chain: chainRef('P'), tx_hash: txHash })).pChain!;
      const stake = tx.emittedUtxos.filter((u) => u.utxoStartTimestamp !== undefined);
      expect(stake.length, txHash).to.equal(staker.stake.length);
      const isReturned = staker.removedAtHeight !== undefined && staker.removedAtHeight <= tip.height;
      for (const u of stake) {
        expect(u.staked, `${staker.kind} ${txHash} stake ${u.utxoId}`).to.equal(!isReturned);
        expect(u.utxoType).to.equal(isReturned ? 'TRANSFER' : 'STAKE');
      }
      if (isReturned) returned++;
      else held++;
    }
    expect(returned).to.be.greaterThan(0);
    expect(held).to.be.greaterThan(0);
  });

  it('holds, for every account, the UTXO set of the devnet’s own ledger', async function () {
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts);
    const head = Number(devnet.pChain.tip.timeSeconds);
    const ledgerIds = (utxos: ReturnType<typeof devnet.pChain.wallet.unspent>) =>
      utxos.map((u) => inputId(u.utxoId)).sort();
    for (const [chain, wallet] of [
      ['P', devnet.pChain.wallet],
      ['X', devnet.xChain.wallet],
    ] as const) {
      const listed: string[] = [];
      let cursor = '';
      do {
        const page = await client.ListUtxos({
          chain: chainRef(chain),
          addresses: accounts.map((a) => Buffer.from(a.address)),
          page_size: 1024,
          sort_by: 'timestamp',
          sort_order: 'SORT_ORDER_ASC',
          cursor,
        });
        for (const u of page.utxos) {
          const doc = (u.pChain ?? u.other)!;
          if (doc.createdOnChainId !== CHAIN_IDS[chain]) continue; // in shared memory, not yet imported
          const p = u.pChain;
          if (p?.staked && p.utxoEndTimestamp! > head) continue; // still staked: the ledger has it back at the reward
          // The devnet's wallets hold fungible outputs; its NFT family's outputs are not in them.
          if (doc.utxoType?.startsWith('nft')) continue;
          listed.push(doc.utxoId);
        }
        cursor = page.next_cursor;
      } while (cursor !== '');
      expect(listed.sort(), chain).to.deep.equal(ledgerIds(wallet.unspent()));
    }
  });

  it('reports the rewards the reward transactions paid, and as pending exactly the stakers active at the head', async function () {
    const staking = devnet.pChain.staking;
    const nodeIds = [...new Set(staking.everyStaker.map((s) => Buffer.from(decodeCb58(s.nodeId.slice(7)))))];
    const rewards: { utxoId: string; amount: string; txHash: string }[] = [];
    let cursor = '';
    do {
      const page = await client.ListHistoricalRewards({
        network: 'fuji',
        node_ids: nodeIds,
        page_size: 100,
        sort_order: 'SORT_ORDER_ASC',
        cursor,
      });
      rewards.push(
        ...page.historicalRewards.map((r) => ({
          utxoId: r.utxoId,
          amount: r.reward!.amount,
          txHash: r.txHash,
        })),
      );
      cursor = page.next_cursor;
    } while (cursor !== '');
    const expected = staking.everyStaker.flatMap((s) => s.rewardUtxos.map(utxoIdOfRewardBytes));
    expect(expected.length).to.be.greaterThan(0);
    expect(rewards.map((r) => r.utxoId).sort()).to.deep.equal(expected.sort());

    const paid = new Map(
      staking.everyStaker.flatMap((s) =>
        s.rewardUtxos.map((bytes) => [utxoIdOfRewardBytes(bytes), rewardAmount(bytes)] as const),
      ),
    );
    for (const r of rewards) expect(r.amount, r.utxoId).to.equal(paid.get(r.utxoId)!.toString());

    const pending: string[] = [];
    cursor = '';
    do {
      const page = await client.ListPendingRewards({
        network: 'fuji',
        node_ids: nodeIds,
        page_size: 100,
        cursor,
      });
      for (const r of page.pendingRewards) {
        pending.push(r.txHash);
        const staker = staking.everyStaker.find((s) => encodeCb58(s.txId) === r.txHash)!;
        expect(r.estimatedReward!.amount, r.txHash).to.equal(staker.potentialReward.toString());
        expect(r.progress).to.be.within(0, 1);
      }
      cursor = page.next_cursor;
    } while (cursor !== '');
    const active = stakersAt(staking, devnet.pChain.tip.height).map((s) => encodeCb58(s.txId));
    expect(pending.sort()).to.deep.equal(active.sort());

    // Staking transactions show the reward once paid, the estimated reward until then.
    for (const staker of staking.everyStaker) {
      const tx = (await client.GetTransaction({ chain: chainRef('P'), tx_hash: encodeCb58(staker.txId) }))
        .pChain!;
      if (staker.removedAtHeight !== undefined) {
        expect(tx.rewardTxHash, tx.txHash).to.be.a('string');
        expect(tx).to.not.have.property('estimatedReward');
      } else {
        expect(tx.estimatedReward, tx.txHash).to.equal(staker.potentialReward.toString());
        expect(tx).to.not.have.property('rewardTxHash');
      }
    }
  });

  it('serves every list query from an index (EXPLAIN with sequential scans disabled shows none on its tables)', async function () {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const { pool: recording, recorded } = recordingPool(pool);
    const reader = new PrimaryNetworkReader(recording, networkContext(FUJI));
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) => a.address);
    const busiest = [accounts[0]!];
    const nodeIds = devnet.pChain.staking.everyStaker.map((s) => decodeCb58(s.nodeId.slice(7)));
    const none = { addresses: [], evmAddresses: [], txTypes: [] };
    try {
      for (const chain of ['P', 'X', 'C'] as const) {
        await reader.blocks(chain, {}, 10, '');
        await reader.blocks(chain, { startTimestamp: 1n, endTimestamp: 2_000_000_000n }, 10, '');
        await reader.transactions(chain, none, 'desc', 10, '');
        await reader.transactions(chain, { ...none, txTypes: ['BaseTx'] }, 'asc', 10, '1');
        await reader.transactions(chain, { ...none, addresses: busiest }, 'desc', 10, '');
        await reader.transactions(
          chain,
          {
            ...none,
            addresses: accounts,
            txTypes: ['ImportTx'],
            startTimestamp: 1n,
            endTimestamp: 2_000_000_000n,
          },
          'asc',
          10,
          '',
        );
        for (const sortBy of ['timestamp', 'amount'] as const) {
          for (const includeSpent of [false, true]) {
            await reader.utxos(
              chain,
              { addresses: busiest, minAmount: 0n, includeSpent },
              sortBy,
              'asc',
              10,
              '',
            );
            await reader.utxos(
              chain,
              { addresses: accounts, minAmount: 1n, includeSpent },
              sortBy,
              'desc',
              10,
              `5:${'00'.repeat(32)}`,
            );
          }
        }
      }
      await reader.transactions('P', { ...none, l1ValidationId: new Uint8Array(32) }, 'desc', 10, '');
      await reader.verticesByHeight(1n, 'asc', 10, '');
      await reader.historicalRewards({ addresses: busiest, nodeIds }, 'desc', 10, '');
      await reader.pendingStakers({ addresses: busiest, nodeIds }, 'asc', 10, '');
      await reader.validatorSet(new Uint8Array(32), 100n);
      await reader.validatorSet(decodeCb58(devnet.pChain.staking.subnetId), 100n);
      for (const order of ['asc', 'desc'] as const) {
        await reader.blockchains(order, 10, '');
        await reader.blockchains(order, 1, `2:${'00'.repeat(32)}`);
        await reader.subnets(order, 10, '');
        await reader.subnets(order, 1, '65536');
      }
      await reader.subnet(decodeCb58(devnet.l1.subnetId));
      await reader.projectedThrough();
      await expectServedByIndexes(
        pool,
        recorded,
        'SELECT * FROM primary_network.transactions WHERE details IS NOT NULL',
      );
      expect(recorded.length).to.be.greaterThan(80);
    } finally {
      await pool.end();
    }
  });

  it('gives the validator sets of the primary network and the L1 at every height, as the P-Chain does', async function () {
    const staking = devnet.pChain.staking;
    const tip = devnet.pChain.tip.height;
    const subnets = [new Uint8Array(32), decodeCb58(staking.subnetId)];
    for (let height = 1n; height <= tip; height += 1n) {
      for (const subnet of subnets) {
        const expected = [...validatorSet(staking, encodeCb58(subnet), height)]
          .map(([nodeId, m]) => ({
            nodeId,
            weight: m.weight.toString(),
            key: m.publicKey ? Buffer.from(m.publicKey).toString('hex') : '',
          }))
          .sort((a, b) => Buffer.compare(decodeCb58(a.nodeId.slice(7)), decodeCb58(b.nodeId.slice(7))));
        const set = await client.GetValidatorSet({
          network: 'fuji',
          subnet_id: Buffer.from(subnet),
          p_chain_height: height.toString(),
        });
        const actual = set.validators.map((v) => ({
          nodeId: formatNodeId(v.node_id),
          weight: v.weight,
          key: v.bls_public_key.toString('hex'),
        }));
        expect(actual, `subnet ${encodeCb58(subnet)} at ${height}`).to.deep.equal(expected);
      }
    }
  });

  /** Calls gateway-data, checks the reply against the official document, and returns the body. */
  async function api(
    template: string,
    values: Record<string, string>,
    query: Record<string, string | string[]> = {},
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) search.append(k, item);
    const response = await fetch(`${gatewayUrl}${path}${search.size > 0 ? `?${search.toString()}` : ''}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.status, `${path} ${JSON.stringify(json).slice(0, 500)}`).to.equal(200);
    assertDataApiResponse(body === undefined ? 'GET' : 'POST', template, response.status, json);
    return json;
  }

  /** Every page of a gateway-data list, following nextPageToken. */
  async function everyPage(
    template: string,
    values: Record<string, string>,
    listField: string,
    query: Record<string, string | string[]>,
    body?: unknown,
  ): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let token: string | undefined;
    do {
      const page = await api(template, values, { ...query, ...(token ? { pageToken: token } : {}) }, body);
      items.push(...(page[listField] as Record<string, unknown>[]));
      token = page.nextPageToken as string | undefined;
      if (token !== undefined) expect(token).to.be.a('string').and.not.equal('');
    } while (token !== undefined);
    return items;
  }

  /** A method of the devnet's platform API, as a node answers it. */
  async function platform<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${devnetUrl}/ext/bc/P`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const { result } = (await response.json()) as { result: T };
    return result;
  }

  it('lists the blockchains and subnets the P-Chain knows, the L1 with its owner, chain and conversion', async function () {
    const { l1 } = devnet;
    const NETWORK = { network: 'fuji' };
    const blockchains = await everyPage('/v1/networks/{network}/blockchains', NETWORK, 'blockchains', {
      sortOrder: 'asc',
    });
    // platform.getBlockchains leaves out the P-Chain, which the Data API lists among the primary network's chains.
    const { blockchains: known } = await platform<{
      blockchains: { id: string; name: string; subnetID: string; vmID: string }[];
    }>('platform.getBlockchains');
    const listed = blockchains.map((b) =>
      [b.blockchainId, b.blockchainName, b.subnetId, b.vmId].map(String).join(' '),
    );
    const expected = [
      ...known.map((b) => `${b.id} ${b.name} ${b.subnetID} ${b.vmID}`),
      `${FUJI.pChainId} P-Chain ${PRIMARY_NETWORK_SUBNET_ID} ${PLATFORM_VM_ID}`,
    ];
    expect(listed.sort()).to.deep.equal(expected.sort());
    // In order of creation: the primary network's at genesis, then the L1's at its CreateChainTx.
    expect(blockchains.at(-1)).to.deep.include({ blockchainId: l1.blockchainId, evmChainId: l1.evmChainId });

    const subnets = await everyPage('/v1/networks/{network}/subnets', NETWORK, 'subnets', {});
    expect(subnets.map((s) => s.subnetId)).to.deep.equal([l1.subnetId, PRIMARY_NETWORK_SUBNET_ID]);
    const primary = await api('/v1/networks/{network}/subnets/{subnetId}', {
      ...NETWORK,
      subnetId: PRIMARY_NETWORK_SUBNET_ID,
    });
    expect(primary).to.deep.include({ isL1: false, createBlockIndex: '0', ownerAddresses: [] });
    expect((primary.blockchains as { blockchainId: string }[]).map((b) => b.blockchainId)).to.deep.equal(
      blockchains.slice(0, 3).map((b) => b.blockchainId),
    );

    const subnet = await api('/v1/networks/{network}/subnets/{subnetId}', {
      ...NETWORK,
      subnetId: l1.subnetId,
    });
    expect(subnet).to.deep.equal(subnets[0]);
    const onChain = await platform<{
      isPermissioned: boolean;
      controlKeys: string[];
      threshold: string;
      locktime: string;
      managerChainID: string;
      managerAddress: string;
    }>('platform.getSubnet', { subnetID: l1.subnetId });
    const owner = {
      addresses: onChain.controlKeys.map((k) => k.replace(/^P-/, '')),
      threshold: Number(onChain.threshold),
      locktime: Number(onChain.locktime),
    };
    const create = all.P.find((t) => t.txType === 'CreateSubnetTx' && t.txHash === l1.subnetId)!;
    const convert = all.P.find((t) => t.txType === 'ConvertSubnetToL1Tx' && t.p!.subnetId === l1.subnetId)!;
    expect(subnet).to.deep.include({
      createBlockIndex: create.p!.blockNumber,
      createBlockTimestamp: create.timestamp,
      ownerAddresses: owner.addresses,
      threshold: owner.threshold,
      locktime: owner.locktime,
      subnetOwnershipInfo: owner,
      isL1: !onChain.isPermissioned,
      l1ConversionTransactionHash: convert.txHash,
      l1ValidatorManagerDetails: {
        blockchainId: onChain.managerChainID,
        contractAddress: onChain.managerAddress.toLowerCase(),
      },
    });
    expect(subnet.isL1).to.equal(true);
    expect(subnet.blockchains).to.deep.equal([blockchains.at(-1)]);

    const unknown = await fetch(
      `${gatewayUrl}/v1/networks/fuji/subnets/${encodeCb58(new Uint8Array(32).fill(7))}`,
    );
    expect(unknown.status).to.equal(404);
    const badSize = await fetch(`${gatewayUrl}/v1/networks/fuji/subnets?pageSize=10001`);
    expect(badSize.status).to.equal(400);
    expect(((await badSize.json()) as { message: string }).message).to.match(/^pageSize: /);

    // The official SDK, its Data API operations pointed at the gateway one call at a time.
    const sdk = officialSdk({ network: 'fuji' });
    const viaGateway = { serverURL: gatewayUrl, retries: { strategy: 'none' as const } };
    expect(
      (await sdk.data.primaryNetwork.getSubnetById({ subnetId: l1.subnetId }, viaGateway)).isL1,
    ).to.equal(true);
    const viaSdk: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.listBlockchains({ pageSize: 1 }, viaGateway))
      viaSdk.push(...page.result.blockchains.map((b) => b.blockchainId));
    expect(viaSdk).to.deep.equal(blockchains.map((b) => b.blockchainId).reverse());
    let subnetsViaSdk = 0;
    for await (const page of await sdk.data.primaryNetwork.listSubnets(
      { pageSize: 1, sortOrder: 'asc' },
      viaGateway,
    ))
      subnetsViaSdk += page.result.subnets.length;
    expect(subnetsViaSdk).to.equal(2);
  });

  it('answers every route through gateway-data with documents that validate against the official OpenAPI document', async function () {
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts);
    const address = (chain: string, i = 0) => `${chain}-${formatBech32('fuji', accounts[i]!.address)}`;
    const staking = devnet.pChain.staking;
    const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';
    for (const [alias, chain] of [
      ['p-chain', 'P'],
      ['x-chain', 'X'],
      ['c-chain', 'C'],
    ] as const) {
      const values = { network: 'fuji', blockchainId: alias };
      const info = await api(BASE, values);
      expect(info.blockchainId).to.equal(CHAIN_IDS[chain]);
      const blocks = await api(`${BASE}/blocks`, values, { pageSize: '5' });
      expect(blocks.chainInfo).to.deep.equal({ chainName: alias, network: 'fuji' });
      const first = (blocks.blocks as { blockHash: string; blockNumber: string }[])[0]!;
      expect(await api(`${BASE}/blocks/{blockId}`, { ...values, blockId: first.blockHash })).to.deep.equal(
        first,
      );
      expect(await api(`${BASE}/blocks/{blockId}`, { ...values, blockId: first.blockNumber })).to.deep.equal(
        first,
      );
      await api(`${BASE}/blocks`, values, { startTimestamp: '1767225600', endTimestamp: '1767312000' });
      // One transaction of every type, fetched alone as well.
      const byType = new Map(all[chain].map((t) => [t.txType, t.txHash]));
      for (const txHash of byType.values()) {
        const tx = await api(`${BASE}/transactions/{txHash}`, { ...values, txHash });
        expect(tx.txHash).to.equal(txHash);
      }
      await api(`${BASE}/transactions`, values, { pageSize: '100' });
      const mine = await api(`${BASE}/transactions`, values, {
        addresses: chain === 'C' ? `${address('C')},${address('C', 1)}` : address(chain),
        sortOrder: 'asc',
        startTimestamp: '1767225600',
        pageSize: '50',
      });
      if (chain !== 'C') expect((mine.transactions as unknown[]).length).to.be.greaterThan(0);
      await api(`${BASE}/transactions`, values, {
        addresses: address(chain),
        txTypes: ['ImportTx', 'ExportTx'],
      });
      const utxos = await api(
        `${BASE}/utxos`,
        values,
        { pageSize: '1024', includeSpent: 'true' },
        {
          addresses: accounts.map((a) => address(chain, accounts.indexOf(a))).join(','),
        },
      );
      expect((utxos.utxos as unknown[]).length).to.be.greaterThan(0);
      await api(
        `${BASE}/utxos`,
        values,
        { sortBy: 'amount', sortOrder: 'desc', minUtxoAmount: '1000' },
        {
          addresses: address(chain),
        },
      );
    }
    // The X-Chain's own assets, vertices and the P-Chain's L1 validators.
    const gold = all.X.find((t) => t.txType === 'CreateAssetTx')!.txHash;
    await api(
      `${BASE}/utxos`,
      { network: 'fuji', blockchainId: 'x-chain' },
      { assetId: gold },
      {
        addresses: accounts.map((a) => formatBech32('fuji', a.address)).join(','),
      },
    );
    const vertices = await api(
      `${BASE}/vertices:listByHeight`,
      { network: 'testnet', blockchainId: FUJI.xChainId },
      {
        vertexHeight: '3',
        sortOrder: 'asc',
      },
    );
    expect((vertices.vertices as { vertexHeight: number }[]).every((v) => v.vertexHeight === 3)).to.equal(
      true,
    );
    const validationId = encodeCb58(staking.l1Validators[0]!.validationId);
    const l1 = await api(
      `${BASE}/transactions`,
      { network: 'fuji', blockchainId: 'p-chain' },
      { l1ValidationId: validationId },
    );
    expect((l1.transactions as { txType: string }[]).map((t) => t.txType)).to.include('ConvertSubnetToL1Tx');
    const nodeIds = [...new Set(staking.everyStaker.map((s) => s.nodeId))].join(',');
    const rewards = await api(
      '/v1/networks/{network}/rewards',
      { network: 'fuji' },
      { nodeIds, pageSize: '100' },
    );
    expect((rewards.historicalRewards as unknown[]).length).to.be.greaterThan(0);
    await api(
      '/v1/networks/{network}/rewards',
      { network: 'fuji' },
      { addresses: address('P', 1), currency: 'eur' },
    );
    const pending = await api('/v1/networks/{network}/rewards:listPending', { network: 'fuji' }, { nodeIds });
    expect((pending.pendingRewards as unknown[]).length).to.be.greaterThan(0);
  });

  it('answers a chain a CreateChainTx created by its blockchain id, with its subnet, VM, EVM chain id and genesis', async function () {
    const { l1 } = devnet;
    // A CreateChainTx's id is the id of the chain it creates.
    const createChainTx = await api(
      '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}',
      {
        network: 'fuji',
        blockchainId: 'p-chain',
        txHash: l1.blockchainId,
      },
    );
    expect(createChainTx.txType).to.equal('CreateChainTx');
    const chain = await api('/v1/networks/{network}/blockchains/{blockchainId}', {
      network: 'fuji',
      blockchainId: l1.blockchainId,
    });
    expect(chain).to.deep.include({
      blockchainId: l1.blockchainId,
      subnetId: l1.subnetId,
      vmId: SUBNET_EVM_VM_ID,
      blockchainName: 'devnet-l1',
      evmChainId: l1.evmChainId,
    });
    expect(chain.createBlockNumber).to.equal(createChainTx.blockNumber);
    expect(chain.createBlockTimestamp).to.equal(createChainTx.blockTimestamp);
    expect((chain.genesisData as { config: { chainId: number } }).config.chainId).to.equal(l1.evmChainId);
    const sdk = new AvaCloudSDK({
      serverURL: gatewayUrl,
      network: 'fuji',
      retryConfig: { strategy: 'none' },
    });
    const viaSdk = await sdk.data.primaryNetwork.getBlockchainById(
      { blockchainId: l1.blockchainId },
      { serverURL: gatewayUrl },
    );
    expect(viaSdk.subnetId).to.equal(l1.subnetId);
    expect(viaSdk.vmId).to.equal(SUBNET_EVM_VM_ID);
    // The primary network's own chains name their VMs as avalanchego registers them.
    const cChain = await api('/v1/networks/{network}/blockchains/{blockchainId}', {
      network: 'fuji',
      blockchainId: 'c-chain',
    });
    expect(cChain.vmId).to.equal(EVM_VM_ID);
    const unknown = await fetch(
      `${gatewayUrl}/v1/networks/fuji/blockchains/${encodeCb58(new Uint8Array(32).fill(7))}`,
    );
    expect(unknown.status).to.equal(404);

    // The EVM side: the L1 by its EVM chain id, with the subnet and VM its CreateChainTx names; the C-Chain's VM.
    const l1Info = await api('/v1/chains/{chainId}', { chainId: String(l1.evmChainId) });
    expect(l1Info).to.deep.include({
      platformChainId: l1.blockchainId,
      subnetId: l1.subnetId,
      vmId: SUBNET_EVM_VM_ID,
      chainName: 'devnet-l1',
    });
    const cInfo = await api('/v1/chains/{chainId}', { chainId: '43113' });
    expect(cInfo).to.deep.include({ vmId: EVM_VM_ID, subnetId: PRIMARY_NETWORK_SUBNET_ID });
    const listed = (await api('/v1/chains', {}, { network: 'fuji' })).chains as Record<string, unknown>[];
    expect(listed.find((c) => c.platformChainId === l1.blockchainId)).to.deep.include({
      subnetId: l1.subnetId,
    });
  });

  it('serves the official SDK: @avalabs/avacloud-sdk pages through transactions, blocks and rewards', async function () {
    const sdk = new AvaCloudSDK({
      serverURL: gatewayUrl,
      network: 'fuji',
      retryConfig: { strategy: 'none' },
    });
    // The Data API's operations carry their own server list; the gateway is named per call.
    const at = { serverURL: gatewayUrl };
    const account = formatBech32('fuji', deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts)[2]!.address);
    const viaSdk: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.transactions.listLatest(
      {
        blockchainId: 'p-chain',
        addresses: account,
        pageSize: 40,
        sortOrder: 'asc',
      },
      at,
    )) {
      for (const tx of page.result.transactions) viaSdk.push(tx.txHash);
    }
    const expected = all.P.filter(
      (t) =>
        [...t.consumed, ...t.emitted].some((u) => u.addresses!.includes(account)) ||
        (t.p?.rewardAddresses ?? []).includes(account),
    ).map((t) => t.txHash);
    expect(viaSdk.length).to.be.greaterThan(40);
    expect(viaSdk).to.include.members(expected);
    const viaSdkUtxos: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.utxos.listByAddresses(
      { blockchainId: 'p-chain', addresses: account, pageSize: 50, includeSpent: true },
      at,
    ))
      for (const u of page.result.utxos) viaSdkUtxos.push(u.utxoId);
    // Outputs the P-Chain exported live on their destination chain.
    const ownUtxos = all.P.flatMap((t) => t.emitted).filter(
      (u) => u.addresses!.includes(account) && u.consumedOnChainId === CHAIN_IDS.P,
    );
    expect(viaSdkUtxos.length).to.be.greaterThan(50);
    expect(viaSdkUtxos).to.include.members(ownUtxos.map((u) => u.utxoId!));
    const block = await sdk.data.primaryNetwork.blocks.get({ blockchainId: 'x-chain', blockId: '3' }, at);
    expect(block.blockNumber).to.equal('3');
    const nodeIds = devnet.pChain.staking.everyStaker.map((s) => s.nodeId).join(',');
    let rewards = 0;
    for await (const page of await sdk.data.primaryNetwork.rewards.listHistoricalRewards(
      { nodeIds, pageSize: 7 },
      at,
    ))
      rewards += page.result.historicalRewards.length;
    expect(rewards).to.be.greaterThan(0);
  });

  it('pages every list so that any page size yields each item exactly once, in order (property)', async function () {
    // The blockchains (4) and subnets (2) of the devnet fill pages of 1 to 3.
    const networkListPageSize = (pageSize: number) => (pageSize % 3) + 1;
    const accounts = deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) =>
      formatBech32('fuji', a.address),
    );
    const nodeIds = [...new Set(devnet.pChain.staking.everyStaker.map((s) => s.nodeId))].join(',');
    const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';
    const lists: { name: string; run: (pageSize: number, order: string) => Promise<string[]> }[] = [
      {
        name: 'P transactions of an address',
        run: async (pageSize, sortOrder) =>
          (
            await everyPage(
              `${BASE}/transactions`,
              { network: 'fuji', blockchainId: 'p-chain' },
              'transactions',
              {
                addresses: accounts[1]!,
                pageSize: String(pageSize),
                sortOrder,
              },
            )
          ).map((t) => t.txHash as string),
      },
      {
        name: 'X transactions',
        run: async (pageSize, sortOrder) =>
          (
            await everyPage(
              `${BASE}/transactions`,
              { network: 'fuji', blockchainId: 'x-chain' },
              'transactions',
              {
                pageSize: String(pageSize),
                sortOrder,
              },
            )
          ).map((t) => t.txHash as string),
      },
      {
        name: 'P blocks',
        run: async (pageSize) =>
          (
            await everyPage(`${BASE}/blocks`, { network: 'fuji', blockchainId: 'p-chain' }, 'blocks', {
              pageSize: String(pageSize),
            })
          ).map((b) => b.blockHash as string),
      },
      {
        name: 'P UTXOs by amount',
        run: async (pageSize, sortOrder) =>
          (
            await everyPage(
              `${BASE}/utxos`,
              { network: 'fuji', blockchainId: 'p-chain' },
              'utxos',
              { pageSize: String(pageSize * 10), sortOrder, sortBy: 'amount', includeSpent: 'true' },
              { addresses: accounts.slice(0, 3).join(',') },
            )
          ).map((u) => u.utxoId as string),
      },
      {
        name: 'blockchains',
        run: async (pageSize, sortOrder) =>
          (
            await everyPage('/v1/networks/{network}/blockchains', { network: 'fuji' }, 'blockchains', {
              pageSize: String(networkListPageSize(pageSize)),
              sortOrder,
            })
          ).map((b) => b.blockchainId as string),
      },
      {
        name: 'subnets',
        run: async (pageSize, sortOrder) =>
          (
            await everyPage('/v1/networks/{network}/subnets', { network: 'fuji' }, 'subnets', {
              pageSize: String(networkListPageSize(pageSize)),
              sortOrder,
            })
          ).map((s) => s.subnetId as string),
      },
      {
        name: 'historical rewards',
        run: async (pageSize, sortOrder) =>
          (
            await everyPage('/v1/networks/{network}/rewards', { network: 'fuji' }, 'historicalRewards', {
              nodeIds,
              pageSize: String(pageSize),
              sortOrder,
            })
          ).map((r) => r.utxoId as string),
      },
    ];
    const whole = new Map<string, string[]>();
    for (const list of lists) {
      for (const order of ['asc', 'desc']) whole.set(`${list.name} ${order}`, await list.run(100, order));
      expect(whole.get(`${list.name} asc`)!.length, list.name).to.be.at.least(2);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: lists.length - 1 }),
        fc.integer({ min: 3, max: 99 }),
        fc.constantFrom('asc', 'desc'),
        async (which, pageSize, order) => {
          const list = lists[which]!;
          const items = await list.run(pageSize, order);
          expect(new Set(items).size, `${list.name}: no item twice`).to.equal(items.length);
          expect(items, `${list.name} ${order} by ${pageSize}`).to.deep.equal(
            whole.get(`${list.name} ${order}`),
          );
        },
      ),
      { numRuns: 15, seed: 20261121 },
    );
    // The network's own lists are short: every page size that splits them, in both orders.
    for (const list of lists.filter((l) => l.name === 'blockchains' || l.name === 'subnets'))
      for (const order of ['asc', 'desc'])
        for (const pageSize of [0, 1, 2])
          expect(await list.run(pageSize, order), `${list.name} ${order}`).to.deep.equal(
            whole.get(`${list.name} ${order}`),
          );
    // In order: ascending is descending reversed, for keys that are unique.
    const p = whole.get('P transactions of an address asc')!;
    expect(whole.get('P transactions of an address desc')).to.deep.equal([...p].reverse());
  });
});
