/**
 * `make bench`, fifth part: node JSON-RPC through gateway-rpc and node-rpc. A devnet history is served by the devnet
 * (the node); in one run, at a fixed concurrency:
 *
 * - `eth_getBlockByNumber` of accepted blocks and `eth_getLogs` over closed ten-block ranges, straight from the
 *   devnet and through gateway-rpc (which answers them from memory once node-rpc has reported them final), and
 *   through a second gateway-rpc that traces every cached answer (GATEWAY_CACHE_HIT_TRACE_RATIO=1);
 * - bare Koa answering a reply of a block's size and one of ten blocks' logs' size (the baselines: each path is
 *   compared with bare Koa sending a reply of its own size, since the bytes a reply carries cost any server alike).
 *
 * Every path is warmed up, then measured in rounds, each round loading every path in turn, so that a change in what
 * else the machine runs falls on all paths alike; a path's ratio to bare Koa is taken within each round, and the
 * median round is reported. Every component runs as `chain-data <component>` (telemetry on, no exporter). With
 * --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../test/support/processes.ts';
import { peakMemoryLine, startBareKoaServer, startBenchComponent, startBenchDevnet } from './components.ts';
import { httpLoad, OTHER_PROCESSES, startCpuSample, type Measurement } from './load.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
/** The target: the cached path at least this share of bare Koa's request rate, and faster than the node. */
const MINIMUM_KOA_RATIO = 0.6;

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '24' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const rounds = Number(args.rounds);
const settings = { connections: Number(args.connections), durationMs: Number(args.duration) * 1000 };
const warmup = { connections: settings.connections, durationMs: Number(args.warmup) * 1000 };
const log = (text: string) => process.stderr.write(`[bench] node-rpc: ${text}\n`);
const body = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const hex = (n: number) => `0x${n.toString(16)}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

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
  const startGateway = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    const gateway = await startBenchComponent('gateway-rpc', {
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      NODE_RPC_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
      CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${await freePort()}`,
      ...env,
    });
    running.push(gateway);
    return { url: `http://127.0.0.1:${port}/ext/bc/C/rpc`, pid: gateway.child.pid };
  };
  const gateway = await startGateway();
  const tracedGateway = await startGateway({ GATEWAY_CACHE_HIT_TRACE_RATIO: '1' });
  const node = `${devnet.url}/ext/bc/C/rpc`;
  const post = async (url: string, text: string) =>
    (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    ).text();
  // eth_blockNumber through the gateway first: node-rpc keeps logs only of ranges it knows are below the head.
  const head = Number(
    (JSON.parse(await post(gateway.url, body('eth_blockNumber', []))) as { result: string }).result,
  );
  const spread = (count: number, last: number) =>
    Array.from({ length: count }, (_, i) => 1 + Math.floor((i * (last - 1)) / count));
  const blocks = spread(250, head).map((n) => body('eth_getBlockByNumber', [hex(n), false]));
  const logs = spread(100, head - 10).map((n) =>
    body('eth_getLogs', [{ fromBlock: hex(n), toBlock: hex(n + 9) }]),
  );
  log(`C-Chain head ${head}: warming the gateways' caches`);
  const replyBytes = { blocks: 0, logs: 0 };
  for (const [kind, texts] of [
    ['blocks', blocks],
    ['logs', logs],
  ] as const) {
    for (const text of texts) {
      replyBytes[kind] += Buffer.byteLength(await post(gateway.url, text)) / texts.length;
      await post(tracedGateway.url, text);
    }
  }
  const sampleReply = await post(node, blocks[blocks.length >> 1]!);
  const koa = await startBareKoaServer(sampleReply);
  running.push(koa);
  // The logs reply nearest to their average size.
  const logsReplies = await Promise.all(logs.map((text) => post(node, text)));
  const sampleLogsReply = logsReplies.reduce((best, reply) =>
    Math.abs(reply.length - replyBytes.logs) < Math.abs(best.length - replyBytes.logs) ? reply : best,
  );
  const koaLogs = await startBareKoaServer(sampleLogsReply);
  running.push(koaLogs);

  // Where the two bare Koa servers are in `paths`: every path is compared with the one sending a reply of its size.
  const [BLOCK_BASELINE, LOGS_BASELINE] = [5, 6];
  const isResult = (text: string) => text.includes('"result":') && !text.includes('"result":null');
  const paths = [
    {
      name: 'eth_getBlockByNumber, devnet (the node)',
      url: node,
      requests: blocks,
      pid: devnet.pid,
      baseline: BLOCK_BASELINE,
    },
    {
      name: 'eth_getBlockByNumber, gateway-rpc',
      url: gateway.url,
      requests: blocks,
      pid: gateway.pid,
      baseline: BLOCK_BASELINE,
    },
    {
      name: 'eth_getBlockByNumber, gateway-rpc, every cached answer traced',
      url: tracedGateway.url,
      requests: blocks,
      pid: tracedGateway.pid,
      baseline: BLOCK_BASELINE,
    },
    {
      name: 'eth_getLogs (10 blocks), devnet (the node)',
      url: node,
      requests: logs,
      pid: devnet.pid,
      baseline: LOGS_BASELINE,
    },
    {
      name: 'eth_getLogs (10 blocks), gateway-rpc',
      url: gateway.url,
      requests: logs,
      pid: gateway.pid,
      baseline: LOGS_BASELINE,
    },
    {
      name: "bare Koa, a block's reply (baseline)",
      url: koa.url,
      requests: blocks,
      pid: koa.child.pid,
      baseline: BLOCK_BASELINE,
    },
    {
      name: "bare Koa, ten blocks' logs reply (baseline)",
      url: koaLogs.url,
      requests: logs,
      pid: koaLogs.child.pid,
      baseline: LOGS_BASELINE,
    },
  ];
  for (const path of paths) {
    log(`${path.name}: warming up`);
    await httpLoad(path.url, path.requests, warmup, isResult);
  }
  type Run = { measurement: Measurement; cpuUsPerRequest: number | undefined; other: number | undefined };
  const runs: Run[][] = paths.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, path] of paths.entries()) {
      log(`round ${round}/${rounds}: ${path.name}`);
      const sample = startCpuSample({ server: path.pid });
      const measurement = await httpLoad(path.url, path.requests, settings, isResult);
      const cpu = sample();
      runs[index]!.push({
        measurement,
        cpuUsPerRequest:
          cpu.server === undefined ? undefined : (cpu.server * 1e6) / measurement.requestsPerSecond,
        other: cpu[OTHER_PROCESSES],
      });
    }
  }
  /** A path's rate over its bare Koa's (index `baseline`) in each round, and the median of those. */
  const ratios = (index: number, baseline = paths[index]!.baseline) =>
    runs[index]!.map(
      (r, round) => r.measurement.requestsPerSecond / runs[baseline]![round]!.measurement.requestsPerSecond,
    );
  const ratio = (index: number, baseline?: number) => median(ratios(index, baseline));
  const table = markdownTable(
    [
      'path',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'req/s vs bare Koa (same reply size)',
      'CPU µs/request',
      'failures',
    ],
    paths.map((path, index) => {
      const pathRuns = runs[index]!;
      const rates = pathRuns.map((r) => r.measurement.requestsPerSecond);
      // Latencies of the round whose rate is the median one.
      const middle =
        pathRuns[rates.indexOf([...rates].sort((a, b) => a - b)[rates.length >> 1]!)]!.measurement;
      const cpu = pathRuns.flatMap((r) => (r.cpuUsPerRequest === undefined ? [] : [r.cpuUsPerRequest]));
      const failures = new Map<string, number>();
      for (const r of pathRuns)
        for (const f of r.measurement.failures) failures.set(f.kind, (failures.get(f.kind) ?? 0) + f.count);
      return [
        path.name,
        median(rates).toFixed(0),
        middle.p50Ms.toFixed(2),
        middle.p99Ms.toFixed(2),
        ratio(index).toFixed(2),
        cpu.length > 0 ? median(cpu).toFixed(1) : '-',
        [...failures].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none',
      ];
    }),
    [false, true, true, true, true, true, false],
  );
  const otherShares = runs.flat().flatMap((r) => (r.other === undefined ? [] : [r.other]));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const overNode = (gatewayIndex: number, nodeIndex: number) =>
    median(ratios(gatewayIndex).map((r, round) => r / ratios(nodeIndex)[round]!));
  const verdict = [
    `Target: the gateway's cached blocks faster than the node — ${overNode(1, 0).toFixed(2)}× the node, ${met(overNode(1, 0) > 1)}; ` +
      `logs ${overNode(4, 3).toFixed(2)}× the node, ${met(overNode(4, 3) > 1)}.`,
    `Target: at least ${MINIMUM_KOA_RATIO * 100}% of bare Koa's rate — blocks ${(ratio(1) * 100).toFixed(0)}%, ${met(ratio(1) >= MINIMUM_KOA_RATIO)} ` +
      `(every cached answer traced: ${(ratio(2) * 100).toFixed(0)}%); logs ${(ratio(4) * 100).toFixed(0)}%, ${met(ratio(4) >= MINIMUM_KOA_RATIO)} ` +
      `(${(ratio(4, BLOCK_BASELINE) * 100).toFixed(0)}% of bare Koa sending a block's smaller reply).`,
    `Reply sizes: ${replyBytes.blocks.toFixed(0)} bytes on average for blocks (without their transactions' bodies; ` +
      `bare Koa's ${sampleReply.length}), ${replyBytes.logs.toFixed(0)} for ten blocks' logs (bare Koa's ${sampleLogsReply.length}).`,
    ...(otherShares.length > 0
      ? [
          `Other processes on the machine: a median ${(median(otherShares) * 100).toFixed(0)}% of a core during the runs.`,
        ]
      : []),
  ].join('\n');
  const text = `${table}\n\n${verdict}\n${await peakMemoryLine()}`;
  const command = [
    'node bench/node-rpc.ts',
    ...process.argv.slice(2).filter((a) => a !== '--write-docs'),
  ].join(' ');
  process.stdout.write(`\n## Node JSON-RPC (gateway-rpc, node-rpc)\n\n${text}\n`);
  if (writeDocs) {
    await writeMarkedSection(
      DOCS_FILE,
      'node-rpc',
      `## Node JSON-RPC (gateway-rpc, node-rpc)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`${command}\` (part of \`make bench\`)
- Settings: devnet history of ${args.hours} hours; ${settings.connections} connections; ${args.warmup} s of warm-up, then ${rounds} rounds of ${args.duration} s per path

The same requests (250 accepted blocks spread over the C-Chain, 100 closed ten-block log ranges) straight to the
devnet and through gateway-rpc, whose node-rpc was asked each once before (final answers are kept, and gateway-rpc
answers them itself); bare Koa answers with a reply of the same size as each path's (a block's, ten blocks' logs).
gateway-rpc runs as deployed, tracing one
cached answer in ten (\`GATEWAY_CACHE_HIT_TRACE_RATIO\`, 0.1 by default), and a second gateway-rpc traces every one.
Each round loads every path in turn; the table gives each path's median round, its rate over bare Koa's in the same
round, and the CPU time per request of the process serving it (the devnet, gateway-rpc, bare Koa). gateway-rpc,
node-rpc and the devnet are \`chain-data\` processes; the load generator shares the benchmark process.

${text}

### Where the cached path's time goes

Measured with this benchmark on the 2-CPU machine, gateway-rpc profiled under its load with \`node --cpu-prof\` and
\`perf\` (2026-11-26). Rates move with whatever else the machine runs (the ratio to bare Koa most of all: on a busy
machine bare Koa loses more than the gateway); CPU time per request is the steadier measure.

- Before: about 50 µs of CPU per cached block against about 20 µs for bare Koa, 41% and 44% of its rate in two
  quiet runs (logs 36%). The HTTP server span took about 6 µs (the OpenTelemetry SDK checks every attribute,
  makes ids, copies the context), @koa/router trying every route of the gateway on every request about 6 µs,
  parsing the call with \`JSON.parse\` about 3 µs (it interns short strings in the string table of a large
  process), and the LRU map's delete and insert on every hit 1 to 2 µs.
- Changes: the indexes and \`/rpc\` are found without the router and the gateway's own steps are one middleware; a
  span is made when first used, and a request answered from gateway-rpc's caches keeps it at
  \`GATEWAY_CACHE_HIT_TRACE_RATIO\` (docs/runtime.md; the row "every cached answer traced" shows what tracing all
  of them costs); a call written as JSON.stringify writes it is read without parsing; a hit only marks its answer
  used (CLOCK eviction).
- After: about 31 µs, 64% and 65% of bare Koa's rate in two quiet runs (logs 53%, 54%); every cached answer traced,
  about 37 µs and 53%. The Index API's cached \`getContainerByIndex\` (\`node bench/run.ts\`, whose target is 40%)
  went from 28% and 29% of bare Koa's rate to between 39% and 44% in four quiet runs.
- What remains over bare Koa is spread thin: waking the load generator costs the gateway about 5 µs more per reply
  (its slower replies more often find the client asleep), then the body read and geth's envelope checks, the trace
  context every request gets, Koa's work for headers bare Koa does not send (\`Vary\`), and copying replies that are
  no longer in the CPU's caches (bare Koa sends one reply, the gateway 250).
- Logs (2026-11-27, an AMD EPYC machine whose requests cost about five times the CPU they cost on the Xeon): a ten
  blocks' logs reply is 9 KB, four and a half times a block's, and writing it to the socket is a fifth of the
  gateway's CPU (the kernel's loopback copy, counted in the write call). The gateway now keeps final answers as
  UTF-8 bytes and writes a reply as one buffer (a string reply was encoded on every write). Compared with bare Koa
  sending a reply of the same size, as blocks are, logs are at the target (70% to 74% in three runs on that
  machine); the Xeon's logs figures in the bullets above (53% to 56%) were against a block's reply.`,
    );
  }
} finally {
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
}
