/**
 * BLS for the signature aggregator: native blst (@chainsafe/blst, through services/runtime/avalanche/bls.ts, what
 * the aggregator runs) against pure-JS @noble/curves (bls12_381.longSignatures with Warp's signature tag passed
 * explicitly), in one run, on the same messages and keys. Measured:
 *
 * - verifying one validator's signature over a Warp message (what the aggregator does per reply; noble's figure
 *   includes hashing the message to the curve, as blst's does);
 * - verifying a batch of replies at once (blsVerifyBatch: random linear combination, one pairing);
 * - aggregating the signatures of a quorum, and verifying the aggregate against the signers' keys (what a receiving
 *   chain, or a test, does with the signed message).
 *
 * Every operation runs in each of several rounds, the implementations of one operation back to back, so that a
 * change in what else the machine runs falls on both; the median round is reported, with noble's rate over blst's
 * taken within each round. Prints a markdown table; writes no file.
 */
import * as blst from '@chainsafe/blst';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  blsAggregateSignatures,
  blsVerify,
  blsVerifyAggregate,
  blsVerifyBatch,
  WARP_SIGNATURE_DST,
} from '../services/runtime/avalanche/bls.ts';
import { unsignedWarpMessage } from '../services/runtime/avalanche/warp.ts';
import { machineDescription, markdownTable, writeMarkedSection } from './report.ts';

const USAGE = `usage: node bench/bls.ts [options]

  --validators N    signatures per batch and per aggregate (default 100)
  --rounds N        rounds, each measuring every operation once (default 3)
  --seconds S       time per operation and implementation in a round (default 1)
  --write-docs      rewrite its section of docs/benchmarks.md (or BENCH_WRITE_DOCS=1)
`;

const { values: args } = parseArgs({
  options: {
    validators: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
    'write-docs': { type: 'boolean', default: false },
  },
});
const writeDocs = args['write-docs'] || process.env.BENCH_WRITE_DOCS === '1';
if (args.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const validators = Number(args.validators);
const rounds = Number(args.rounds);
const secondsPerRun = Number(args.seconds);
const log = (text: string) => process.stderr.write(`[bench] bls: ${text}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const noble = bls12_381.longSignatures;
// An ICM-sized Warp message: an AddressedCall of a few hundred bytes.
const message = unsignedWarpMessage(1, new Uint8Array(32).fill(7), new Uint8Array(400).fill(0x42));
const secrets = Array.from({ length: validators }, (_, i) =>
  blst.SecretKey.fromKeygen(Uint8Array.from({ length: 32 }, (_, j) => (i * 31 + j) & 0xff)),
);
const keys = secrets.map((s) => s.toPublicKey().toBytes(true));
const signatures = secrets.map((s) => s.sign(message).toBytes(true));
const quorum = Math.ceil((validators * 67) / 100);
const aggregate = blsAggregateSignatures(signatures.slice(0, quorum));

// The two implementations agree before either is timed.
const nobleVerify = (key: Uint8Array, signature: Uint8Array) =>
  noble.verify(
    noble.Signature.fromBytes(signature),
    noble.hash(message, WARP_SIGNATURE_DST),
    bls12_381.G1.Point.fromBytes(key),
  );
const nobleAggregate = (sigs: Uint8Array[]) =>
  noble.aggregateSignatures(sigs.map((s) => noble.Signature.fromBytes(s))).toBytes(true);
const nobleVerifyAggregate = (pks: Uint8Array[], signature: Uint8Array) =>
  noble.verify(
    noble.Signature.fromBytes(signature),
    noble.hash(message, WARP_SIGNATURE_DST),
    noble.aggregatePublicKeys(pks.map((k) => bls12_381.G1.Point.fromBytes(k))),
  );
if (!nobleVerify(keys[0]!, signatures[0]!) || !blsVerify(message, keys[0]!, signatures[0]!)) {
  throw new Error('blst and noble disagree on a signature');
}
if (Buffer.compare(Buffer.from(nobleAggregate(signatures.slice(0, quorum))), Buffer.from(aggregate)) !== 0) {
  throw new Error('blst and noble aggregate differently');
}
if (!nobleVerifyAggregate(keys.slice(0, quorum), aggregate))
  throw new Error('noble refuses the blst aggregate');

interface Operation {
  name: string;
  /** Signatures one call handles, to report a rate per signature. */
  perCall: number;
  blst: () => unknown;
  /** Absent where noble has no counterpart. */
  noble?: () => unknown;
  /** Without `noble`: the operation whose noble rate (per signature) this one is compared with. */
  nobleAs?: number;
}

let next = 0;
const any = () => next++ % validators;
const operations: Operation[] = [
  {
    name: 'verify one signature',
    perCall: 1,
    blst: () => {
      const i = any();
      return blsVerify(message, keys[i]!, signatures[i]!);
    },
    noble: () => {
      const i = any();
      return nobleVerify(keys[i]!, signatures[i]!);
    },
  },
  {
    // noble has no batch check with random coefficients: compared with its rate one by one.
    name: `verify ${validators} replies as a batch (per signature)`,
    perCall: validators,
    nobleAs: 0,
    blst: () =>
      blsVerifyBatch(
        message,
        keys.map((publicKey, i) => ({ publicKey, signature: signatures[i]! })),
      ),
  },
  {
    name: `aggregate ${quorum} signatures, each subgroup-checked`,
    perCall: 1,
    blst: () => blsAggregateSignatures(signatures.slice(0, quorum)),
    noble: () => nobleAggregate(signatures.slice(0, quorum)),
  },
  {
    // What the aggregator does: its signatures were checked when they were verified.
    name: `aggregate ${quorum} verified signatures`,
    perCall: 1,
    blst: () => blsAggregateSignatures(signatures.slice(0, quorum), { verified: true }),
  },
  {
    name: `verify an aggregate of ${quorum} keys`,
    perCall: 1,
    blst: () => blsVerifyAggregate(message, keys.slice(0, quorum), aggregate),
    noble: () => nobleVerifyAggregate(keys.slice(0, quorum), aggregate),
  },
];

/** Calls per second of `run` over about `seconds` (at least one call, after one to warm up). */
function rate(run: () => unknown, seconds: number): number {
  run();
  const start = performance.now();
  let calls = 0;
  while (calls < 1 || performance.now() - start < seconds * 1000) {
    run();
    calls++;
  }
  return (calls * 1000) / (performance.now() - start);
}

const results = operations.map(() => ({
  blst: [] as number[],
  noble: [] as number[],
  ratio: [] as number[],
}));
for (let round = 1; round <= rounds; round++) {
  operations.forEach((op, i) => {
    const blstRate = rate(op.blst, secondsPerRun) * op.perCall;
    results[i]!.blst.push(blstRate);
    const nobleRate = op.noble
      ? rate(op.noble, secondsPerRun) * op.perCall
      : op.nobleAs !== undefined
        ? results[op.nobleAs]!.noble.at(-1)
        : undefined;
    if (nobleRate === undefined) return log(`round ${round}: ${op.name}: blst ${blstRate.toFixed(0)}/s`);
    results[i]!.noble.push(nobleRate);
    results[i]!.ratio.push(blstRate / nobleRate);
    log(`round ${round}: ${op.name}: blst ${blstRate.toFixed(0)}/s, noble ${nobleRate.toFixed(1)}/s`);
  });
}

const perSecond = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const micros = (x: number) => (1e6 / x).toFixed(0);
const table = markdownTable(
  ['operation', 'blst ops/s', 'blst µs/op', 'noble ops/s', 'noble µs/op', 'blst / noble'],
  operations.map((op, i) => {
    const r = results[i]!;
    const b = median(r.blst);
    if (r.noble.length === 0) return [op.name, perSecond(b), micros(b), '-', '-', '-'];
    const n = median(r.noble);
    return [op.name, perSecond(b), micros(b), perSecond(n), micros(n), `${median(r.ratio).toFixed(1)}×`];
  }),
  [false, true, true, true, true, true],
);
const settings =
  `@chainsafe/blst ${versionOf('@chainsafe/blst')} against @noble/curves ${versionOf('@noble/curves')}, ` +
  `median of ${rounds} rounds of ${secondsPerRun} s per operation and implementation, ${validators} validators`;
process.stdout.write(`BLS (Warp signatures): ${settings}\n\nMachine: ${machineDescription()}\n\n${table}\n`);
if (writeDocs) {
  const command = ['node bench/bls.ts', ...process.argv.slice(2).filter((a) => a !== '--write-docs')].join(
    ' ',
  );
  await writeMarkedSection(
    fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url)),
    'bls',
    `## BLS (Warp signatures)

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${machineDescription()}
- Command: \`${command}\` (part of \`make bench\`)
- Settings: ${settings}

What the signature aggregator runs (native blst, services/runtime/avalanche/bls.ts) against pure-JS noble, on the
same message and keys, each operation's implementations back to back in every round.

${table}`,
  );
}

function versionOf(name: string): string {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
