import { expect } from 'chai';
import { createLogger } from '../../services/runtime/logger.ts';
import {
  CursorMovedError,
  followLoop,
  retryDelay,
  UpstreamDivergedError,
  type FollowLoopOptions,
  type StepOutcome,
} from '../../services/runtime/follow/follow-loop.ts';

const log = createLogger('test', 'silent');

/** Runs a loop whose steps follow a script, and stops it once the script is spent. */
async function runScript(
  script: (() => StepOutcome | Error)[],
  extra: Partial<FollowLoopOptions> = {},
): Promise<{ events: string[]; stoppedWith?: string }> {
  const events: string[] = [];
  let stoppedWith: string | undefined;
  const abort = new AbortController();
  let taken = 0;
  await followLoop(
    {
      name: 'test',
      pollIntervalMs: 1,
      maxBackoffMs: 4,
      log,
      step: () => {
        const next = script[taken++];
        if (!next) {
          abort.abort();
          return Promise.reject(new Error('script spent'));
        }
        const result = next();
        events.push(`step:${result instanceof Error ? result.name : result}`);
        return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
      },
      report: {
        progressed: () => {},
        upstreamAt: () => {},
        stopped: (reason) => (stoppedWith = reason),
      },
      onFailure: (_err, retryInMs) => {
        events.push(`failure:${retryInMs >= 1 ? 'delayed' : 'immediate'}`);
      },
      onCaughtUp: () => void events.push('caught-up'),
      ...extra,
    },
    abort.signal,
  );
  return { events, ...(stoppedWith === undefined ? {} : { stoppedWith }) };
}

describe('the follow loop', () => {
  it('takes steps while there is more, and says it caught up once', async () => {
    const { events } = await runScript([() => 'more', () => 'caught-up', () => 'more', () => 'caught-up']);
    expect(events).to.deep.equal(['step:more', 'step:caught-up', 'caught-up', 'step:more', 'step:caught-up']);
  });

  it('backs off after a failure and retries, and a success resets the count', async () => {
    const { events } = await runScript([() => new Error('down'), () => new Error('down'), () => 'more']);
    expect(events).to.deep.equal([
      'step:Error',
      'failure:delayed',
      'step:Error',
      'failure:delayed',
      'step:more',
    ]);
  });

  it('stops for good, reporting why, when the upstream diverged', async () => {
    const { events, stoppedWith } = await runScript([
      () => 'more',
      () => new UpstreamDivergedError('block 7 is not ours'),
      () => 'more',
    ]);
    expect(events).to.deep.equal(['step:more', 'step:UpstreamDivergedError']);
    expect(stoppedWith).to.equal('block 7 is not ours');
  });

  it('rereads the cursor, without backing off, when another writer moved it', async () => {
    const repositions: number[] = [];
    let steps = 0;
    const script: (() => StepOutcome | Error)[] = [
      () => 'more',
      () => new CursorMovedError('moved'),
      () => 'caught-up',
    ];
    const { events } = await runScript(script, {
      reposition: () => {
        repositions.push(steps);
        return Promise.resolve();
      },
      onFailure: () => {
        throw new Error('a moved cursor is not a failure');
      },
      step: () => {
        const next = script[steps++];
        if (!next) return Promise.reject(new UpstreamDivergedError('end of script'));
        const result = next();
        return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
      },
    });
    expect(events).to.deep.equal(['caught-up']);
    // Before the first step, and again before the step after the move.
    expect(repositions).to.deep.equal([0, 2]);
  });

  it('never waits less than the poll interval between retries, nor more than the cap', () => {
    for (let failures = 1; failures < 20; failures++) {
      for (const r of [0, 0.5, 0.999]) {
        const delay = retryDelay(failures, 100, 5_000, () => r);
        expect(delay).to.be.within(100, 5_000);
      }
    }
    expect(retryDelay(3, 100, 5_000, () => 0.999)).to.equal(799);
  });
});
