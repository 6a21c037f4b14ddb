import { expect } from 'chai';
import {
  frame,
  FrameReader,
  FrameTooLargeError,
  MAX_MESSAGE_BYTES,
} from '../../services/runtime/avalanche/p2p/framing.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('avalanche p2p: framing', () => {
  it('prefixes a body with its length as u32 big-endian', () => {
    expect(hex(frame(Uint8Array.of(0x62, 0x00)))).to.equal('000000026200');
    expect(hex(frame(new Uint8Array(0)))).to.equal('00000000');
  });

  it('writes up to 2 MiB and refuses more', () => {
    expect(frame(new Uint8Array(MAX_MESSAGE_BYTES))).to.have.length(MAX_MESSAGE_BYTES + 4);
    expect(() => frame(new Uint8Array(MAX_MESSAGE_BYTES + 1))).to.throw(FrameTooLargeError);
  });

  it('reassembles bodies from chunks of any size, several per chunk or one byte at a time', () => {
    const bodies = [
      Uint8Array.of(1, 2, 3),
      new Uint8Array(0),
      Uint8Array.from({ length: 300 }, (_, i) => i & 0xff),
    ];
    const stream = Buffer.concat(bodies.map((b) => frame(b)));
    for (const size of [1, 2, 3, 5, 7, 64, stream.length]) {
      const reader = new FrameReader();
      const out: Uint8Array[] = [];
      for (let i = 0; i < stream.length; i += size) out.push(...reader.push(stream.subarray(i, i + size)));
      expect(out.map(hex), `chunks of ${size}`).to.deep.equal(bodies.map(hex));
      expect(reader.pending).to.equal(0);
    }
  });

  it('waits for the rest of a body', () => {
    const reader = new FrameReader();
    expect(reader.push(Uint8Array.of(0, 0, 0, 4, 9, 9))).to.deep.equal([]);
    expect(reader.pending).to.equal(6);
    expect(reader.push(Uint8Array.of(9, 9, 0)).map(hex)).to.deep.equal(['09090909']);
    expect(reader.pending).to.equal(1);
  });

  it('fails on a length over 2 MiB as soon as the prefix is in, and stays failed', () => {
    const reader = new FrameReader();
    const header = new Uint8Array(4);
    new DataView(header.buffer).setUint32(0, MAX_MESSAGE_BYTES);
    // Exactly 2 MiB announced is allowed: it waits for the body.
    expect(reader.push(header)).to.deep.equal([]);
    const tooLarge = new FrameReader();
    new DataView(header.buffer).setUint32(0, MAX_MESSAGE_BYTES + 1);
    expect(() => tooLarge.push(header.subarray(0, 2))).to.not.throw();
    expect(() => tooLarge.push(header.subarray(2))).to.throw(FrameTooLargeError, /2097153/);
    expect(() => tooLarge.push(Uint8Array.of(0))).to.throw(FrameTooLargeError);
  });
});
