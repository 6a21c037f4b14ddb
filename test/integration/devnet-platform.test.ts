import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { aggregateSignatures, verifyWarpSignature } from '../support/bls-noble.ts';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { expect } from 'chai';
import { createDevnetApp } from '../../services/devnet/app.ts';
import type { Devnet } from '../../services/devnet/network.ts';
import { decodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { createLogger } from '../../services/runtime/logger.ts';
import { SHARED_DEVNET, sharedDevnet } from '../support/devnets.ts';

/**
 * The devnet's `platform` service against its own P-Chain: validator sets follow the staking and L1 transactions
 * it issued, with avalanchego's shapes.
 */
describe('devnet platform API', function () {
  this.timeout(60_000);
  let devnet: Devnet;
  let server: Server;
  let url: string;

  const platform = async (method: string, params: object = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: `platform.${method}`, params }),
    });
    return (await response.json()) as {
      result?: Record<string, unknown>;
      error?: { code: number; message: string };
    };
  };

  before(async function () {
    devnet = await sharedDevnet(SHARED_DEVNET);
    server = createDevnetApp(devnet, createLogger('test', 'silent'), {
      warpSlowMs: 300,
      warpFaults: new Map(),
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/bc/P`;
  });

  after(() => new Promise((resolve) => server.close(resolve)));

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

  it('has every validator sign, over ACP-118, the Warp messages its chains emitted and only those, with switchable faults', async function () {
    const { subnetId } = devnet.l1;
    const conversionId = decodeCb58(
      (await platform('getSubnet', { subnetID: subnetId })).result!.conversionID as string,
    );
    // Written here from avalanchego's layouts: UnsignedMessage(network 5, the P-Chain, AddressedCall(no address,
    // SubnetToL1Conversion(conversion id))).
    const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
    const u32 = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(n);
      return b;
    };
    const conversion = Buffer.concat([u16(0), u32(0), conversionId]);
    const call = Buffer.concat([u16(0), u32(1), u32(0), u32(conversion.length), conversion]);
    const message = Buffer.concat([u16(0), u32(5), Buffer.alloc(32), u32(call.length), call]);
    const base = url.replace('/ext/bc/P', '/ext/devnet/acp118');
    const request = (bytes: Buffer) => Buffer.concat([Buffer.from([0x0a, bytes.length]), bytes]);
    const sign = async (nodeId: string, bytes = message) => {
      const response = await fetch(`${base}/${nodeId}`, { method: 'POST', body: request(bytes) });
      const body = Buffer.from(await response.arrayBuffer());
      // SignatureResponse{bytes signature = 1}: empty when the validator has not seen the message.
      return body.length === 0 ? Buffer.alloc(0) : body.subarray(body[1] === 0x60 ? 2 : 3);
    };
    const validators = (await platform('getCurrentValidators', { subnetID: subnetId })).result!
      .validators as {
      nodeID: string;
      publicKey: string;
    }[];
    const keys = validators.map((v) => Buffer.from(v.publicKey.slice(2), 'hex'));
    const signatures = [];
    for (const [i, v] of validators.entries()) {
      const signature = await sign(v.nodeID);
      expect(signature).to.have.length(96);
      // Verified with noble, an implementation independent of the devnet's signer (blst).
      expect(verifyWarpSignature(message, [keys[i]!], signature)).to.equal(true);
      signatures.push(signature);
    }
    expect(verifyWarpSignature(message, keys, aggregateSignatures(signatures))).to.equal(true);

    // A message no chain emitted gets an empty signature.
    const forged = Buffer.from(message);
    forged[forged.length - 1]! ^= 1;
    expect(await sign(validators[0]!.nodeID, forged)).to.have.length(0);

    const fault = (nodeId: string, value: string) =>
      fetch(`${base}/${nodeId}/fault`, { method: 'PUT', body: JSON.stringify({ fault: value }) });
    const target = validators[1]!;
    expect((await fault(target.nodeID, 'wrong-signature')).status).to.equal(200);
    expect(verifyWarpSignature(message, [keys[1]!], await sign(target.nodeID))).to.equal(false);
    await fault(target.nodeID, 'slow');
    const started = Date.now();
    expect(await sign(target.nodeID)).to.have.length(96);
    expect(Date.now() - started).to.be.at.least(300);
    await fault(target.nodeID, 'offline');
    expect(
      await sign(target.nodeID).then(
        () => 'answered',
        () => 'failed',
      ),
    ).to.equal('failed');
    await fault(target.nodeID, 'none');
    expect(await sign(target.nodeID)).to.have.length(96);
    expect((await fault(target.nodeID, 'sleepy')).status).to.equal(400);
  });
});
