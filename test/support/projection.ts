import type { Container__Output } from '../../services/generated/proto/chaindata/containerindexer/v1/Container.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import type { ContainerStream, ProjectedIndex } from '../../services/primary-network/ingest/projector.ts';
import type { PotentialRewards, RewardUtxoSource } from '../../services/primary-network/platform-rewards.ts';
import { stakersAt } from '../../services/devnet/validator-sets.ts';
import type { Pool } from '../../services/runtime/database/pool.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';

/**
 * What the primary-network projection tests share: a devnet's containers streamed as the container indexer
 * streams them, and a digest of everything the projection wrote, to compare two runs.
 */

/** platform.getRewardUTXOs and getCurrentValidators' potential rewards, from the devnet's own staking records. */
export function devnetRewards(devnet: Devnet): RewardUtxoSource & PotentialRewards {
  return {
    rewardUtxos: (stakingTxId) => {
      const staker = devnet.pChain.staking.everyStaker.find((s) => encodeCb58(s.txId) === stakingTxId);
      return Promise.resolve(staker?.removedAtHeight !== undefined ? staker.rewardUtxos : []);
    },
    potentialRewards: (nodeIds) =>
      Promise.resolve(
        new Map(
          stakersAt(devnet.pChain.staking, devnet.pChain.tip.height)
            .filter((s) => nodeIds.includes(s.nodeId))
            .map((s) => [encodeCb58(s.txId), s.potentialReward] as const),
        ),
      ),
  };
}

/** The devnet's containers after a cursor; `onContainer` runs before each is given (it may throw to break off). */
export function devnetContainerStream(
  devnet: Devnet,
  onContainer: (indexName: ProjectedIndex, index: bigint) => void = () => {},
): ContainerStream {
  return async function* (indexName, afterIndex) {
    const start = afterIndex === undefined ? 0n : afterIndex + 1n;
    for (const c of await devnet.containers.range(indexName, start, 1_000_000n)) {
      onContainer(indexName, c.index);
      const container: Container__Output = {
        id: encodeCb58(c.id),
        bytes: Buffer.from(c.bytes),
        timestamp_unix_nano: c.acceptedAtUnixNano.toString(),
        index: c.index.toString(),
      };
      yield container;
    }
  };
}

/**
 * Every table of the primary_network schema, as its row count and a digest of its rows in a fixed order; `leaveOut`
 * names columns, by table, that the digest does not cover.
 */
export async function projectionDigest(
  pool: Pool,
  leaveOut: Record<string, string[]> = {},
): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'primary_network' AND table_name <> 'schema_migrations' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const columns = leaveOut[table_name];
    const row = columns ? `(to_jsonb(t) - $1::text[])::text` : 't::text';
    const { rows } = await pool.query<{ n: string; digest: string | null }>(
      `SELECT count(*) AS n, md5(string_agg(${row}, '|' ORDER BY ${row})) AS digest
       FROM primary_network.${table_name} t`,
      columns ? [columns] : [],
    );
    out[table_name] = `${rows[0]!.n} ${rows[0]!.digest ?? ''}`;
  }
  return out;
}
