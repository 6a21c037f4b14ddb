import { expect } from 'chai';
import { ContainerCache } from '../../services/gateway-rpc/container-cache.ts';
import { EncodedGoJson, encodeGoJson } from '../../services/runtime/gorilla-rpc/go-json.ts';
import { formatContainer } from '../../services/runtime/node-api/index-api.ts';

const container = (index: number) => ({
  id: `id-${index}`,
  bytes: Buffer.from([index]),
  timestamp_unix_nano: String(index),
  index: String(index),
});

describe('ContainerCache', function () {
  it('finds a remembered container by index and by id, per index name', function () {
    const cache = new ContainerCache(10);
    cache.remember('P/block', container(1));
    expect(cache.byIndex('P/block', '1')).to.deep.equal(container(1));
    expect(cache.byId('P/block', 'id-1')).to.deep.equal(container(1));
    expect(cache.byIndex('X/tx', '1')).to.equal(undefined);
    expect(cache.byId('X/tx', 'id-1')).to.equal(undefined);
  });

  it('evicts a container not used since the clock hand last passed it, by index and by id', function () {
    const cache = new ContainerCache(2);
    cache.remember('P/block', container(1));
    cache.remember('X/tx', container(2));
    expect(cache.byIndex('P/block', '1')).to.not.equal(undefined); // 1 is now the most recent
    cache.remember('P/block', container(3));
    expect(cache.size).to.equal(2);
    expect(cache.byIndex('X/tx', '2')).to.equal(undefined);
    expect(cache.byId('X/tx', 'id-2')).to.equal(undefined);
    expect(cache.byId('P/block', 'id-1')).to.deep.equal(container(1));
    expect(cache.byId('P/block', 'id-3')).to.deep.equal(container(3));
  });

  it('keeps nothing with capacity 0', function () {
    const cache = new ContainerCache(0);
    expect(cache.remember('P/block', container(1))).to.deep.equal(container(1));
    expect(cache.size).to.equal(0);
    expect(cache.byId('P/block', 'id-1')).to.equal(undefined);
  });

  it("encodes a container's reply once per encoding, as formatContainer and encodeGoJson would", function () {
    const cache = new ContainerCache(10);
    const held = cache.remember('P/block', container(1));
    const hex = cache.formatted(held, 'hex');
    expect(hex).to.be.instanceOf(EncodedGoJson);
    expect((hex as EncodedGoJson).text).to.equal(encodeGoJson(formatContainer(held, 'hex')).trimEnd());
    expect(cache.formatted(held, 'hex')).to.equal(hex);
    const hexnc = cache.formatted(held, 'hexnc') as EncodedGoJson;
    expect(hexnc.text).to.equal(encodeGoJson(formatContainer(held, 'hexnc')).trimEnd());
    expect(() => cache.formatted(held, 'json')).to.throw('unsupported encoding in method');
  });

  it('with capacity 0, formats without keeping anything', function () {
    const cache = new ContainerCache(0);
    expect(cache.formatted(container(1), 'hex')).to.deep.equal(formatContainer(container(1), 'hex'));
  });
});
