import { expect } from 'chai';
import type { EvmDataServiceHandlers } from '../../services/generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import type { ProtoGrpcType } from '../../services/generated/proto/evm_data.ts';
import { loadProto } from '../../services/runtime/grpc/proto.ts';
import { implementService, startGrpcServer, type GrpcServer } from '../../services/runtime/grpc/server.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  blockHash,
  expectedRollups,
  storedRollups,
  syntheticChain,
  type RolledUpChain,
} from '../support/metrics-model.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';

/**
 * `chain-data metrics` as a process against an evm-data played by this test (a gRPC server answering ListChains,
 * GetIngestionStatus and StreamBlockActivity from synthetic chains): it follows every chain listed, counts each in
 * its network, picks up a chain listed later, follows chains that grow, and stops a chain whose blocks no longer
 * continue what it rolled up, saying so in /readyz and /metrics while the other chains go on.
 */
type Handlers = Pick<EvmDataServiceHandlers, 'ListChains' | 'GetIngestionStatus' | 'StreamBlockActivity'>;

const utc = (iso: string) => Date.parse(iso) / 1000;
const full = {
  mainnet: syntheticChain('1001', 'mainnet', utc('2025-12-29T05:00:00Z'), 120, 11),
  testnet: syntheticChain('2002', 'testnet', utc('2025-12-30T23:30:00Z'), 100, 12),
  later: syntheticChain('3003', 'testnet', utc('2026-01-02T12:00:00Z'), 40, 13),
};

describe('chain-data metrics against an evm-data', function () {
  this.timeout(300_000);
  let db: TestDatabase;
  let pool: Pool;
  let server: GrpcServer;
  let metrics: RunningComponent;
  /** What the played evm-data has indexed now. */
  const served: RolledUpChain[] = [
    { ...full.mainnet, blocks: full.mainnet.blocks.slice(0, 80) },
    { ...full.testnet, blocks: full.testnet.blocks.slice(0) },
  ];

  before(async function () {
    const proto = loadProto<ProtoGrpcType>('chaindata/evmdata/v1/evm_data.proto');
    const definition = proto.chaindata.evmdata.v1.EvmDataService.service;
    const log = createLogger('fake-evm-data', 'silent');
    const chainOf = (chainId: string) => {
      const chain = served.find((c) => c.evmChainId === chainId);
      if (!chain) throw new Error(`unknown chain ${chainId}`);
      return chain;
    };
    server = await startGrpcServer({
      address: `127.0.0.1:${await freePort()}`,
      log,
      services: [
        {
          name: 'chaindata.evmdata.v1.EvmDataService',
          definition,
          implementation: implementService<Handlers>(definition, log, {
            ListChains: () =>
              Promise.resolve({
                chains: served.map((c) => ({
                  chainId: c.evmChainId,
                  isTestnet: c.network === 'testnet',
                  chainName: `chain ${c.evmChainId}`,
                })),
              }),
            GetIngestionStatus: () =>
              Promise.resolve({
                chains: served.map((c) => ({
                  blockchain_id: `chain-${c.evmChainId}`,
                  evm_chain_id: c.evmChainId,
                  next_block: String(c.blocks.length),
                  head_block: String(c.blocks.length - 1),
                })),
              }),
            async StreamBlockActivity(request, write) {
              const chain = chainOf(request.chain_id);
              const from = request.after_block === undefined ? 0 : Number(request.after_block) + 1;
              for (const block of chain.blocks.slice(from)) await write(block);
            },
          }),
        },
      ],
    });
    server.setServing(true);
    db = await createTestDatabase();
    pool = createPool(db.url, 'metrics-component-test');
    metrics = await startComponent('metrics', {
      DATABASE_URL: db.url,
      EVM_DATA_ADDRESS: `127.0.0.1:${server.port}`,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
      METRICS_ROLLUP_BATCH_BLOCKS: '16',
      METRICS_ROLLUP_POLL_INTERVAL_MS: '100',
      METRICS_CHAIN_DISCOVERY_INTERVAL_MS: '200',
      LOG_LEVEL: 'warn',
    });
  });
  after(async function () {
    await metrics?.stop();
    await server?.shutdown(1_000);
    await pool?.end();
    await db?.drop();
  });

  const caughtUp = (what: string) =>
    eventually(
      async () => {
        const { rows } = await pool
          .query<{ evm_chain_id: string; next_block: string }>(
            'SELECT evm_chain_id, next_block FROM metrics.chains',
          )
          .catch(() => ({ rows: [] }));
        return served.every(
          (c) => rows.find((r) => r.evm_chain_id === c.evmChainId)?.next_block === String(c.blocks.length),
        );
      },
      60_000,
      what,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${metrics.output()}`, { cause: err });
    });
  const ops = (path: string) => fetch(`http://127.0.0.1:${metrics.opsPort}${path}`);

  it('rolls up every chain evm-data lists, each in its network, and follows them as they grow', async function () {
    await caughtUp('the first chains rolled up');
    expect(await storedRollups(pool)).to.deep.equal(expectedRollups(served));
    served[0]!.blocks = full.mainnet.blocks.slice(0);
    await caughtUp('the grown chain rolled up');
    expect(await storedRollups(pool)).to.deep.equal(expectedRollups(served));
    expect((await ops('/readyz')).status).to.equal(200);
  });

  it('follows a chain listed later', async function () {
    served.push(full.later);
    await caughtUp('the later chain rolled up');
    expect(await storedRollups(pool)).to.deep.equal(expectedRollups(served));
    const exposition = await (await ops('/metrics')).text();
    expect(exposition).to.match(/chain_data_metrics_chains_followed\{[^}]*\} 3/);
  });

  it('stops a chain whose blocks do not continue what it rolled up, in /readyz and /metrics; the others go on', async function () {
    const before = await storedRollups(pool);
    // evm-data, re-indexed on another chain: another block 99, and a block 100 on top of it.
    const last = full.testnet.blocks[99]!;
    served[1] = {
      ...served[1]!,
      blocks: [
        ...full.testnet.blocks.slice(0, 99),
        { ...last, block_hash: blockHash('2002', 99, 1) },
        {
          ...last,
          block_number: '100',
          parent_hash: blockHash('2002', 99, 1),
          block_hash: blockHash('2002', 100, 1),
        },
      ],
    };
    let readyz = '';
    await eventually(
      async () => {
        const response = await ops('/readyz');
        readyz = await response.text();
        return response.status === 503;
      },
      30_000,
      '/readyz to report the stopped chain',
    );
    expect(readyz).to.match(/chain 2002 stopped: chain 2002 block 100: its parent hash 0x0000200200000001/);
    expect(await (await ops('/metrics')).text()).to.match(
      /chain_data_follower_stopped\{follower="chain 2002"[^}]*\} 1/,
    );
    expect(metrics.output()).to.include('do not continue the rolled-up chain');
    expect(await storedRollups(pool)).to.deep.equal(before);

    // The other chains are still followed.
    const grown = syntheticChain('1001', 'mainnet', utc('2025-12-29T05:00:00Z'), 130, 11);
    served[0]!.blocks = grown.blocks;
    await eventually(
      async () => {
        const { rows } = await pool.query<{ next_block: string }>(
          "SELECT next_block FROM metrics.chains WHERE evm_chain_id = '1001'",
        );
        return rows[0]?.next_block === '130';
      },
      30_000,
      'chain 1001 rolled up past the stopped chain',
    );
    const { rows } = await pool.query<{ next_block: string }>(
      "SELECT next_block FROM metrics.chains WHERE evm_chain_id = '2002'",
    );
    expect(rows[0]?.next_block).to.equal('100');
  });
});
