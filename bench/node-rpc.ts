/**
 * `make bench`, fifth part: node JSON-RPC through gateway-rpc and node-rpc. A devnet history is served by the devnet
 * (the node); in one run, at a fixed concurrency:
 *
 * - `eth_getBlockByNumber` of accepted blocks and `eth_getLogs` over closed ten-block ranges, straight from the
 *   devnet and through gateway-rpc (whose node-rpc answers them from memory once asked: they are final);
 * - bare Koa answering a block's reply of the same size (the baseline of every HTTP figure).
 *
 * Every component runs as `chain-data <component>` (telemetry on, no exporter). With --write-docs (or
 * BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../test/support/processes.ts';
import { startBareKoaServer, startBenchComponent, startBenchDevnet } from './components.ts';
import { httpLoad, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
/** The target: the cached path at least this share of bare Koa's request rate, and faster than the node. */
const MINIMUM_KOA_RATIO = 0.6;

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '24' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] node-rpc: ${text}\n`);
const body = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const hex = (n: number) => `0x${n.toString(16)}`;

const devnet = await startBenchDevnet({ hours: args.hours, accounts: '20' });
const running: { stop(): Promise<unknown> }[] = [];
try {
  const { l1 } = (await (await fetch(`${devnet.url}/ext/devnet/chains`)).json()) as {
    l1: { blockchainId: string };
  };
  const nodeRpcPort = await freePort();
  running.push(
    await startBenchComponent('node-rpc', {
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
      UPSTREAM_NODE_URLS: devnet.url,
      EVM_CHAINS: `C,${l1.blockchainId}`,
    }),
  );
  const gatewayPort = await freePort();
  running.push(
    await startBenchComponent('gateway-rpc', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(gatewayPort),
      NODE_RPC_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${await freePort()}`,
    }),
  );
  const node = `${devnet.url}/ext/bc/C/rpc`;
  const gateway = `http://127.0.0.1:${gatewayPort}/ext/bc/C/rpc`;
  const post = async (url: string, text: string) =>
    (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    ).text();
  // eth_blockNumber through the gateway first: node-rpc keeps logs only of ranges it knows are below the head.
  const head = Number(
    (JSON.parse(await post(gateway, body('eth_blockNumber', []))) as { result: string }).result,
  );
  const spread = (count: number, last: number) =>
    Array.from({ length: count }, (_, i) => 1 + Math.floor((i * (last - 1)) / count));
  const blocks = spread(250, head).map((n) => body('eth_getBlockByNumber', [hex(n), false]));
  const logs = spread(100, head - 10).map((n) =>
    body('eth_getLogs', [{ fromBlock: hex(n), toBlock: hex(n + 9) }]),
  );
  log(`C-Chain head ${head}: warming the gateway's cache`);
  for (const text of [...blocks, ...logs]) await post(gateway, text);
  const sampleReply = await post(node, blocks[blocks.length >> 1]!);
  const koa = await startBareKoaServer(sampleReply);
  running.push(koa);

  const isResult = (text: string) => text.includes('"result":') && !text.includes('"result":null');
  const measure = async (name: string, url: string, requests: string[]) => {
    log(name);
    return [name, await httpLoad(url, requests, settings, isResult)] as const;
  };
  const results: (readonly [string, Measurement])[] = [
    await measure('eth_getBlockByNumber, devnet (the node)', node, blocks),
    await measure('eth_getBlockByNumber, gateway-rpc', gateway, blocks),
    await measure('eth_getLogs (10 blocks), devnet (the node)', node, logs),
    await measure('eth_getLogs (10 blocks), gateway-rpc', gateway, logs),
    await measure('bare Koa (baseline)', koa.url, blocks),
  ];
  const koaRate = results.at(-1)![1].requestsPerSecond;
  const rate = (index: number) => results[index]![1].requestsPerSecond;
  const table = markdownTable(
    ['path', 'requests/s', 'p50 ms', 'p99 ms', 'req/s vs bare Koa', 'failures'],
    results.map(([name, m]) => [
      name,
      m.requestsPerSecond.toFixed(0),
      m.p50Ms.toFixed(2),
      m.p99Ms.toFixed(2),
      (m.requestsPerSecond / koaRate).toFixed(2),
      m.failures.map((f) => `${f.count} ${f.kind}`).join(', ') || 'none',
    ]),
    [false, true, true, true, true, false],
  );
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const verdict = [
    `Target: the gateway's cached blocks faster than the node — ${(rate(1) / rate(0)).toFixed(2)}× the node, ${met(rate(1) > rate(0))}; ` +
      `logs ${(rate(3) / rate(2)).toFixed(2)}× the node, ${met(rate(3) > rate(2))}.`,
    `Target: at least ${MINIMUM_KOA_RATIO * 100}% of bare Koa's rate — blocks ${((rate(1) / koaRate) * 100).toFixed(0)}%, ${met(rate(1) >= MINIMUM_KOA_RATIO * koaRate)}.`,
    `Reply size: ${sampleReply.length} bytes (a block without its transactions' bodies).`,
  ].join('\n');
  const text = `${table}\n\n${verdict}`;
  process.stdout.write(`\n## Node JSON-RPC (gateway-rpc, node-rpc)\n\n${text}\n`);
  if (writeDocs) {
    await writeMarkedSection(
      DOCS_FILE,
      'node-rpc',
      `## Node JSON-RPC (gateway-rpc, node-rpc)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/node-rpc.ts\` (part of \`make bench\`)
- Settings: devnet history of ${args.hours} hours; ${settings.connections} connections, ${args.duration} s per path

The same requests (250 accepted blocks spread over the C-Chain, 100 closed ten-block log ranges) straight to the
devnet and through gateway-rpc, whose node-rpc was asked each once before (final answers are kept); bare Koa answers a
block's reply of the same size. gateway-rpc, node-rpc and the devnet are \`chain-data\` processes; the load generator
shares the benchmark process.

${text}`,
    );
  }
} finally {
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
}
