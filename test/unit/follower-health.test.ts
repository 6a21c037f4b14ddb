import { expect } from 'chai';
import { Registry } from 'prom-client';
import { FollowerHealth, lag } from '../../services/runtime/follow/follower-health.ts';

async function gauge(metrics: Registry, name: string, follower: string): Promise<number | undefined> {
  const values = (await metrics.getSingleMetric(name)?.get())?.values ?? [];
  return values.find((v) => v.labels.follower === follower)?.value;
}

describe('follower health', () => {
  let now = 0;
  const setup = () => {
    now = 1_000_000;
    const metrics = new Registry();
    const health = new FollowerHealth(metrics, { stallAfterMs: 60_000, now: () => now });
    return { metrics, health };
  };

  it('measures lag as what the upstream has beyond the follower, never below zero', () => {
    expect(lag({ position: 10n, upstreamNext: 25n })).to.equal(15n);
    expect(lag({ position: 30n, upstreamNext: 25n })).to.equal(0n);
    expect(lag({ position: 10n })).to.equal(undefined);
  });

  it('reports a follower behind with no progress for the stall period as stalled, and recovers when it moves', async () => {
    const { metrics, health } = setup();
    const follower = health.follower('chain 43113');
    follower.progressed(100n, 150n);
    expect(health.problems()).to.deep.equal([]);
    expect(await gauge(metrics, 'chain_data_follower_behind', 'chain 43113')).to.equal(50);
    now += 59_000;
    expect(health.problems()).to.deep.equal([]);
    now += 1_000;
    follower.progressed(100n, 160n); // polled again, stored nothing: still no progress
    expect(health.problems()).to.deep.equal([
      'chain 43113 stalled: 60 behind its upstream, no progress for 60 s',
    ]);
    expect(await gauge(metrics, 'chain_data_follower_stalled', 'chain 43113')).to.equal(1);
    follower.progressed(101n, 160n);
    expect(health.problems()).to.deep.equal([]);
    expect(await gauge(metrics, 'chain_data_follower_stalled', 'chain 43113')).to.equal(0);
  });

  it('is not stalled while caught up, however long nothing new arrives', () => {
    const { health } = setup();
    const follower = health.follower('index P/block');
    follower.progressed(500n, 500n);
    now += 3_600_000;
    follower.progressed(500n, 500n);
    expect(health.problems()).to.deep.equal([]);
  });

  it('keeps a stopped follower stopped, with its reason, whatever it reports afterwards', async () => {
    const { metrics, health } = setup();
    const follower = health.follower('index X/tx');
    follower.progressed(10n, 10n);
    follower.stopped('upstream X/tx index disagrees at 9');
    follower.progressed(10n, 10n);
    expect(health.problems()).to.deep.equal(['index X/tx stopped: upstream X/tx index disagrees at 9']);
    expect(await gauge(metrics, 'chain_data_follower_stopped', 'index X/tx')).to.equal(1);
  });
});
