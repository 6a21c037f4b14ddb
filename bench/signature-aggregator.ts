/**
 * `make bench`: the signature aggregator. 100 validators (each a TLS peer on loopback, in a process of their own, 10%
 * of them slow to answer), asked by the aggregator's own code (ValidatorPeers and aggregateSignatures, in this
 * process) over the Avalanche p2p protocol. Measured in one run:
 *
 * - aggregation latency (p50, p99) of fresh messages at the default quorum (67%), the slow tenth included in the set;
 * - requests per second for a message whose signatures are all cached (a relayer's retry).
 *
 * BLS itself, native blst against noble, is bench/bls.ts (also part of `make bench`).
 *
 * With --write-docs (or BENCH_WRITE_DOCS=1) it rewrites its section of docs/benchmarks.md.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ephemeralBlsSecretKey } from '../services/runtime/avalanche/p2p/peer.ts';
import { createStakingCertificate } from '../services/runtime/avalanche/p2p/staking-certificate.ts';
import { canonicalWarpSet, unsignedWarpMessage } from '../services/runtime/avalanche/warp.ts';
import { createUpstreamClient } from '../services/runtime/upstream/config.ts';
import { aggregateSignatures } from '../services/signature-aggregator/aggregate/aggregator.ts';
import { SignatureCache } from '../services/signature-aggregator/aggregate/signature-cache.ts';
import { ValidatorPeers } from '../services/signature-aggregator/peers/validator-peers.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const DOCS_FILE = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const NETWORK_ID = 5;
const { values: args } = parseArgs({
  options: {
    validators: { type: 'string', default: '100' },
    requests: { type: 'string', default: '60' },
    'slow-share': { type: 'string', default: '0.1' },
    seconds: { type: 'string', default: '3' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
const count = Number(args.validators);
const requests = Number(args.requests);
const log = (text: string) => process.stderr.write(`[bench] signature-aggregator: ${text}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

log(`starting ${count} validators`);
const child = fork(fileURLToPath(new URL('./validator-network-process.ts', import.meta.url)), [], {
  env: { ...process.env, BENCH_VALIDATORS: String(count), BENCH_NETWORK_ID: String(NETWORK_ID) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const started = await new Promise<{
  infoUrl: string;
  validators: { nodeId: string; publicKey: string; weight: string }[];
}>((resolve, reject) => {
  child.once('message', (m) => resolve(m as never));
  child.once('exit', (code) => reject(new Error(`the validators exited with ${code}`)));
});
const silent = pino({ level: 'silent' });
const upstream = createUpstreamClient(
  'bench',
  {
    UPSTREAM_NODE_URLS: [started.infoUrl],
    UPSTREAM_TIMEOUT_MS: 5_000,
    UPSTREAM_MAX_CONCURRENCY: 4,
    UPSTREAM_ATTEMPTS: 2,
  },
  silent,
);
const peers = new ValidatorPeers({
  identity: { certificate: createStakingCertificate(), blsSecretKey: ephemeralBlsSecretKey() },
  peer: { networkId: NETWORK_ID },
  upstream,
  log: silent,
  appRequestTimeoutMs: 5_000,
  redialAfterMs: 10_000,
  refreshAddressesMs: 60_000,
});
try {
  const set = canonicalWarpSet(
    started.validators.map(
      (v) => [v.nodeId, { publicKey: Buffer.from(v.publicKey, 'hex'), weight: BigInt(v.weight) }] as const,
    ),
  );
  const slow = started.validators
    .slice(0, Math.round(count * Number(args['slow-share'])))
    .map((v) => v.nodeId);
  await new Promise((resolve) => {
    child.once('message', resolve);
    child.send({ fault: 'slow', nodeIds: slow });
  });
  const cache = new SignatureCache();
  const message = (text: string) => {
    const payload = new TextEncoder().encode(text);
    return unsignedWarpMessage(NETWORK_ID, new Uint8Array(32).fill(9), payload);
  };
  const aggregate = (text: string) =>
    aggregateSignatures(
      { message: message(text), validators: set, quorumPercentage: 67, budget: AbortSignal.timeout(10_000) },
      {
        ask: (nodeId, request, signal) => peers.ask(nodeId, request, signal),
        cache,
        attemptTimeoutMs: 5_000,
      },
    );

  log('connecting (first aggregation)');
  const connectStarted = performance.now();
  await aggregate('warm-up');
  const connectMs = performance.now() - connectStarted;
  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await aggregate(`fresh message ${i}`);
    latencies.push(performance.now() - t);
  }
  log('cached message');
  await aggregate('cached');
  let cachedCount = 0;
  const cachedUntil = performance.now() + Number(args.seconds) * 1000;
  while (performance.now() < cachedUntil) {
    await aggregate('cached');
    cachedCount++;
  }
  const cachedRate = cachedCount / Number(args.seconds);

  const table = markdownTable(
    ['measure', 'value'],
    [
      [
        'first aggregation (dialling every validator: TLS, Handshake, PeerList)',
        `${connectMs.toFixed(0)} ms`,
      ],
      [
        `aggregation latency p50, fresh messages (${requests})`,
        `${percentile(latencies, 0.5).toFixed(1)} ms`,
      ],
      [
        `aggregation latency p99, fresh messages (${requests})`,
        `${percentile(latencies, 0.99).toFixed(1)} ms`,
      ],
      ['requests/s, every signature cached', cachedRate.toFixed(0)],
    ],
    [false, true],
  );
  const text = `${table}\n\nValidators: ${count}, ${slow.length} of them answering after 2 s; quorum 67%, no buffer, so the slow ones are not waited for.`;
  process.stdout.write(`\n## Signature aggregator\n\n${text}\n`);
  if (writeDocs) {
    await writeMarkedSection(
      DOCS_FILE,
      'signature-aggregator',
      `## Signature aggregator

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`node bench/signature-aggregator.ts\` (part of \`make bench\`)

The aggregator's own code (its validator connections and aggregation) in the benchmark process asks ${count}
validators, each a TLS peer on its own loopback port in a second process, over the Avalanche p2p protocol; every
signature is verified (blst) before it counts. Fresh messages are signed one after another over kept connections.

${text}`,
    );
  }
} finally {
  peers.close();
  upstream.close();
  child.kill('SIGTERM');
}
