import { expect } from 'chai';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { CatchUpPace, catchUpEstimate, formatDuration } from '../../services/runtime/follow/catch-up.ts';
import { FollowerHealth } from '../../services/runtime/follow/follower-health.ts';

describe('catching up: progress, pace and ETA', function () {
  it('says how much is stored and when the rest will be at the recent pace', function () {
    expect(catchUpEstimate(250n, 1_000n, 50)).to.deep.equal({
      percent: 25,
      itemsPerSecond: 50,
      etaSeconds: 15,
    });
    expect(catchUpEstimate(1_000n, 1_000n, 50)).to.deep.equal({
      percent: 100,
      itemsPerSecond: 50,
      etaSeconds: 0,
    });
    expect(catchUpEstimate(1n, 3n, undefined)).to.deep.equal({
      percent: 33.33,
      itemsPerSecond: undefined,
      etaSeconds: undefined,
    });
    expect(catchUpEstimate(0n, 10n, 0).etaSeconds).to.equal(undefined);
    // Exact for chains of billions of items.
    expect(catchUpEstimate(9_007_199_254_740_993n, 18_014_398_509_481_986n, 1).percent).to.equal(50);
  });

  it('averages the pace over recent observations, and starts over after a rewind', function () {
    const pace = new CatchUpPace();
    expect(pace.itemsPerSecond).to.equal(undefined);
    pace.observe(0n, 0);
    pace.observe(100n, 1_000);
    expect(pace.itemsPerSecond).to.equal(100);
    // A stall pulls the pace down, by half over its half-life (30 s).
    pace.observe(100n, 31_000);
    expect(pace.itemsPerSecond).to.be.closeTo(50, 1e-9);
    pace.observe(100n, 31_000);
    expect(pace.itemsPerSecond).to.be.closeTo(50, 1e-9);
    pace.observe(10n, 32_000);
    expect(pace.itemsPerSecond).to.equal(undefined);
  });

  it('formats an ETA as a person reads it', function () {
    expect(formatDuration(42.4)).to.equal('42s');
    expect(formatDuration(185)).to.equal('3m 05s');
    expect(formatDuration(3_720)).to.equal('1h 02m');
    expect(formatDuration(90_000)).to.equal('1d 01h');
  });

  it('logs a follower far behind every interval with its ETA, exports it, and says when it caught up', async function () {
    const lines: { msg: string; percent?: number; etaSeconds?: number }[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[0]) },
    );
    let now = 0;
    const registry = new Registry();
    const health = new FollowerHealth(registry, {
      stallAfterMs: 60_000,
      now: () => now,
      log,
      progressLogIntervalMs: 30_000,
    });
    const report = health.follower('C');
    report.progressed(0n, 10_000n);
    for (let t = 1; t <= 40; t++) {
      now = t * 1_000;
      report.progressed(BigInt(t * 100), 10_000n);
    }
    const catchingUp = lines.filter((l) => l.msg.startsWith('C: catching up'));
    // At 0 s (no pace yet) and at 30 s.
    expect(catchingUp).to.have.length(2);
    expect(catchingUp[1]!.msg).to.equal('C: catching up, 30.0% (7000 behind, about 1m 10s to go)');
    expect(catchingUp[1]!.percent).to.equal(30);
    const eta = await registry.getSingleMetric('chain_data_follower_eta_seconds')!.get();
    expect(eta.values[0]!.value).to.be.closeTo(60, 1e-6);
    const percent = await registry.getSingleMetric('chain_data_follower_progress_percent')!.get();
    expect(percent.values[0]!.value).to.equal(40);
    report.progressed(10_000n, 10_000n);
    expect(lines.at(-1)!.msg).to.equal('C: caught up');
  });
});

describe('chain-data up: the catch-up report', function () {
  it('reads the followers behind from a component’s metrics and prints them in one line', async function () {
    const { followerProgressOf, catchUpLine } = await import('../../services/up/catch-up-report.ts');
    const exposition = [
      '# HELP chain_data_follower_progress_percent Share',
      '# TYPE chain_data_follower_progress_percent gauge',
      'chain_data_follower_progress_percent{follower="P/block",component="container-indexer"} 45.5',
      'chain_data_follower_progress_percent{follower="X/tx",component="container-indexer"} 100',
      'chain_data_follower_eta_seconds{follower="P/block",component="container-indexer"} 130',
      'chain_data_follower_eta_seconds{follower="X/tx",component="container-indexer"} 0',
      'chain_data_follower_behind{follower="P/block",component="container-indexer"} 900',
    ].join('\n');
    const progress = followerProgressOf('container-indexer', exposition);
    expect(progress).to.deep.equal([
      { component: 'container-indexer', follower: 'P/block', percent: 45.5, etaSeconds: 130 },
      { component: 'container-indexer', follower: 'X/tx', percent: 100, etaSeconds: 0 },
    ]);
    expect(catchUpLine(progress)).to.equal(
      'catching up: container-indexer P/block 45.5% (about 2m 10s to go)',
    );
    expect(catchUpLine(progress.slice(1))).to.equal(undefined);
  });
});
