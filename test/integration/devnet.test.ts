import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { avaxSerial, pvmSerial, utils, type Credential } from '@avalabs/avalanchejs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { expect } from 'chai';
import { IDENTITIES } from '../../services/devnet/identity.ts';
import { Devnet, type DevnetParameters } from '../../services/devnet/network.ts';
import { deriveAccounts } from '../../services/devnet/p-chain.ts';
import { derive } from '../../services/devnet/seeded.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { eventually, freePort, spawnComponent } from '../support/processes.ts';

const PARAMETERS: DevnetParameters = {
  identity: IDENTITIES.fuji,
  seed: 'test-seed',
  genesisTimeSeconds: 1_767_225_600n, // 2026-01-01T00:00:00Z
  historySeconds: 6n * 3600n,
  blockIntervalSeconds: 240n,
  accounts: 8,
};

async function history(parameters: DevnetParameters) {
  const devnet = new Devnet(parameters);
  await devnet.generateHistory();
  return devnet.containers.range('P/block', 0n, 1_000_000n);
}

/** Reads the devnet's bytes with code written here from avalanchego's formats, not with the devnet's encoder. */
class Reader {
  offset = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  private view(n: number) {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, n);
    this.offset += n;
    return view;
  }
  u16 = () => this.view(2).getUint16(0);
  u32 = () => this.view(4).getUint32(0);
  u64 = () => this.view(8).getBigUint64(0);
  take = (n: number) => this.bytes.slice(this.offset, (this.offset += n));
  rest = () => this.bytes.slice(this.offset);
}

describe('devnet', function () {
  it('gives byte-identical chains for the same seed and parameters, and other chains for another seed', async function () {
    const [first, second, other] = await Promise.all([
      history(PARAMETERS),
      history(PARAMETERS),
      history({ ...PARAMETERS, seed: 'another-seed' }),
    ]);
    expect(first).to.have.length(90);
    expect(second).to.deep.equal(first);
    // Pinned: a change here changes every devnet chain, which must be deliberate.
    expect(encodeCb58(first.at(-1)!.id)).to.equal('2r22sC6sc19y14dJs6SkYdKZEzJqneqZn3Mir8f3xaBMmmqM5B');
    expect(other.map((c) => Buffer.from(c.id).toString('hex'))).to.not.deep.equal(
      first.map((c) => Buffer.from(c.id).toString('hex')),
    );
  });

  it('serves P-Chain blocks that decode as proposervm blocks around platformvm blocks of signed avalanchejs transactions', async function () {
    const containers = await history(PARAMETERS);
    const codec = utils.getManagerForVM('PVM').getDefaultCodec();
    const accounts = new Set(
      deriveAccounts(PARAMETERS.seed, PARAMETERS.accounts).map((a) => Buffer.from(a.address).toString('hex')),
    );
    let previousOuter: Uint8Array | undefined;
    let previousInner: Uint8Array | undefined;
    let previousTime = 0n;
    let transfers = 0;
    // UTXO accounting across the whole history: genesis outputs, then each transaction's.
    const genesisTxId = Buffer.from(derive(PARAMETERS.seed, 'p-chain/genesis')).toString('hex');
    const unspent = new Set(Array.from({ length: PARAMETERS.accounts }, (_, i) => `${genesisTxId}:${i}`));
    for (const container of containers) {
      // proposervm statelessBlock: codec 0, type 0, parent, timestamp, P-Chain height, certificate, block, signature.
      const outer = new Reader(container.bytes);
      expect([outer.u16(), outer.u32()]).to.deep.equal([0, 0]);
      const outerParent = outer.take(32);
      const timestamp = outer.u64();
      outer.u64();
      expect(outer.u32(), 'no certificate').to.equal(0);
      const inner = outer.take(outer.u32());
      expect(outer.u32(), 'no signature').to.equal(0);
      expect(outer.rest()).to.have.length(0);
      expect(Buffer.from(container.id)).to.deep.equal(Buffer.from(sha256(container.bytes.subarray(0, -4))));
      if (previousOuter) expect(Buffer.from(outerParent)).to.deep.equal(Buffer.from(previousOuter));
      previousOuter = container.id;

      // platformvm BanffStandardBlock: codec 0, type 32, time, parent, height, transactions.
      const block = new Reader(inner);
      expect([block.u16(), block.u32()]).to.deep.equal([0, 32]);
      const time = block.u64();
      expect(time).to.equal(timestamp);
      expect(time >= previousTime).to.equal(true);
      previousTime = time;
      const parent = block.take(32);
      if (previousInner) expect(Buffer.from(parent)).to.deep.equal(Buffer.from(previousInner));
      previousInner = sha256(inner);
      expect(block.u64()).to.equal(container.index + 1n); // genesis (height 0) is never indexed
      const count = block.u32();
      expect(count).to.be.within(1, 3);
      let rest: Uint8Array = block.rest();
      for (let i = 0; i < count; i++) {
        const [signedTx, remaining] = avaxSerial.SignedTx.fromBytes(rest, codec);
        rest = remaining;
        const tx = signedTx.unsignedTx;
        expect(pvmSerial.isPvmBaseTx(tx)).to.equal(true);
        const baseTx = (tx as pvmSerial.BaseTx).baseTx;
        expect(new TextDecoder().decode(baseTx.memo.toBytes().subarray(4))).to.equal(
          `devnet transfer #${++transfers}`,
        );
        expect(baseTx.NetworkId.value()).to.equal(5);
        for (const input of baseTx.inputs) {
          const spent = `${Buffer.from(input.utxoID.txID.toBytes()).toString('hex')}:${input.utxoID.outputIdx.value()}`;
          expect(unspent.delete(spent), `input ${spent} exists and is unspent`).to.equal(true);
        }
        const txId = Buffer.from(
          sha256(new Uint8Array([0, 0, ...codec.PackPrefix(tx), ...packCredentials(signedTx, codec)])),
        ).toString('hex');
        baseTx.outputs.forEach((_, i) => unspent.add(`${txId}:${i}`));
        // Every signature recovers, with an independent secp256k1, to one of the devnet's accounts.
        const unsignedBytes = codec.PackPrefix(tx);
        const message = sha256(new Uint8Array([0, 0, ...unsignedBytes]));
        for (const credential of signedTx.credentials) {
          for (const signature of (credential as Credential).toJSON()) {
            const raw = signature.toBytes();
            const recovered = secp256k1.Signature.fromBytes(raw.subarray(0, 64), 'compact')
              .addRecoveryBit(raw[64]!)
              .recoverPublicKey(message)
              .toBytes(true);
            const address = Buffer.from(ripemd160Sha256(recovered)).toString('hex');
            expect(accounts.has(address), `signer ${address}`).to.equal(true);
          }
        }
      }
      expect(rest).to.have.length(0);
    }
    expect(transfers).to.be.greaterThan(containers.length);
  });

  it('is what `chain-data up` follows by default: the stack mirrors it and gateway-rpc serves its blocks', async function () {
    this.timeout(180_000);
    const dataDir = await mkdtemp(join(tmpdir(), 'chain-data-devnet-'));
    const port = await freePort();
    const stack = spawnComponent('up', {
      CHAIN_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      UPSTREAM_NODE_URLS: '',
      DEVNET_PORT: '0',
      DEVNET_HISTORY_HOURS: '4',
      DEVNET_LIVE_INTERVAL_MS: '0',
      GATEWAY_RPC_PORT: String(port),
      LOG_LEVEL: 'info',
    });
    try {
      await eventually(
        () => stack.output().includes('"msg":"stack is up"') || stack.child.exitCode !== null,
        90_000,
        'the stack',
      );
      const line = stack
        .output()
        .split('\n')
        .find((l) => l.includes('"msg":"stack is up"'));
      expect(line, stack.output()).to.not.equal(undefined);
      const devnetUrl = (JSON.parse(line!) as { urls: { upstream: string[] } }).urls.upstream[0]!;
      const call = async (base: string, method: string, params: object) => {
        const response = await fetch(`${base}/ext/index/P/block`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        return ((await response.json()) as { result?: Record<string, unknown> }).result;
      };
      const gateway = `http://127.0.0.1:${port}`;
      await eventually(
        async () => (await call(gateway, 'index.getLastAccepted', {}))?.index === '59',
        60_000,
        'the mirror',
      );
      expect(await call(gateway, 'index.getLastAccepted', {})).to.deep.equal(
        await call(devnetUrl, 'index.getLastAccepted', {}),
      );
      const range = { startIndex: 0, numToFetch: 60 };
      expect(await call(gateway, 'index.getContainerRange', range)).to.deep.equal(
        await call(devnetUrl, 'index.getContainerRange', range),
      );
    } finally {
      stack.child.kill('SIGTERM');
      await stack.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** A signed transaction's bytes after the unsigned part: the credential count, then each credential with its type. */
function packCredentials(
  signedTx: avaxSerial.SignedTx,
  codec: ReturnType<ReturnType<typeof utils.getManagerForVM>['getDefaultCodec']>,
): Uint8Array {
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, signedTx.credentials.length);
  return new Uint8Array([...count, ...signedTx.credentials.flatMap((c) => [...codec.PackPrefix(c)])]);
}

function ripemd160Sha256(publicKey: Uint8Array): Uint8Array {
  return ripemd160(sha256(publicKey));
}
