import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, freePort, startComponent, type RunningComponent } from '../support/processes.ts';
import { REPO_ROOT, runTool } from '../support/kube-tools.ts';

/**
 * The image runs `make build`'s output, not the TypeScript sources: build it into a temporary directory and run
 * components from it, so a file read next to the code (protos, migrations, the devnet's contracts) that the build
 * leaves behind fails here rather than in a cluster.
 */

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** A component run from the compiled entry point, telemetry off (nothing to export to). */
function startCompiled(
  bin: string,
  component: string,
  env: Record<string, string>,
): Promise<RunningComponent> {
  return startComponent(component, { OTEL_SDK_DISABLED: 'true', ...env }, 30_000, bin);
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

describe('the compiled build (make build)', function () {
  this.timeout(120_000);
  let dir: string;
  let dist: string;
  let bin: string;
  const running: RunningComponent[] = [];
  let database: TestDatabase | undefined;

  before(async function () {
    dir = await mkdtemp(join(tmpdir(), 'chain-data-build-'));
    dist = join(dir, 'dist');
    bin = join(dist, 'bin', 'chain-data.js');
    // The image's layout: dist/ next to node_modules/ (which the compiled code resolves its packages from).
    await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    // -o: never reinstall node_modules under the running tests (make test has just installed them).
    const result = await runTool('make', [
      '-s',
      '--no-print-directory',
      '-o',
      'node_modules/.installed',
      'build',
      `DIST=${dist}`,
    ]);
    if (result.code !== 0) throw new Error(`make build failed:\n${result.stdout}${result.stderr}`);
  });

  after(async function () {
    for (const r of running.reverse()) await r.stop();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds JavaScript with its imports rewritten, and the files read next to it', function () {
    const files = filesUnder(dist);
    expect(files.filter((f) => f.endsWith('.ts'))).to.deep.equal([]);
    const tsImport = /(?:from\s*|import\s*\(\s*)["'](\.{1,2}\/[^"']*\.ts)["']/;
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const match = tsImport.exec(readFileSync(join(dist, file), 'utf8'));
      expect(match, `${file} imports ${match?.[1]}`).to.be.null;
    }
    const sources = filesUnder(join(REPO_ROOT, 'services'));
    const expected = [
      'bin/chain-data.js',
      'services/cli.js',
      'package.json',
      'build/contracts.json',
      ...filesUnder(join(REPO_ROOT, 'proto')).map((f) => `proto/${f}`),
      ...sources.filter((f) => /\/migrations\/.*\.sql$/.test(f)).map((f) => `services/${f}`),
      ...sources.filter((f) => f.endsWith('.sol')).map((f) => `services/${f}`),
    ];
    expect(expected.filter((f) => f.endsWith('.sql'))).to.not.be.empty;
    expect(files).to.include.members(expected);
  });

  it('lists the components with --help', async function () {
    const result = await runTool(process.execPath, [bin, '--help']);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('usage: chain-data <component>').and.include('container-indexer');
  });

  it('runs the devnet on the contracts compiled ahead of time, then the container indexer with its migrations', async function () {
    const artifacts = join(dist, 'build', 'contracts.json');
    const builtAt = statSync(artifacts).mtimeMs;
    const httpPort = await freePort();
    const devnet = await startCompiled(bin, 'devnet', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      DEVNET_HISTORY_HOURS: '1',
      DEVNET_LIVE_INTERVAL_MS: '0',
    });
    running.push(devnet);
    const upstream = `http://127.0.0.1:${httpPort}`;
    const cChain = `${upstream}/ext/bc/C/rpc`;
    expect(await rpc(cChain, 'eth_chainId')).to.equal('0xa869');
    // The history deploys the contracts: blocks on the C-Chain mean their artifacts loaded.
    await eventually(
      async () => BigInt((await rpc(cChain, 'eth_blockNumber')) as string) > 0n,
      20_000,
      'C-Chain blocks',
    );
    // A stale or unreadable build/contracts.json would have been recompiled and rewritten.
    expect(statSync(artifacts).mtimeMs).to.equal(builtAt);

    database = await createTestDatabase();
    const indexer = await startCompiled(bin, 'container-indexer', {
      DATABASE_URL: database.url,
      UPSTREAM_NODE_URLS: upstream,
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${await freePort()}`,
    });
    running.push(indexer);
    expect(indexer.output()).to.include('applied migrations').and.include('gRPC server listening');
    expect(existsSync(join(dist, 'services', 'container-indexer', 'store', 'migrations'))).to.be.true;
  });
});
