import { expect } from 'chai';
import { fromRlp, hexToBytes, keccak256, concat, pad, toHex, type Hex } from 'viem';
import { postJsonRpc, startDevnetWithHistory } from '../support/devnet-process.ts';
import type { RunningComponent } from '../support/processes.ts';

/**
 * The devnet's eth_getProof (coreth's AccountResult and proof window), callTracer's withLog and geth's struct logger,
 * checked against what is computed here: proofs walked node by node from the block's stateRoot with viem's RLP and
 * keccak, frame logs against the receipts, struct logs against the contract code, the intrinsic gas and the receipt.
 */

interface RawBlock {
  number: Hex;
  hash: Hex;
  stateRoot: Hex;
  transactions: RawTx[];
}
interface RawTx {
  hash: Hex;
  from: Hex;
  to: Hex | null;
  input: Hex;
  gas: Hex;
  value: Hex;
  accessList?: { address: Hex; storageKeys: Hex[] }[];
}
interface RawLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
}
interface RawReceipt {
  status: Hex;
  gasUsed: Hex;
  logs: RawLog[];
  contractAddress: Hex | null;
  transactionHash: Hex;
}
interface AccountResult {
  address: Hex;
  accountProof: Hex[];
  balance: Hex;
  codeHash: Hex;
  nonce: Hex;
  storageHash: Hex;
  storageProof: { key: Hex; value: Hex; proof: Hex[] }[];
}
interface Frame {
  type: string;
  to?: Hex;
  error?: string;
  output?: Hex;
  calls?: Frame[];
  logs?: { address: Hex; topics: Hex[]; data: Hex; position: Hex }[];
}
interface StructLog {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error?: string;
  stack?: Hex[];
  memory?: string[];
  storage?: Record<string, string>;
  refund?: number;
}
interface StructResult {
  gas: number;
  failed: boolean;
  returnValue: string;
  structLogs: StructLog[];
}

const WARP_PRECOMPILE = '0x0200000000000000000000000000000000000005';
const EMPTY_ROOT = keccak256('0x80');
const ZERO_HASH: Hex = `0x${'0'.repeat(64)}`;
const WINDOW = 5;
/** geth's callFrame members, in its MarshalJSON's order. */
const FRAME_ORDER = [
  'from',
  'gas',
  'gasUsed',
  'to',
  'input',
  'output',
  'error',
  'revertReason',
  'calls',
  'logs',
  'value',
  'type',
];

/**
 * Walks a Merkle-Patricia proof from `root` along keccak(key)'s nibbles: each node must hash to the reference its
 * parent holds (nodes under 32 bytes are embedded in their parent, never separate elements, as geth proves); answers
 * the value, or null when the proof shows the key absent. Every element must be used.
 */
function walkProof(root: Hex, key: Hex, proof: Hex[]): Hex | null {
  const path = [...keccak256(key).slice(2)].map((c) => parseInt(c, 16));
  let used = 0;
  const load = (hash: Hex): unknown[] => {
    const element = proof[used];
    expect(element, `proof element ${used}`).to.not.equal(undefined);
    expect(keccak256(element!), `proof element ${used} hash`).to.equal(hash);
    if (used > 0) expect(hexToBytes(element!).length).to.be.at.least(32);
    used++;
    return fromRlp(element!, 'hex') as unknown[];
  };
  const follow = (ref: unknown): unknown[] | null => {
    if (Array.isArray(ref)) return ref as unknown[]; // embedded
    if (ref === '0x') return null;
    return load(ref as Hex);
  };
  let node: unknown[] | null = load(root);
  let at = 0;
  let value: Hex | null = null;
  for (;;) {
    if (node === null) break;
    if (node.length === 17) {
      if (at === path.length) {
        value = node[16] === '0x' ? null : (node[16] as Hex);
        break;
      }
      node = follow(node[path[at++]!]);
      continue;
    }
    expect(node).to.have.length(2);
    const encoded = [...(node[0] as Hex).slice(2)].map((c) => parseInt(c, 16));
    const flag = encoded[0]!;
    const nibbles = encoded.slice(flag % 2 === 1 ? 1 : 2);
    const rest = path.slice(at);
    const matches = nibbles.every((n, i) => rest[i] === n);
    if (flag >= 2) {
      value = matches && nibbles.length === rest.length ? (node[1] as Hex) : null;
      break;
    }
    if (!matches) break;
    at += nibbles.length;
    node = follow(node[1]);
  }
  expect(used, 'every proof element used').to.equal(proof.length);
  return value;
}

const quantity = (hex: Hex): bigint => (hex === '0x' ? 0n : BigInt(hex));

/** A transaction's intrinsic gas (Istanbul's calldata prices, Berlin's access list, Shanghai's initcode words). */
function intrinsicGas(tx: RawTx): bigint {
  const data = hexToBytes(tx.input);
  let gas = 21000n;
  for (const b of data) gas += b === 0 ? 4n : 16n;
  if (tx.to === null) gas += 32000n + 2n * BigInt(Math.ceil(data.length / 32));
  for (const entry of tx.accessList ?? []) gas += 2400n + 1900n * BigInt(entry.storageKeys.length);
  return gas;
}

/** A frame's logs and its calls' logs in the order they were emitted (a log's position: calls made before it). */
function flattenLogs(frame: Frame): RawLog[] {
  const out: RawLog[] = [];
  const calls = frame.calls ?? [];
  const logs = frame.logs ?? [];
  let next = 0;
  for (let i = 0; i <= calls.length; i++) {
    while (next < logs.length && Number(logs[next]!.position) === i) {
      const { address, topics, data } = logs[next++]!;
      out.push({ address, topics, data });
    }
    if (i < calls.length) out.push(...flattenLogs(calls[i]!));
  }
  expect(next, 'every log placed by its position').to.equal(logs.length);
  return out;
}

function everyFrame(
  frame: Frame,
  visit: (f: Frame, failedAbove: boolean) => void,
  failedAbove = false,
): void {
  visit(frame, failedAbove);
  for (const call of frame.calls ?? []) everyFrame(call, visit, failedAbove || frame.error !== undefined);
}

describe('devnet EVM: eth_getProof, callTracer withLog, struct logger', function () {
  this.timeout(300_000);
  let devnet: RunningComponent;
  let base: string;
  let l1Path: string;
  const C = '/ext/bc/C/rpc';
  let blocks: RawBlock[];
  const receipts = new Map<Hex, RawReceipt>();

  const call = (path: string, method: string, params: unknown[]) =>
    postJsonRpc(`${base}${path}`, method, params);
  const result = async <T>(path: string, method: string, params: unknown[]): Promise<T> => {
    const reply = await call(path, method, params);
    expect(reply.error, `${method} ${JSON.stringify(params)}`).to.equal(undefined);
    return reply.result as T;
  };

  before(async function () {
    const started = await startDevnetWithHistory(
      {
        DEVNET_SEED: 'traces-proofs-test',
        DEVNET_HISTORY_HOURS: '8',
        DEVNET_LIVE_INTERVAL_MS: '0',
        DEVNET_PROOF_WINDOW_BLOCKS: String(WINDOW),
      },
      200_000,
    );
    devnet = started.process;
    base = started.base;
    l1Path = `/ext/bc/${started.l1BlockchainId}/rpc`;
    const head = Number(await result<Hex>(C, 'eth_blockNumber', []));
    blocks = await Promise.all(
      Array.from({ length: head + 1 }, (_, i) =>
        result<RawBlock>(C, 'eth_getBlockByNumber', [toHex(i), true]),
      ),
    );
    for (const block of blocks.slice(1)) {
      for (const r of await result<RawReceipt[]>(C, 'eth_getBlockReceipts', [block.number])) {
        receipts.set(r.transactionHash, r);
      }
    }
  });

  after(async () => {
    await devnet?.stop();
  });

  const allTxs = () => blocks.flatMap((b) => b.transactions.map((tx) => ({ block: b, tx })));

  /** Checks an eth_getProof answer against `stateRoot` and the plain state reads at `block`. */
  async function checkProof(path: string, proof: AccountResult, stateRoot: Hex, block: Hex): Promise<void> {
    const account = walkProof(stateRoot, proof.address, proof.accountProof);
    const [balance, nonce, code] = await Promise.all([
      result<Hex>(path, 'eth_getBalance', [proof.address, block]),
      result<Hex>(path, 'eth_getTransactionCount', [proof.address, block]),
      result<Hex>(path, 'eth_getCode', [proof.address, block]),
    ]);
    expect(proof.balance).to.equal(balance);
    expect(proof.nonce).to.equal(nonce);
    if (account === null) {
      // No account: StateDB's zero hashes, and no storage to prove.
      expect(proof).to.deep.include({
        balance: '0x0',
        nonce: '0x0',
        codeHash: ZERO_HASH,
        storageHash: ZERO_HASH,
      });
      for (const s of proof.storageProof) expect(s).to.deep.include({ value: '0x0', proof: [] });
      return;
    }
    const [n, b, storageRoot, codeHash] = fromRlp(account, 'hex') as Hex[];
    expect(quantity(n!)).to.equal(BigInt(proof.nonce));
    expect(quantity(b!)).to.equal(BigInt(proof.balance));
    expect(storageRoot).to.equal(proof.storageHash);
    expect(codeHash).to.equal(proof.codeHash);
    expect(codeHash).to.equal(keccak256(code));
    for (const s of proof.storageProof) {
      const slot = pad(s.key.length === 66 ? s.key : toHex(BigInt(s.key)), { size: 32 });
      const stored = await result<Hex>(path, 'eth_getStorageAt', [proof.address, slot, block]);
      expect(BigInt(s.value), `slot ${slot}`).to.equal(BigInt(stored));
      if (proof.storageHash === EMPTY_ROOT) {
        expect(s.proof).to.deep.equal([]);
        continue;
      }
      const leaf = walkProof(proof.storageHash, slot, s.proof);
      expect(leaf === null ? 0n : quantity(fromRlp(leaf, 'hex') as Hex)).to.equal(BigInt(stored));
    }
  }

  it('proves accounts with and without storage, absent accounts and absent slots against the stateRoot', async function () {
    const head = blocks[blocks.length - 1]!;
    const deployments = [...receipts.values()].filter((r) => r.contractAddress !== null);
    expect(deployments.length).to.be.at.least(7);
    const token = deployments[0]!.contractAddress!;
    const holder = blocks[1]!.transactions[0]!.from;
    // Slots 0..9 and the holder's entry in a mapping at slot 0 (OpenZeppelin's ERC-20 balances): the test keeps the
    // ones with a value and one without.
    const balanceSlot = keccak256(concat([pad(holder), pad('0x0')]));
    const candidates = [...Array.from({ length: 10 }, (_, i) => pad(toHex(i), { size: 32 })), balanceSlot];
    const values = await Promise.all(
      candidates.map((slot) => result<Hex>(C, 'eth_getStorageAt', [token, slot, head.number])),
    );
    const present = candidates.filter((_, i) => BigInt(values[i]!) !== 0n);
    const absent = candidates.filter((_, i) => BigInt(values[i]!) === 0n);
    expect(present.length, 'slots with a value').to.be.at.least(2);
    const keys = [...present, absent[0] ?? pad('0x1234', { size: 32 }), '0x2', '0x0abc'];
    const proof = await result<AccountResult>(C, 'eth_getProof', [token, keys, head.number]);
    expect(Object.keys(proof)).to.deep.equal([
      'address',
      'accountProof',
      'balance',
      'codeHash',
      'nonce',
      'storageHash',
      'storageProof',
    ]);
    expect(proof.address).to.equal(token.toLowerCase());
    expect(proof.storageHash).to.not.equal(EMPTY_ROOT);
    // Keys come back as given when 32 bytes long, else as quantities.
    expect(proof.storageProof.map((s) => s.key)).to.deep.equal([...keys.slice(0, -2), '0x2', '0xabc']);
    await checkProof(C, proof, head.stateRoot, head.number);
    // The slots with a value, and slot 2 again when it has one (asked for as '0x2').
    expect(proof.storageProof.filter((s) => s.value !== '0x0')).to.have.length(
      present.length + (BigInt(values[2]!) !== 0n ? 1 : 0),
    );

    // An account without storage (an EOA): the empty root, and no proof for its slots.
    const eoa = await result<AccountResult>(C, 'eth_getProof', [holder, ['0x0'], 'latest']);
    expect(eoa.storageHash).to.equal(EMPTY_ROOT);
    expect(eoa.codeHash).to.equal(keccak256('0x'));
    expect(eoa.storageProof).to.deep.equal([{ key: '0x0', value: '0x0', proof: [] }]);
    await checkProof(C, eoa, head.stateRoot, head.number);

    // An account nobody touched: a proof of absence.
    const nobody = '0x00000000000000000000000000000000deadbeef';
    const missing = await result<AccountResult>(C, 'eth_getProof', [nobody, [ZERO_HASH], head.hash]);
    expect(walkProof(head.stateRoot, nobody, missing.accountProof)).to.equal(null);
    expect(missing.accountProof.length).to.be.greaterThan(0);
    await checkProof(C, missing, head.stateRoot, head.number);

    // An older block inside the window proves against its own root.
    const older = blocks[blocks.length - 1 - WINDOW]!;
    const then = await result<AccountResult>(C, 'eth_getProof', [token, present, older.number]);
    await checkProof(C, then, older.stateRoot, older.number);

    // The L1 (Subnet-EVM) as well.
    const l1Head = await result<RawBlock>(l1Path, 'eth_getBlockByNumber', ['latest', false]);
    const l1Proof = await result<AccountResult>(l1Path, 'eth_getProof', [holder, [], l1Head.number]);
    await checkProof(l1Path, l1Proof, l1Head.stateRoot, l1Head.number);
    expect(l1Proof.storageProof).to.deep.equal([]);
  });

  it("refuses blocks before coreth's proof window with its texts, and bad keys with decodeHash's", async function () {
    const head = blocks.length - 1;
    const oldest = head - WINDOW;
    const old = blocks[oldest - 1]!;
    const text = (n: number) =>
      `historical proof query not allowed: block number ${n} is before the oldest allowed block number ${oldest} (window of ${WINDOW} blocks)`;
    const holder = blocks[1]!.transactions[0]!.from;
    expect((await call(C, 'eth_getProof', [holder, [], old.number])).error).to.deep.equal({
      code: -32000,
      message: text(oldest - 1),
    });
    expect((await call(C, 'eth_getProof', [holder, [], { blockHash: old.hash }])).error).to.deep.equal({
      code: -32000,
      message: text(oldest - 1),
    });
    expect((await call(C, 'eth_getProof', [holder, [], 'earliest'])).error?.message).to.equal(text(0));
    expect((await call(C, 'eth_getProof', [holder, [], toHex(oldest)])).error).to.equal(undefined);
    const unknown = `0x${'ab'.repeat(32)}`;
    expect((await call(C, 'eth_getProof', [holder, [], unknown])).error).to.deep.equal({
      code: -32000,
      message: `historical proof query not allowed: block from hash ${unknown} doesn't exist`,
    });
    expect((await call(C, 'eth_getProof', [holder, ['0xzz'], 'latest'])).error).to.deep.equal({
      code: -32000,
      message: 'hex string invalid',
    });
    expect(
      (await call(C, 'eth_getProof', [holder, [`0x${'11'.repeat(33)}`], 'latest'])).error?.message,
    ).to.equal('hex string too long, want at most 32 bytes');
    expect((await call(C, 'eth_getProof', [holder, [], toHex(head + 10)])).error?.message).to.equal(
      'cannot query unfinalized data',
    );
    expect((await call(C, 'eth_getProof', [holder, []])).error).to.deep.equal({
      code: -32602,
      message: 'missing value for required argument 2',
    });
    expect((await call(C, 'eth_getProof', [holder, '0x1', 'latest'])).error?.message).to.equal(
      'invalid argument 1: json: cannot unmarshal string into Go value of type []string',
    );
  });

  it("reads storage at keys as coreth's decodeHash takes them: 32 bytes with leading zeros, shorter, unprefixed", async function () {
    const head = blocks[blocks.length - 1]!;
    const token = [...receipts.values()].find((r) => r.contractAddress !== null)!.contractAddress!;
    const at = (key: unknown, block: unknown = head.number) =>
      call(C, 'eth_getStorageAt', [token, key, block]);
    const full = (slot: number) => pad(toHex(slot), { size: 32 });
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, slot) =>
        result<Hex>(C, 'eth_getStorageAt', [token, full(slot), head.number]),
      ),
    );
    const slot = values.findIndex((v) => BigInt(v) !== 0n);
    expect(slot, 'a slot with a value').to.be.at.least(0);
    expect(values[slot]).to.match(/^0x[0-9a-f]{64}$/);
    expect(full(slot)).to.match(/^0x0{63}[0-9]$/);
    for (const key of [toHex(slot), slot.toString(16), `0X${full(slot).slice(2)}`, `0x0${slot}`]) {
      expect((await at(key)).result, key).to.equal(values[slot]);
    }
    // null leaves Go's string empty: key 0.
    expect((await at(null)).result).to.equal(values[0]);
    expect((await at('0xzz')).error).to.deep.equal({
      code: -32000,
      message: 'unable to decode storage key: hex string invalid',
    });
    expect((await at(`0x${'11'.repeat(33)}`)).error?.message).to.equal(
      'unable to decode storage key: hex string too long, want at most 32 bytes',
    );
    expect((await at(1)).error).to.deep.equal({
      code: -32602,
      message: 'invalid argument 1: json: cannot unmarshal number into Go value of type string',
    });
    // The block is a value (rpc.BlockNumberOrHash), not a pointer: required, as for eth_getBalance.
    expect((await call(C, 'eth_getStorageAt', [token, '0x0'])).error).to.deep.equal({
      code: -32602,
      message: 'missing value for required argument 2',
    });
    expect((await call(C, 'eth_getBalance', [token])).error).to.deep.equal({
      code: -32602,
      message: 'missing value for required argument 1',
    });
    // The state is resolved before the key is decoded: past the head, a bad key gets the block's error.
    const ahead = toHex(BigInt(head.number) + 100n);
    expect((await at('0x0', ahead)).error).to.not.equal(undefined);
    expect((await at('0xzz', ahead)).error).to.deep.equal((await at('0x0', ahead)).error);
  });

  it("gives callTracer's frames their logs with withLog: the receipt's, placed by position, none under a failure", async function () {
    let withInternalLogs = 0;
    let failedFramesSeen = 0;
    let checked = 0;
    const warpLogs = { receipt: 0 };
    for (const block of blocks.slice(1)) {
      if (block.transactions.length === 0) continue;
      const traces = await result<{ txHash: Hex; result: Frame }[]>(C, 'debug_traceBlockByNumber', [
        block.number,
        { tracer: 'callTracer', tracerConfig: { withLog: true } },
      ]);
      expect(traces.map((t) => t.txHash)).to.deep.equal(block.transactions.map((t) => t.hash));
      for (const { txHash, result: top } of traces) {
        const receipt = receipts.get(txHash)!;
        const expected = receipt.logs
          .filter((l) => {
            // Precompiles add logs without a LOG opcode: geth's callTracer never sees them.
            if (l.address.toLowerCase() !== WARP_PRECOMPILE) return true;
            warpLogs.receipt++;
            return false;
          })
          .map(({ address, topics, data }) => ({ address: address.toLowerCase() as Hex, topics, data }));
        expect(flattenLogs(top), txHash).to.deep.equal(expected);
        everyFrame(top, (frame, failedAbove) => {
          if (frame.error !== undefined || failedAbove) {
            failedFramesSeen++;
            expect(frame, 'a failed frame keeps no logs').to.not.have.property('logs');
          }
          if (frame !== top && frame.logs) withInternalLogs++;
          for (const log of frame.logs ?? []) {
            expect(Object.keys(log)).to.deep.equal(['address', 'topics', 'data', 'position']);
            expect(Number(log.position)).to.be.at.most(frame.calls?.length ?? 0);
          }
          expect(Object.keys(frame)).to.deep.equal(FRAME_ORDER.filter((k) => k in frame));
        });
        if (receipt.status === '0x0') expect(top.error).to.not.equal(undefined);
        checked++;
      }
      if (checked > 150 && withInternalLogs > 0 && failedFramesSeen > 0) break;
    }
    expect(withInternalLogs, 'logs emitted by internal calls').to.be.greaterThan(0);
    expect(failedFramesSeen, 'failed frames').to.be.greaterThan(0);

    // Without withLog there are no logs; with onlyTopCall only the top frame's own.
    const { tx } = allTxs().find(({ tx }) => receipts.get(tx.hash)!.logs.length > 1)!;
    const plain = await result<Frame>(C, 'debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }]);
    everyFrame(plain, (frame) => expect(frame).to.not.have.property('logs'));
    const top = await result<Frame>(C, 'debug_traceTransaction', [
      tx.hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true, onlyTopCall: true } },
    ]);
    expect(top).to.not.have.property('calls');
    for (const log of top.logs ?? []) {
      expect(log.address).to.equal(top.to);
      expect(log.position).to.equal('0x0');
    }
    const full = await result<Frame>(C, 'debug_traceTransaction', [
      tx.hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ]);
    expect(top.logs ?? []).to.deep.equal(full.logs?.map((l) => ({ ...l, position: '0x0' })) ?? []);

    expect(
      (
        await call(C, 'debug_traceTransaction', [
          tx.hash,
          { tracer: 'callTracer', tracerConfig: { withLog: 'yes' } },
        ])
      ).error,
    ).to.deep.equal({
      code: -32000,
      message: 'json: cannot unmarshal string into Go struct field callTracerConfig.withLog of type bool',
    });
  });

  it("answers geth's struct logs when no tracer is named: steps, gas, failures and options", async function () {
    const codes = new Map<string, Uint8Array>();
    const codeAt = async (address: Hex) => {
      const key = address.toLowerCase();
      if (!codes.has(key))
        codes.set(key, hexToBytes(await result<Hex>(C, 'eth_getCode', [address, 'latest'])));
      return codes.get(key)!;
    };

    // A plain transfer runs no code.
    const transfers = allTxs().filter(({ tx }) => tx.to !== null && tx.input === '0x');
    let plain: { tx: RawTx } | undefined;
    for (const candidate of transfers) {
      if ((await codeAt(candidate.tx.to!)).length === 0) {
        plain = candidate;
        break;
      }
    }
    expect(plain, 'a plain transfer').to.not.equal(undefined);
    expect(await result<StructResult>(C, 'debug_traceTransaction', [plain!.tx.hash])).to.deep.equal({
      gas: 21000,
      failed: false,
      returnValue: '',
      structLogs: [],
    });

    // Contract calls: succeeded and reverted.
    // Contract calls without an access list (Warp predicates would add to the intrinsic gas).
    const calls = allTxs().filter(
      ({ tx }) => tx.to !== null && tx.input.length > 10 && (tx.accessList ?? []).length === 0,
    );
    const ok = calls.filter(({ tx }) => receipts.get(tx.hash)!.status === '0x1');
    const reverted = calls.filter(({ tx }) => receipts.get(tx.hash)!.status === '0x0').slice(0, 4);
    expect(ok.length).to.be.greaterThan(5);
    expect(reverted.length).to.be.greaterThan(0);
    let storageSteps = 0;
    let callSteps = 0;
    let traced = 0;
    for (const { tx } of [...reverted, ...ok]) {
      // Until a call into code was seen among a dozen or more (at most 80).
      if ((traced >= 12 && callSteps > 0) || traced >= 80) break;
      traced++;
      const receipt = receipts.get(tx.hash)!;
      const trace = await result<StructResult>(C, 'debug_traceTransaction', [tx.hash]);
      const callTrace = await result<Frame>(C, 'debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }]);
      expect(Object.keys(trace)).to.deep.equal(['gas', 'failed', 'returnValue', 'structLogs']);
      expect(trace.gas, 'gas used').to.equal(Number(receipt.gasUsed));
      expect(trace.failed).to.equal(receipt.status === '0x0');
      const logs = trace.structLogs;
      expect(logs.length).to.be.greaterThan(0);
      // The first step has the gas left after the intrinsic gas; the transaction uses all but what is left after the
      // last top-level step (coreth refunds nothing).
      expect(BigInt(logs[0]!.gas)).to.equal(BigInt(tx.gas) - intrinsicGas(tx));
      const topSteps = logs.filter((s) => s.depth === 1);
      const last = topSteps[topSteps.length - 1]!;
      expect(BigInt(tx.gas) - BigInt(last.gas - last.gasCost)).to.equal(BigInt(receipt.gasUsed));
      if (receipt.status === '0x1') expect(last.op).to.equal(trace.returnValue ? 'RETURN' : 'STOP');
      if (callTrace.error === 'execution reverted') expect(last.op).to.equal('REVERT');
      expect(trace.returnValue).to.equal((callTrace.output ?? '0x').slice(2));
      const code = await codeAt(tx.to!);
      for (let i = 0; i < logs.length; i++) {
        const step = logs[i]!;
        expect(Object.keys(step).slice(0, 5)).to.deep.equal(['pc', 'op', 'gas', 'gasCost', 'depth']);
        expect(step).to.have.property('stack');
        expect(step).to.not.have.property('memory');
        const next = logs[i + 1];
        if (step.depth === 1) {
          // Every top-level step is the contract's code at pc: PUSHn pushes the n bytes that follow.
          const byte = code[step.pc]!;
          if (step.op.startsWith('PUSH') && step.op !== 'PUSH0') {
            const n = Number(step.op.slice(4));
            expect(byte, `${step.op} at ${step.pc}`).to.equal(0x5f + n);
            if (next && next.depth === 1) {
              const pushed = BigInt(toHex(code.subarray(step.pc + 1, step.pc + 1 + n)));
              expect(BigInt(next.stack!.at(-1)!)).to.equal(pushed);
            }
          }
          if (step.op === 'JUMPDEST') expect(byte).to.equal(0x5b);
        }
        if (next && next.depth === step.depth && !/CALL|CREATE/.test(step.op)) {
          expect(next.gas, `gas after ${step.op} at ${step.pc}`).to.equal(step.gas - step.gasCost);
        }
        if (/CALL$/.test(step.op) && next && next.depth === step.depth + 1) {
          // The call's cost includes the gas it hands over (plus the 2300 stipend with value).
          callSteps++;
          const overhead = step.gasCost - next.gas;
          expect(overhead).to.be.within(-2300, 40_000);
        }
        if (step.op === 'SSTORE' || step.op === 'SLOAD') {
          storageSteps++;
          const key = step.stack!.at(-1)!.slice(2).padStart(64, '0');
          expect(step.storage, step.op).to.have.property(key);
          if (step.op === 'SSTORE') {
            expect(step.storage![key]).to.equal(step.stack!.at(-2)!.slice(2).padStart(64, '0'));
          } else if (next && next.depth === step.depth) {
            expect(BigInt(`0x${step.storage![key]}`)).to.equal(BigInt(next.stack!.at(-1)!));
          }
        } else {
          expect(step).to.not.have.property('storage');
        }
      }
    }
    expect(storageSteps).to.be.greaterThan(0);
    expect(callSteps).to.be.greaterThan(0);

    // Options: no stack, no storage, memory in 32-byte words, a step limit.
    const { tx } = ok[0]!;
    const bare = await result<StructResult>(C, 'debug_traceTransaction', [
      tx.hash,
      { disableStack: true, disableStorage: true, enableMemory: true, limit: 40 },
    ]);
    expect(bare.structLogs).to.have.length(40);
    for (const step of bare.structLogs) {
      expect(step).to.not.have.property('stack');
      expect(step).to.not.have.property('storage');
      expect(step.memory).to.be.an('array');
      for (const word of step.memory!) expect(word).to.match(/^[0-9a-f]{64}$/);
    }
    // Solidity's prologue: PUSH1 0x80 PUSH1 0x40 MSTORE; the memory shows the free memory pointer after it.
    expect(bare.structLogs.slice(0, 3).map((s) => s.op)).to.deep.equal(['PUSH1', 'PUSH1', 'MSTORE']);
    expect(bare.structLogs[2]!.memory).to.deep.equal([]);
    expect(bare.structLogs[3]!.memory).to.deep.equal(['0'.repeat(64), '0'.repeat(64), `${'0'.repeat(62)}80`]);

    // A reverted call: failed, its revert data as the return value.
    const failed = await result<StructResult>(C, 'debug_traceTransaction', [reverted[0]!.tx.hash]);
    expect(failed.failed).to.equal(true);
    expect(failed.structLogs.filter((s) => s.depth === 1).at(-1)!.op).to.equal('REVERT');

    // Blocks too, one result per transaction.
    const block = blocks.find((b) => b.transactions.length > 1)!;
    const traces = await result<{ txHash: Hex; result: StructResult }[]>(C, 'debug_traceBlockByNumber', [
      block.number,
      { disableStack: true },
    ]);
    expect(traces.map((t) => t.txHash)).to.deep.equal(block.transactions.map((t) => t.hash));
    const byHash = await result<{ txHash: Hex; result: StructResult }[]>(C, 'debug_traceBlockByHash', [
      block.hash,
      { disableStack: true },
    ]);
    expect(byHash).to.deep.equal(traces);
    for (const [i, t] of traces.entries()) {
      const single = await result<StructResult>(C, 'debug_traceTransaction', [
        t.txHash,
        { disableStack: true },
      ]);
      expect(single, `transaction ${i}`).to.deep.equal(t.result);
    }

    expect((await call(C, 'debug_traceTransaction', [tx.hash, { enableMemory: 1 }])).error).to.deep.equal({
      code: -32602,
      message:
        'invalid argument 1: json: cannot unmarshal number into Go struct field TraceConfig.Config.EnableMemory of type bool',
    });
  });
});
