import { expect } from 'chai';
import { ContainerCache } from '../../services/gateway-rpc/container-cache.ts';

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

  it('evicts the least recently used container, by index and by id', function () {
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
});
