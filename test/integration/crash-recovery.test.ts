/**
 * kill -9 at random moments while the stack ingests, then restart: every table of the container indexer,
 * primary-network and evm-data must end up exactly as an uninterrupted run leaves it (row counts and digests of
 * every row). Both runs follow one devnet (no live blocks, so both reach the same head) into databases of their own;
 * during the interrupted run's kills the devnet's platform API also lags behind the P-Chain's tip.
 * The kill schedule comes from a seeded generator; a failure prints the seed (CRASH_SEED=… repeats it).
 */
import { expect } from 'chai';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';

const SCHEMAS = ['container_indexer', 'primary_network', 'evm_data'];
/** Columns that say when a row was written, not what it holds. */
const WALL_CLOCK_COLUMNS = ['updated_at', 'metadata_updated_at', 'reindex_requested_at'];

type Digests = Record<string, string>;

/** `schema.table` → `rows:md5` of every row as JSON (wall-clock columns left out), in a fixed order. */
async function digests(url: string): Promise<Digests> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' AND table_name NOT LIKE '%migrations%'
        ORDER BY 1, 2`,
      [SCHEMAS],
    );
    const result: Digests = {};
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ n: number; digest: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(x, E'\\n' ORDER BY x), '')) AS digest
           FROM (SELECT (to_jsonb(t) - $1::text[])::text AS x FROM ${schema}.${name} t) rows`,
        [WALL_CLOCK_COLUMNS],
      );
      result[`${schema}.${name}`] = `${rows[0]!.n}:${rows[0]!.digest}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

/** A small deterministic generator (mulberry32), so a failing schedule can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Stack {
  components: Map<string, { env: Record<string, string>; running: RunningComponent }>;
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
  /** The tail of each component's log, for a failure report. */
  output(): string;
}

async function startStack(devnetUrl: string, db: TestDatabase): Promise<Stack> {
  const indexerAddress = `127.0.0.1:${await freePort()}`;
  const common = { DATABASE_URL: db.url, LOG_LEVEL: 'warn', AVALANCHE_NETWORK: 'fuji' };
  const envs: [string, Record<string, string>][] = [
    [
      'container-indexer',
      {
        ...common,
        UPSTREAM_NODE_URLS: devnetUrl,
        GRPC_LISTEN_ADDRESS: indexerAddress,
        INDEXER_POLL_INTERVAL_MS: '100',
        INDEXER_MAX_BACKOFF_MS: '200',
        // Small batches: more transactions, so a kill lands inside one more often.
        INDEXER_BATCH_SIZE: '64',
      },
    ],
    [
      'primary-network',
      {
        ...common,
        UPSTREAM_CHAIN_NODE_URLS: `P=${devnetUrl}`,
        GENESIS_CONFIG: `${devnetUrl}/ext/devnet/genesis`,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
        CONTAINER_INDEXER_ADDRESS: indexerAddress,
        PROJECTION_POLL_INTERVAL_MS: '100',
      },
    ],
    [
      'evm-data',
      {
        ...common,
        UPSTREAM_NODE_URLS: devnetUrl,
        GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
        EVM_CHAINS: 'C',
        NFT_METADATA_ENABLED: 'false',
        EVM_INGEST_POLL_INTERVAL_MS: '100',
        EVM_INGEST_MAX_BACKOFF_MS: '200',
        EVM_INGEST_BATCH_BLOCKS: '10',
      },
    ],
  ];
  const components = new Map<string, { env: Record<string, string>; running: RunningComponent }>();
  for (const [name, env] of envs)
    components.set(name, { env, running: await startComponent(name, env, 60_000) });
  return {
    components,
    async restart(name) {
      const component = components.get(name)!;
      await component.running.kill();
      component.running = await startComponent(name, component.env, 60_000);
    },
    async stop() {
      // The tables are what is compared, not how the processes end.
      for (const { running } of [...components.values()].reverse()) await running.kill().catch(() => {});
    },
    output: () =>
      [...components]
        .map(([name, { running }]) => `--- ${name}\n${running.output().slice(-3_000)}`)
        .join('\n'),
  };
}

/** A component's Prometheus samples by metric name and label set, e.g. `chain_data_index_next{index="P/block"}`. */
async function samples(component: RunningComponent): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${component.opsPort}/metrics`)).text();
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = match[2]!.replace(/,?component="[^"]*"/, '').replace(/^,/, '');
    found.set(`${match[1]}{${labels}}`, Number(match[3]));
  }
  return found;
}

/**
 * Every follower has what its upstream has: the container indexer's and evm-data's followers are 0 behind, and the
 * projection's next index equals the indexer's for every index it projects.
 */
async function caughtUp(stack: Stack): Promise<boolean> {
  const get = (name: string) => samples(stack.components.get(name)!.running);
  const [indexer, projection, evm] = await Promise.all([
    get('container-indexer'),
    get('primary-network'),
    get('evm-data'),
  ]);
  const behind = (metrics: Map<string, number>) =>
    [...metrics].filter(([key]) => key.startsWith('chain_data_follower_behind{')).map(([, value]) => value);
  const indexerBehind = behind(indexer);
  const evmBehind = behind(evm);
  const projected = [...projection].filter(([key]) => key.startsWith('chain_data_projection_next_index{'));
  return (
    indexerBehind.length === 5 &&
    indexerBehind.every((v) => v === 0) &&
    evmBehind.length === 1 &&
    evmBehind[0] === 0 &&
    projected.length > 0 &&
    projected.every(
      ([key, value]) =>
        indexer.get(key.replace('chain_data_projection_next_index', 'chain_data_index_next')) === value,
    )
  );
}

describe('crash recovery: kill -9 while ingesting', crashSuite);

function crashSuite(this: Mocha.Suite) {
  this.timeout(600_000);
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
  let devnet: RunningComponent;
  let devnetUrl: string;
  const databases: TestDatabase[] = [];
  const stacks: Stack[] = [];

  before(async () => {
    const port = await freePort();
    devnet = await startComponent(
      'devnet',
      {
        HTTP_PORT: String(port),
        DEVNET_SEED: 'crash-recovery',
        DEVNET_HISTORY_HOURS: '12',
        DEVNET_LIVE_INTERVAL_MS: '0',
        LOG_LEVEL: 'warn',
      },
      180_000,
    );
    devnetUrl = `http://127.0.0.1:${port}`;
  });

  after(async () => {
    for (const stack of stacks) await stack.stop();
    await devnet?.kill();
    for (const db of databases) await db.drop().catch(() => {});
  });

  it(`leaves every table as an uninterrupted run does (seed ${seed})`, async () => {
    const reference = await createTestDatabase();
    databases.push(reference);
    const uninterrupted = await startStack(devnetUrl, reference);
    stacks.push(uninterrupted);
    await eventually(() => caughtUp(uninterrupted), 300_000, 'the uninterrupted run to catch up').catch(
      (err: unknown) => {
        throw new Error(`${(err as Error).message}\n${uninterrupted.output()}`);
      },
    );
    const expected = await digests(reference.url);
    await uninterrupted.stop();
    expect(Number(expected['evm_data.blocks']!.split(':')[0])).to.be.greaterThan(100);
    expect(Number(expected['primary_network.transactions']!.split(':')[0])).to.be.greaterThan(100);

    const crashed = await createTestDatabase();
    databases.push(crashed);
    const next = random(seed);
    const stack = await startStack(devnetUrl, crashed);
    stacks.push(stack);
    const names = [...stack.components.keys()];
    const kills: string[] = [];
    // Through the kills the node also lags behind the P-Chain's tip, as a node still catching up does: what the
    // projection reads from it (reward UTXOs, potential rewards) must wait for it rather than be stored incomplete.
    const lag = (blocks: number) =>
      fetch(`${devnetUrl}/ext/devnet/platform/lag`, { method: 'PUT', body: JSON.stringify({ blocks }) }).then(
        (res) => expect(res.status, 'the devnet takes the lag').to.equal(200),
      );
    await lag(60);
    // Each component killed three times, in a shuffled order, each after a random while.
    const schedule = [...names, ...names, ...names]
      .map((name) => ({ name, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map(({ name }) => name);
    for (const name of schedule) {
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.floor(next() * 1_500)));
      kills.push(name);
      await stack.restart(name);
    }
    await lag(0);
    let actual: Digests = {};
    await eventually(
      async () => {
        actual = await digests(crashed.url);
        return JSON.stringify(actual) === JSON.stringify(expected);
      },
      300_000,
      'the interrupted run to reach the same rows',
    ).catch(() => {
      const differing = Object.keys(expected).filter((table) => actual[table] !== expected[table]);
      throw new Error(
        `seed ${seed}, kills ${kills.join(', ')}: tables differ from the uninterrupted run: ${differing
          .map((t) => `${t} (${actual[t]} vs ${expected[t]})`)
          .join('; ')}`,
      );
    });
  });
}
