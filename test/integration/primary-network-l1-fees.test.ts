import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { Container__Output } from '../../services/generated/proto/chaindata/containerindexer/v1/Container.ts';
import { l1ValidatorBalance } from '../../services/devnet/l1-validator-fees.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import type { PlatformBlock } from '../../services/devnet/p-chain.ts';
import { Projector, type ContainerStream } from '../../services/primary-network/ingest/projector.ts';
import { MIGRATIONS_DIR, SCHEMA } from '../../services/primary-network/main.ts';
import { networkContext } from '../../services/primary-network/network.ts';
import { ProjectionWriter } from '../../services/primary-network/store/writer.ts';
import { migrate, readMigrations } from '../../services/runtime/database/migrate.ts';
import { createPool, type Pool } from '../../services/runtime/database/pool.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { pChainOnlyDevnet } from '../support/devnets.ts';
import { devnetRewards } from '../support/projection.ts';

/**
 * primary-network's replay of ACP-77's continuous fee over a P-Chain long enough for the devnet to disable an L1
 * validator (height 2,000): every balance, the refund UTXO and the AccruedFees agree with what the devnet's P-Chain
 * charged, block by block, in batches that split the history anywhere.
 */
describe('primary-network: L1 validator fees and refunds', function () {
  this.timeout(300_000);
  let devnet: Devnet;
  const containers: Container__Output[] = [];
  let db: TestDatabase;
  let pool: Pool;

  before(async function () {
    let blocks: PlatformBlock[];
    ({ devnet, blocks } = await pChainOnlyDevnet('l1-fees', 2_010n));
    for (const block of blocks)
      containers.push({
        id: encodeCb58(block.id),
        bytes: Buffer.from(block.bytes),
        timestamp_unix_nano: (block.timeSeconds * 1_000_000_000n).toString(),
        index: containers.length.toString(),
      });
    db = await createTestDatabase();
    pool = createPool(db.url, 'l1-fees-test');
    await migrate(pool, SCHEMA, await readMigrations(MIGRATIONS_DIR));
  });

  after(async function () {
    await pool?.end();
    await db?.drop();
  });

  const stream: ContainerStream = (indexName, afterIndex) =>
    Readable.from(
      indexName === 'P/block' ? containers.slice(afterIndex === undefined ? 0 : Number(afterIndex) + 1) : [],
    );

  it('agrees with the devnet on every balance, the refund and the accrued fees', async function () {
    // Batches of 97 blocks: the ledger is carried from batch to batch in memory, and read back from the store by a
    // second projector that resumes mid-history.
    const projectorOf = () =>
      new Projector({
        ctx: networkContext(devnet.parameters.identity),
        writer: new ProjectionWriter(pool),
        stream,
        rewards: devnetRewards(devnet),
        batchSize: 97,
        pollIntervalMs: 10,
        maxBackoffMs: 10,
        log: createLogger('l1-fees-test', 'silent'),
      });
    const half = containers.length >> 1;
    const whole = containers.splice(half);
    await projectorOf().catchUp();
    containers.push(...whole);
    await projectorOf().catchUp();

    const { staking } = devnet.pChain;
    const disabled = staking.l1Validators.filter((v) => v.refund);
    expect(disabled, 'a validator was disabled').to.have.length(1);
    const { rows: validators } = await pool.query<{ validation_id: Buffer; balance: string }>(
      `SELECT v.validation_id, CASE WHEN v.end_accumulated_fee = 0 THEN 0
              ELSE v.end_accumulated_fee - (SELECT l1_accrued_fees FROM primary_network.blocks
                                            WHERE chain = 'P' ORDER BY height DESC LIMIT 1) END::text AS balance
       FROM primary_network.l1_validators v`,
    );
    expect(validators).to.have.length(staking.l1Validators.length);
    for (const v of staking.l1Validators) {
      const row = validators.find((r) => r.validation_id.equals(v.validationId))!;
      expect(row.balance, encodeCb58(v.validationId)).to.equal(
        l1ValidatorBalance(v, staking.l1Fees.accruedFees).toString(),
      );
    }
    const refund = disabled[0]!.refund!;
    const { rows: utxos } = await pool.query<{ amount: string }>(
      `SELECT amount::text FROM primary_network.utxos WHERE tx_id = $1 AND output_index = $2`,
      [Buffer.from(refund.txId), refund.outputIndex],
    );
    expect(utxos.map((u) => u.amount)).to.deep.equal([refund.amount.toString()]);
    // The devnet charges its first block from its genesis time, which primary-network never sees (no container):
    // its AccruedFees is that interval's fee short; no L1 validator existed yet, so balances are unaffected.
    const { rows: tip } = await pool.query<{ l1_accrued_fees: string }>(
      `SELECT l1_accrued_fees::text FROM primary_network.blocks WHERE chain = 'P' ORDER BY height DESC LIMIT 1`,
    );
    expect(BigInt(tip[0]!.l1_accrued_fees)).to.equal(
      staking.l1Fees.accruedFees - 512n * devnet.parameters.blockIntervalSeconds,
    );
  });
});
