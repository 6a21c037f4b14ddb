import { expect } from 'chai';
import {
  decideRestart,
  describeExit,
  NO_CRASHES,
  type CrashHistory,
  type RestartPolicy,
} from '../../services/up/restart-policy.ts';

describe('chain-data up restart policy', function () {
  const policy: RestartPolicy = { baseMs: 100, maxMs: 1_000, stableMs: 10_000, limit: 5, windowMs: 60_000 };
  const highest = () => 1;

  /** Exits at the given times, each after running `ranForMs`; the delays, or 'give up'. */
  function run(times: number[], ranForMs = 0): (number | 'give up')[] {
    let history: CrashHistory = NO_CRASHES;
    return times.map((now) => {
      const decision = decideRestart(history, now, ranForMs, policy, highest);
      if (!decision.restart) return 'give up';
      history = decision.history;
      return decision.delayMs;
    });
  }

  it('backs off exponentially up to the cap while a process keeps exiting', function () {
    const hourly = Array.from({ length: 6 }, (_, i) => i * 3_600_000);
    expect(run(hourly)).to.deep.equal([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('starts the backoff over once a process stayed up', function () {
    const hourly = Array.from({ length: 3 }, (_, i) => i * 3_600_000);
    expect(run(hourly, 10_000)).to.deep.equal([100, 100, 100]);
  });

  it('gives up at the limit of exits within the window, and only within it', function () {
    expect(run([0, 1_000, 2_000, 3_000, 4_000])).to.deep.equal([100, 200, 400, 800, 'give up']);
    expect(run([0, 1_000, 2_000, 3_000, 61_000])).to.deep.equal([100, 200, 400, 800, 1_000]);
  });

  it('jitters each delay below its bound', function () {
    const decision = decideRestart(NO_CRASHES, 0, 0, policy, () => 0.5);
    expect(decision).to.deep.include({ restart: true, delayMs: 50 });
  });

  it('says how a process ended', function () {
    expect(describeExit(1, null)).to.equal('exit code 1');
    expect(describeExit(null, 'SIGKILL')).to.equal('signal SIGKILL');
  });
});
