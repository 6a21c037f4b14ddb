/**
 * `make bench`, sixth part: `newHeads` fanned out to many WebSocket clients through gateway-rpc. A live devnet makes
 * a block every 500 ms; CLIENTS clients connect to gateway-rpc and subscribe; for every head all of them receive,
 * the delivery delay of each client is measured from the first client's receipt of it (the spread the fan-out adds;
 * the baseline is the first client). gateway-rpc's resident memory is read before the clients and at the end.
 * With --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { createHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { eventually, freePort } from '../test/support/processes.ts';
import { peakMemoryLine, residentMemory, startBenchComponent, startBenchDevnet } from './components.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    heads: { type: 'string', default: '20' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const clientCount = Number(args.clients);
const headCount = Number(args.heads);
const log = (text: string) => process.stderr.write(`[bench] node-rpc fan-out: ${text}\n`);
const residentBytes = async (pid: number) => (await residentMemory(pid)).rss;

const devnet = await startBenchDevnet({ hours: '1', accounts: '20', liveIntervalMs: 500 });
const running: { stop(): Promise<unknown> }[] = [];
const sockets: WebSocket[] = [];
try {
  const nodeRpcPort = await freePort();
  running.push(
    await startBenchComponent('node-rpc', {
      GRPC_LISTEN_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
      UPSTREAM_NODE_URLS: devnet.url,
      EVM_CHAINS: 'C',
    }),
  );
  const gatewayPort = await freePort();
  const gateway = await startBenchComponent('gateway-rpc', {
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(gatewayPort),
    NODE_RPC_ADDRESS: `127.0.0.1:${nodeRpcPort}`,
    CONTAINER_INDEXER_ADDRESS: `127.0.0.1:${await freePort()}`,
  });
  running.push(gateway);
  const gatewayPid = gateway.child.pid!;
  const memoryBefore = await residentBytes(gatewayPid);

  // head number → when each client received it (ms, this process's clock).
  const arrivals = new Map<string, number[]>();
  log(`connecting ${clientCount} clients`);
  for (let i = 0; i < clientCount; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${gatewayPort}/ext/bc/C/ws`);
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      const message = JSON.parse(data.toString('utf8')) as { params?: { result: { number: string } } };
      const number = message.params?.result.number;
      if (number === undefined) return;
      let times = arrivals.get(number);
      if (!times) arrivals.set(number, (times = []));
      times.push(at);
    });
    socket.send('{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]}');
  }
  // Heads that reached every client, counted from the first one after all subscribed.
  const complete = () => [...arrivals.values()].filter((times) => times.length === clientCount);
  log(`waiting for ${headCount} heads delivered to every client`);
  await eventually(() => complete().length >= headCount + 1, 120_000, `${headCount} heads at every client`);
  const memoryAfter = await residentBytes(gatewayPid);
  const delays = createHistogram();
  for (const times of complete().slice(1, headCount + 1)) {
    const first = Math.min(...times);
    for (const t of times) delays.record(Math.max(1, Math.round((t - first) * 1000)));
  }
  const ms = (micros: number) => (micros / 1000).toFixed(2);
  const table = markdownTable(
    [
      'clients',
      'heads',
      'delivery p50 ms',
      'delivery p99 ms',
      'delivery max ms',
      'gateway-rpc memory before',
      'after',
    ],
    [
      [
        String(clientCount),
        String(headCount),
        ms(delays.percentile(50)),
        ms(delays.percentile(99)),
        ms(delays.max),
        `${(memoryBefore / 1024 ** 2).toFixed(0)} MiB`,
        `${(memoryAfter / 1024 ** 2).toFixed(0)} MiB`,
      ],
    ],
    [true, true, true, true, true, true, true],
  );
  const memory = await peakMemoryLine();
  process.stdout.write(`\n## newHeads fan-out (gateway-rpc WebSocket)\n\n${table}\n\n${memory}\n`);
  if (writeDocs) {
    await writeMarkedSection(
      DOCS_FILE,
      'node-rpc-fanout',
      `## newHeads fan-out (gateway-rpc WebSocket)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/node-rpc-fanout.ts\` (part of \`make bench\`)
- Settings: ${clientCount} clients, ${headCount} heads, a live devnet making a block every 500 ms

Every client subscribes to \`newHeads\` through gateway-rpc (one node-rpc stream, one upstream subscription). The
delivery delay of a head at a client is counted from the first client's receipt of it, so it is what the fan-out
adds; the clients share the benchmark process. Memory is gateway-rpc's resident set before the clients connected
and after the heads were delivered.

${table}

${memory}`,
    );
  }
} finally {
  for (const socket of sockets) socket.terminate();
  for (const r of running.reverse()) await r.stop();
  await devnet.stop();
}
