/**
 * The P-Chain's L1 messages the signature aggregator builds itself: from a SetL1ValidatorWeightTx (its nonce) and
 * from a justification alone (L1ValidatorRegistration, not registered). Expected bytes are written out here field by
 * field, as avalanchego's message codec lays them, not with the builders under test.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { registerL1ValidatorPayload } from '../../services/runtime/avalanche/l1-messages.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { encodeCb58 } from '../../services/runtime/formatting/cb58.ts';
import { pChainL1Message, unregisteredMessage } from '../../services/signature-aggregator/api/service.ts';
import { u32, u64 } from '../support/big-endian.ts';

const FUJI = 5;
const SUBNET = Buffer.alloc(32, 0x11);
const VALIDATION = Buffer.alloc(32, 0x22);

/** An unsigned Warp message from the P-Chain: codec 0, network, 32 zero bytes, an AddressedCall from no address. */
function fromPChain(payload: Buffer): string {
  const call = Buffer.concat([Buffer.from([0, 0]), u32(1), u32(0), u32(payload.length), payload]);
  return Buffer.concat([Buffer.from([0, 0]), u32(FUJI), Buffer.alloc(32), u32(call.length), call]).toString(
    'hex',
  );
}

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('P-Chain L1 messages the aggregator builds', function () {
  it('builds L1ValidatorWeight from a weight change’s validation, nonce and weight, signed by its L1', function () {
    const built = pChainL1Message(
      {
        txHash: encodeCb58(Buffer.alloc(32, 9)),
        txType: 'SetL1ValidatorWeightTx',
      } as Parameters<typeof pChainL1Message>[0],
      FUJI,
      { validation_id: VALIDATION, subnet_id: SUBNET, nonce: '7', weight: '150' },
    );
    const payload = Buffer.concat([Buffer.from([0, 0]), u32(3), VALIDATION, u64(7n), u64(150n)]);
    expect(Buffer.from(built.message).toString('hex')).to.equal(fromPChain(payload));
    expect(Buffer.from(built.subnetId).equals(SUBNET)).to.equal(true);
    expect(built.justification).to.have.length(0);
  });

  it('derives “not registered” from a converted subnet’s validator index', function () {
    // L1ValidatorRegistrationJustification{1: SubnetIDIndex{1: subnet_id, 2: index 3}}
    const inner = Buffer.concat([Buffer.from([0x0a, 32]), SUBNET, Buffer.from([0x10, 3])]);
    const justification = Buffer.concat([Buffer.from([0x0a, inner.length]), inner]);
    const derived = unregisteredMessage(justification, FUJI);
    const validationId = createHash('sha256').update(SUBNET).update(u32(3)).digest();
    const payload = Buffer.concat([Buffer.from([0, 0]), u32(2), validationId, Buffer.from([0])]);
    expect(Buffer.from(derived.message).toString('hex')).to.equal(fromPChain(payload));
    expect(Buffer.from(derived.subnetId).equals(SUBNET)).to.equal(true);
  });

  it('derives “not registered” from the RegisterL1Validator message that asked, signed by that message’s L1', function () {
    const register = Buffer.from(
      registerL1ValidatorPayload({
        subnetId: SUBNET,
        nodeId: Buffer.alloc(20, 3),
        blsPublicKey: Buffer.alloc(48, 4),
        expirySeconds: 1_000n,
        owner: Buffer.alloc(20, 5),
        weight: 100n,
      }),
    );
    // Field 2, length-delimited; the length as a two-byte varint (the message is 128 to 16383 bytes).
    expect(register.length).to.be.within(128, 16_383);
    const length = [(register.length & 0x7f) | 0x80, register.length >> 7];
    const justification = Buffer.concat([Buffer.from([0x12, ...length]), register]);
    const derived = unregisteredMessage(justification, FUJI);
    const validationId = createHash('sha256').update(register).digest();
    const payload = Buffer.concat([Buffer.from([0, 0]), u32(2), validationId, Buffer.from([0])]);
    expect(Buffer.from(derived.message).toString('hex')).to.equal(fromPChain(payload));
    expect(Buffer.from(derived.subnetId).equals(SUBNET)).to.equal(true);
  });

  it('refuses a justification that names no validation, naming the justification and what it should be', function () {
    const cases: [string, Buffer, RegExp][] = [
      ['not protobuf', Buffer.from('ff', 'hex'), /not a protobuf message/],
      ['no member', Buffer.from('1801', 'hex'), /names no validation/],
      [
        'a 31-byte subnet',
        Buffer.concat([Buffer.from([0x0a, 35, 0x0a, 31]), Buffer.alloc(31), Buffer.from([0x10, 0])]),
        /subnet id is 31 bytes/,
      ],
      [
        'a register message that is not one',
        Buffer.from([0x12, 3, 0, 0, 1]),
        /RegisterL1Validator message does not decode/,
      ],
    ];
    for (const [name, justification, why] of cases) {
      const err = refusal(() => unregisteredMessage(justification, FUJI));
      expect(err.kind, name).to.equal('invalid_argument');
      expect(err.message, name)
        .to.match(/^justification: /)
        .and.match(why);
      expect(err.message, name).to.match(/expected an L1ValidatorRegistrationJustification/);
    }
  });
});
