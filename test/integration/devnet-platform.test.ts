import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { aggregateSignatures, verifyWarpSignature } from '../support/bls-noble.ts';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { avaxSerial, pvmSerial, utils, Utxo, type TransferOutput } from '@avalabs/avalanchejs';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { createDevnetApp } from '../../services/devnet/app.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import { DevnetPeers } from '../../services/devnet/peers.ts';
import {
  decodeSignatureResponse,
  signatureRequestAppBytes,
} from '../../services/runtime/avalanche/p2p/acp118.ts';
import { connectPeer, ephemeralBlsSecretKey } from '../../services/runtime/avalanche/p2p/peer.ts';
import { createStakingCertificate } from '../../services/runtime/avalanche/p2p/staking-certificate.ts';
import { decodeCb58, encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { pChainOnlyDevnet, SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';
import { u16, u32, u64 } from '../support/big-endian.ts';

type RpcReply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

async function platformAt(url: string, method: string, params: object = {}): Promise<RpcReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: `platform.${method}`, params }),
  });
  return (await response.json()) as RpcReply;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
const pvmCodec = utils.getManagerForVM('PVM').getDefaultCodec();

/** A platformvm block as avalanchego lays out its Banff blocks: codec, type, then the block's time. */
interface PlatformBlockView {
  type: number;
  time: bigint;
  /** A standard block's transactions, each with its id. */
  txs: { id: string; tx: avaxSerial.SignedTx }[];
}

const BANFF_COMMIT = 31;
const BANFF_STANDARD = 32;

function viewPlatformBlock(bytes: Uint8Array): PlatformBlockView {
  const block = Buffer.from(bytes);
  const type = block.readUInt32BE(2);
  const time = block.readBigUInt64BE(6);
  const txs: PlatformBlockView['txs'] = [];
  if (type === BANFF_STANDARD) {
    // After the time: parent, height, the transaction count, then each transaction without its codec version.
    let rest: Uint8Array = block.subarray(6 + 8 + 32 + 8 + 4);
    while (rest.length > 0) {
      const [tx, remaining] = avaxSerial.SignedTx.fromBytes(rest, pvmCodec);
      const own = rest.subarray(0, rest.length - remaining.length);
      txs.push({ id: encodeCb58(sha256Of(Buffer.concat([u16(0), own]))), tx });
      rest = remaining;
    }
  }
  return { type, time, txs };
}

/** The validation id a RegisterL1ValidatorTx's Warp message names: the hash of its RegisterL1Validator payload. */
function registeredValidationId(signedMessage: Uint8Array): string {
  const message = Buffer.from(signedMessage);
  // UnsignedMessage: codec, network id, source chain, payload length; the payload is an AddressedCall: codec, type,
  // source address, then its own payload.
  let at = 2 + 4 + 32 + 4 + 2 + 4;
  at += 4 + message.readUInt32BE(at);
  const length = message.readUInt32BE(at);
  return encodeCb58(sha256Of(message.subarray(at + 4, at + 4 + length)));
}

interface L1ValidatorLedger {
  deposited: bigint;
  charged: bigint;
  active: boolean;
  refund?: { txId: string; outputIndex: number; amount: bigint };
}

/** fuji's minimum L1 validator fee, nAVAX a second. */
const FUJI_MIN_PRICE = 512n;

/**
 * ACP-77's continuous fee replayed over P-Chain blocks: every block but a commit (which shares its proposal's time)
 * charges each active L1 validator for the seconds since its parent block, before its own transactions. With a
 * handful of validators, far below fuji's target of 10,000, the excess stays 0 and every second costs the minimum
 * price. `validationIdOf` names the conversion's validators (its transaction lists node ids).
 */
function replayL1Fees(
  blocks: PlatformBlockView[],
  genesisSeconds: bigint,
  validationIdOf: (nodeId: string) => string,
): Map<string, L1ValidatorLedger> {
  const ledger = new Map<string, L1ValidatorLedger>();
  let parentTime = genesisSeconds;
  for (const block of blocks) {
    if (block.type !== BANFF_COMMIT) {
      for (const v of ledger.values()) if (v.active) v.charged += FUJI_MIN_PRICE * (block.time - parentTime);
    }
    parentTime = block.time;
    for (const { id, tx } of block.txs) {
      const unsigned = tx.unsignedTx;
      const join = (validationId: string, balance: bigint) =>
        ledger.set(validationId, { deposited: balance, charged: 0n, active: balance > 0n });
      if (pvmSerial.isConvertSubnetToL1Tx(unsigned)) {
        for (const v of unsigned.validators) {
          join(validationIdOf(`NodeID-${encodeCb58(v.nodeId.bytes)}`), v.balance.value());
        }
      } else if (pvmSerial.isRegisterL1ValidatorTx(unsigned)) {
        join(registeredValidationId(unsigned.message.bytes), unsigned.balance.value());
      } else if (pvmSerial.isIncreaseL1ValidatorBalanceTx(unsigned)) {
        const v = ledger.get(unsigned.validationId.toString())!;
        expect(v.active, 'the devnet tops up active validators only').to.equal(true);
        v.deposited += unsigned.balance.value();
      } else if (pvmSerial.isDisableL1ValidatorTx(unsigned)) {
        const v = ledger.get(unsigned.validationId.toString())!;
        if (v.active) {
          const outputIndex = unsigned.baseTx.outputs.length;
          v.refund = { txId: id, outputIndex, amount: v.deposited - v.charged };
        }
        v.active = false;
      }
    }
  }
  return ledger;
}

/**
 * The devnet's `platform` service against its own P-Chain: validator sets follow the staking and L1 transactions
 * it issued, with avalanchego's shapes.
 */
describe('devnet platform API', function () {
  this.timeout(60_000);
  let devnet: Devnet;
  let peers: DevnetPeers;
  let server: Server;
  let url: string;
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

  const platform = (method: string, params: object = {}) => platformAt(url, method, params);

  const info = async (method: string) => {
    const response = await fetch(url.replace('/ext/bc/P', '/ext/info'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: `info.${method}`, params: {} }),
    });
    return ((await response.json()) as { result: Record<string, unknown> }).result;
  };

  before(async function () {
    devnet = await sharedDevnet(SHARED_DEVNET);
    peers = await DevnetPeers.start(devnet, { host: '127.0.0.1', slowMs: 300, faults: new Map() });
    server = createDevnetApp(devnet, createLogger('test', 'silent'), { peers }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/bc/P`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await peers.close();
  });

  it('lists the primary network validators with BLS signers, rewards and delegations', async function () {
    const { result } = await platform('getCurrentValidators');
    const validators = result!.validators as Record<string, unknown>[];
    expect(validators.length).to.be.at.least(5);
    // Validators that joined before Durango have no signer; the others have a BLS key and its proof.
    expect(validators.filter((v) => !('signer' in v))).to.have.length(2);
    const first = validators.find((v) => 'signer' in v)!;
    expect(Object.keys(first)).to.deep.equal([
      'txID',
      'startTime',
      'endTime',
      'weight',
      'nodeID',
      'validationRewardOwner',
      'delegationRewardOwner',
      'potentialReward',
      'accruedDelegateeReward',
      'delegationFee',
      'uptime',
      'connected',
      'signer',
      'delegatorCount',
      'delegatorWeight',
    ]);
    expect((first.validationRewardOwner as { addresses: string[] }).addresses[0]).to.match(/^P-fuji1/);
    const { publicKey, proofOfPossession } = first.signer as { publicKey: string; proofOfPossession: string };
    const bls = bls12_381.longSignatures;
    const key = Buffer.from(publicKey.slice(2), 'hex');
    expect(
      bls.verify(
        bls.Signature.fromBytes(Buffer.from(proofOfPossession.slice(2), 'hex')),
        bls.hash(key, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'),
        bls12_381.G1.Point.fromBytes(key),
      ),
    ).to.equal(true);
    // Ends come in order; delegators are listed only when one node is asked for.
    const ends = validators.map((v) => Number(v.endTime));
    expect(ends).to.deep.equal([...ends].sort((a, b) => a - b));
    const delegated = validators.find((v) => Number(v.delegatorCount) > 0);
    expect(delegated, 'a validator with delegators').to.not.equal(undefined);
    const single = await platform('getCurrentValidators', { nodeIDs: [delegated!.nodeID] });
    const [only] = single.result!.validators as {
      delegators: { weight: string }[];
      delegatorWeight: string;
    }[];
    expect(only!.delegators.length).to.equal(Number(delegated!.delegatorCount));
    expect(only!.delegators.reduce((sum, d) => sum + BigInt(d.weight), 0n).toString()).to.equal(
      only!.delegatorWeight,
    );
  });

  it('gives validator sets at a height, bare and in Warp’s canonical form, and refuses heights above the tip', async function () {
    const height = Number((await platform('getHeight')).result!.height);
    const now = (await platform('getValidatorsAt', { height })).result!;
    const current = (await platform('getCurrentValidators')).result!.validators as {
      nodeID: string;
      weight: string;
      delegatorWeight: string;
    }[];
    expect(Object.keys(now).sort()).to.deep.equal(current.map((v) => v.nodeID).sort());
    for (const v of current) {
      expect((now[v.nodeID] as { weight: string }).weight).to.equal(
        (BigInt(v.weight) + BigInt(v.delegatorWeight)).toString(),
      );
    }
    // Before the first validator's transaction (height 4) the set is empty.
    expect((await platform('getValidatorsAt', { height: 3 })).result).to.deep.equal({});
    expect((await platform('getValidatorsAt', { height: height + 1 })).error?.message).to.equal(
      `failed to get validator set at ${height + 1}: failed to fetch validator set at unfinalized height with SubnetID = 11111111111111111111111111111111LpoYY: current P-chain height (${height}) < requested P-Chain height (${height + 1})`,
    );
    const warp = (await platform('getAllValidatorsAt', { height: 'proposed' })).result!
      .validatorSets as Record<
      string,
      { validators: { publicKey: string; weight: string }[]; totalWeight: string }
    >;
    const primary = warp['11111111111111111111111111111111LpoYY']!;
    const total = Object.values(now).reduce<bigint>(
      (sum, v) => sum + BigInt((v as { weight: string }).weight),
      0n,
    );
    expect(primary.totalWeight).to.equal(total.toString());
    const uncompressed = primary.validators.map((v) =>
      Buffer.from(bls12_381.G1.Point.fromBytes(Buffer.from(v.publicKey.slice(2), 'hex')).toBytes(false)),
    );
    expect(uncompressed).to.deep.equal([...uncompressed].sort((a, b) => Buffer.compare(a, b)));
  });

  it('describes the L1: its subnet, its validators and each one by validation id', async function () {
    const { subnetId, blockchainId } = devnet.l1;
    const subnet = (await platform('getSubnet', { subnetID: subnetId })).result!;
    expect(subnet).to.include({ isPermissioned: false, managerChainID: blockchainId, threshold: '1' });
    const validators = (await platform('getCurrentValidators', { subnetID: subnetId })).result!
      .validators as {
      nodeID: string;
      validationID: string;
      balance: string;
    }[];
    // Three from the conversion, one registered later through a Warp message from the L1's validator manager.
    expect(validators).to.have.length(4);
    const one = await platform('getL1Validator', { validationID: validators[0]!.validationID });
    expect(one.result).to.include({ nodeID: validators[0]!.nodeID, subnetID: subnetId });
    const set = (await platform('getValidatorsAt', { height: 'proposed', subnetID: subnetId })).result!;
    expect(Object.keys(set)).to.have.length(4);
    expect((await platform('getSubnet', { subnetID: blockchainId })).error?.message).to.equal('not found');
    // The L1's own nodes list the same validators through Subnet-EVM's validators service, with plain numbers.
    const response = await fetch(url.replace('/ext/bc/P', `/ext/bc/${blockchainId}/validators`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'validators.getCurrentValidators', params: {} }),
    });
    const l1 = ((await response.json()) as { result: { validators: Record<string, unknown>[] } }).result
      .validators;
    expect(l1.map((v) => v.validationID).sort()).to.deep.equal(validators.map((v) => v.validationID).sort());
    // The registered validator's weight was raised from 100 to 150 by SetL1ValidatorWeightTx.
    expect(l1.map((v) => v.weight).sort()).to.deep.equal([200, 200, 50, 150].sort());
    const raised = l1.find((v) => v.weight === 150)!.nodeID as string;
    const before = (await platform('getValidatorsAt', { height: 70, subnetID: subnetId })).result!;
    expect(before[raised]).to.deep.include({ weight: '100' });
    expect(l1.every((v) => v.isL1Validator === true)).to.equal(true);
    expect((await platform('getCurrentValidators', { subnetID: blockchainId })).result).to.deep.equal({
      validators: [],
    });
  });

  it('gives the L1 validator fee’s configuration and state as a fuji node does', async function () {
    // avalanchego's fuji genesis: the price doubles with every hour of excess.
    expect((await platform('getValidatorFeeConfig')).result).to.deep.equal({
      capacity: 20_000,
      target: 10_000,
      minPrice: 512,
      excessConversionConstant: 51_937_021,
    });
    const { timestamp } = (await platform('getTimestamp')).result!;
    expect(timestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Four validators, far below the target: no excess, the minimum price.
    expect((await platform('getValidatorFeeState')).result).to.deep.equal({
      excess: 0,
      price: 512,
      timestamp,
    });
  });

  it('charges each active L1 validator the continuous fee from its balance, block by block', async function () {
    const { subnetId } = devnet.l1;
    const validators = (await platform('getCurrentValidators', { subnetID: subnetId })).result!
      .validators as {
      nodeID: string;
      validationID: string;
      balance: string;
    }[];
    const height = Number((await platform('getHeight')).result!.height);
    const blocks = await Promise.all(
      Array.from({ length: height }, async (_, i) => {
        const { block } = (await platform('getBlockByHeight', { height: i + 1, encoding: 'hexnc' })).result!;
        return viewPlatformBlock(Buffer.from((block as string).slice(2), 'hex'));
      }),
    );
    const ledger = replayL1Fees(
      blocks,
      devnet.parameters.genesisTimeSeconds,
      (nodeId) => validators.find((v) => v.nodeID === nodeId)!.validationID,
    );
    expect([...ledger.keys()].sort()).to.deep.equal(validators.map((v) => v.validationID).sort());
    for (const v of validators) {
      const { deposited, charged, active } = ledger.get(v.validationID)!;
      expect(active).to.equal(true);
      // Days of history at 512 nAVAX a second: a fee is charged, and less than was deposited.
      expect(charged > 0n && charged < deposited, `${v.nodeID} was charged ${charged}`).to.equal(true);
      const balance = (deposited - charged).toString();
      expect(v.balance, v.nodeID).to.equal(balance);
      const one = (await platform('getL1Validator', { validationID: v.validationID })).result!;
      expect(one.balance, v.nodeID).to.equal(balance);
    }
  });

  it('has the L1’s validators sign, over ACP-118, the P-Chain’s L1 messages its state bears out, with the justifications platformvm asks for', async function () {
    const { subnetId } = devnet.l1;
    const subnet = decodeCb58(subnetId);
    const conversionId = decodeCb58(
      (await platform('getSubnet', { subnetID: subnetId })).result!.conversionID as string,
    );
    // Written here from avalanchego's layouts: UnsignedMessage(network 5, the P-Chain, AddressedCall(no address,
    // one of warp/message's payloads)).
    const fromP = (payload: Buffer, source = Buffer.alloc(0)) => {
      const call = Buffer.concat([u16(0), u32(1), u32(source.length), source, u32(payload.length), payload]);
      return Buffer.concat([u16(0), u32(5), Buffer.alloc(32), u32(call.length), call]);
    };
    const conversion = (id: Uint8Array) => fromP(Buffer.concat([u16(0), u32(0), id]));
    const registration = (validationId: Uint8Array, registered: boolean) =>
      fromP(Buffer.concat([u16(0), u32(2), validationId, Buffer.from([registered ? 1 : 0])]));
    const weight = (validationId: Uint8Array, nonce: bigint, value: bigint) =>
      fromP(Buffer.concat([u16(0), u32(3), validationId, u64(nonce), u64(value)]));
    const owner = Buffer.concat([u32(1), u32(1), Buffer.alloc(20, 1)]);
    const registerMessage = (expiry: bigint) =>
      Buffer.concat([
        u16(0),
        u32(1),
        subnet,
        u32(20),
        Buffer.alloc(20, 2),
        Buffer.alloc(48, 3),
        u64(expiry),
        owner,
        owner,
        u64(10n),
      ]);
    // platformvm.L1ValidatorRegistrationJustification: 1 SubnetIDIndex{1 subnet_id, 2 index}, 2 a RegisterL1Validator.
    const bytesField = (field: number, bytes: Uint8Array) => {
      const length = bytes.length < 128 ? [bytes.length] : [(bytes.length & 0x7f) | 0x80, bytes.length >> 7];
      return Buffer.concat([Buffer.from([(field << 3) | 2, ...length]), bytes]);
    };
    const subnetIndex = (index: number) =>
      bytesField(1, Buffer.concat([bytesField(1, subnet), Buffer.from([2 << 3, index])]));
    const appendIndex = (index: number) => sha256(Buffer.concat([subnet, u32(index)]));

    const validators = (await platform('getCurrentValidators', { subnetID: subnetId })).result!
      .validators as { nodeID: string; publicKey: string; validationID: string; weight: string }[];
    const addresses = new Map(
      ((await info('peers')).peers as { nodeID: string; publicIP: string }[]).map((p) => [
        p.nodeID,
        p.publicIP,
      ]),
    );
    const connections = await Promise.all(
      validators.map(async (v) => {
        const [host, port] = addresses.get(v.nodeID)!.split(':');
        const peer = await connectPeer(
          { host: host!, port: Number(port) },
          { certificate: createStakingCertificate(), blsSecretKey: ephemeralBlsSecretKey() },
          { networkId: 5, expectedNodeId: decodeCb58(v.nodeID.slice(7)) },
        );
        return { peer, key: Buffer.from(v.publicKey.slice(2), 'hex') };
      }),
    );
    try {
      const sign = async (index: number, message: Uint8Array, justification?: Uint8Array) => {
        const reply = await connections[index]!.peer.appRequest(
          new Uint8Array(32),
          signatureRequestAppBytes(message, justification),
        );
        if ('error' in reply) return reply.error.code;
        const signature = decodeSignatureResponse(reply.bytes)!;
        expect(verifyWarpSignature(message, [connections[index]!.key], signature), 'signature').to.equal(
          true,
        );
        return signature;
      };
      // Every L1 validator attests the conversion, justified by the subnet id; the signatures aggregate.
      const attested = conversion(conversionId);
      const signatures: Uint8Array[] = [];
      for (const i of connections.keys()) signatures.push((await sign(i, attested, subnet)) as Uint8Array);
      expect(
        verifyWarpSignature(
          attested,
          connections.map((c) => c.key),
          aggregateSignatures(signatures),
        ),
      ).to.equal(true);
      expect(await sign(0, attested)).to.equal(5);
      expect(await sign(0, attested, new Uint8Array(32))).to.equal(6);
      expect(await sign(0, conversion(new Uint8Array(32).fill(1)), subnet)).to.equal(7);

      // The registered validator (weight raised to 150 with nonce 0) is registered, at that weight, next nonce 1.
      const raised = validators.find((v) => v.weight === '150')!;
      const raisedId = decodeCb58(raised.validationID);
      expect(await sign(0, registration(raisedId, true))).to.have.length(96);
      expect(await sign(0, registration(new Uint8Array(32).fill(4), true))).to.equal(11);
      expect(await sign(0, weight(raisedId, 0n, 150n))).to.have.length(96);
      expect(await sign(0, weight(raisedId, 1n, 150n))).to.equal(16);
      expect(await sign(0, weight(raisedId, 0n, 100n))).to.equal(17);
      expect(await sign(0, weight(raisedId, 2n ** 64n - 1n, 150n))).to.equal(15);
      expect(await sign(0, weight(new Uint8Array(32).fill(4), 0n, 1n))).to.equal(11);

      // Not registered, and never to be: a conversion's index that holds no validator, or an expired registration.
      expect(await sign(0, registration(appendIndex(9), false), subnetIndex(9))).to.have.length(96);
      expect(await sign(0, registration(appendIndex(0), false), subnetIndex(0))).to.equal(12);
      expect(await sign(0, registration(appendIndex(9), false), subnetIndex(8))).to.equal(10);
      expect(await sign(0, registration(appendIndex(9), false))).to.equal(8);
      const expired = registerMessage(1n);
      expect(await sign(0, registration(sha256(expired), false), bytesField(2, expired))).to.have.length(96);
      const pending = registerMessage(2n ** 62n);
      expect(await sign(0, registration(sha256(pending), false), bytesField(2, pending))).to.equal(14);

      // What the P-Chain never signs: a Hash payload, a sender, an unknown type, a RegisterL1Validator.
      const hash = Buffer.concat([
        u16(0),
        u32(5),
        Buffer.alloc(32),
        u32(38),
        u16(0),
        u32(0),
        Buffer.alloc(32),
      ]);
      expect(await sign(0, hash)).to.equal(1);
      expect(
        await sign(0, fromP(Buffer.concat([u16(0), u32(0), conversionId]), Buffer.alloc(20, 1)), subnet),
      ).to.equal(2);
      expect(await sign(0, fromP(Buffer.concat([u16(0), u32(9)])))).to.equal(3);
      expect(await sign(0, fromP(expired))).to.equal(4);
    } finally {
      for (const { peer } of connections) peer.close();
    }
  });
});

/**
 * DisableL1ValidatorTx at P-Chain height 2,000: far into a history whose other chains this does not need, so only the
 * devnet's P-Chain is built (the 6-day shared history ends well before it).
 */
describe('devnet P-Chain disabling an L1 validator', function () {
  this.timeout(120_000);
  let devnet: Devnet;
  let server: Server;
  let url: string;
  const blocks: PlatformBlockView[] = [];

  before(async function () {
    const built = await pChainOnlyDevnet('l1-refund', 2_000n);
    devnet = built.devnet;
    blocks.push(...built.blocks.map((block) => viewPlatformBlock(block.innerBytes)));
    server = createDevnetApp(devnet, createLogger('test', 'silent')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/bc/P`;
  });

  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('refunds what the validator had left to its remaining balance owner, as a UTXO after the transaction’s outputs', async function () {
    const validators = (await platformAt(url, 'getCurrentValidators', { subnetID: devnet.l1.subnetId }))
      .result!.validators as { nodeID: string; validationID: string; balance: string }[];
    const ledger = replayL1Fees(
      blocks,
      devnet.parameters.genesisTimeSeconds,
      (nodeId) => validators.find((v) => v.nodeID === nodeId)!.validationID,
    );
    const disabled = [...ledger].filter(([, v]) => !v.active);
    expect(disabled).to.have.length(1);
    const [validationId, { refund, deposited }] = disabled[0]!;
    expect(refund!.amount > 0n && refund!.amount < deposited).to.equal(true);
    const validator = (await platformAt(url, 'getL1Validator', { validationID: validationId })).result!;
    expect(validator.balance).to.equal('0');
    // The others still pay from their balances.
    for (const v of validators.filter((v) => v.validationID !== validationId)) {
      const { deposited: paid, charged } = ledger.get(v.validationID)!;
      expect(v.balance).to.equal((paid - charged).toString());
    }

    const owner = (validator.remainingBalanceOwner as { addresses: string[] }).addresses[0]!;
    const owned: Utxo[] = [];
    let startIndex: unknown;
    for (;;) {
      const page = (await platformAt(url, 'getUTXOs', { addresses: [owner], encoding: 'hexnc', startIndex }))
        .result!;
      const utxos = page.utxos as string[];
      // Each UTXO as hex, its codec version first.
      for (const hex of utxos) owned.push(Utxo.fromBytes(Buffer.from(hex.slice(2 + 4), 'hex'), pvmCodec)[0]);
      if (utxos.length < 1024) break;
      startIndex = page.endIndex;
    }
    const refunds = owned.filter((u) => u.utxoId.txID.toString() === refund!.txId);
    expect(refunds.map((u) => u.utxoId.outputIdx.value())).to.include(refund!.outputIndex);
    const utxo = refunds.find((u) => u.utxoId.outputIdx.value() === refund!.outputIndex)!;
    const output = utxo.output as TransferOutput;
    expect(output.amount()).to.equal(refund!.amount);
    expect(output.outputOwners.threshold.value()).to.equal(1);
    expect(output.outputOwners.locktime.value()).to.equal(0n);
    expect(utxo.assetId.toString()).to.equal(devnet.parameters.identity.avaxAssetId);
  });
});
