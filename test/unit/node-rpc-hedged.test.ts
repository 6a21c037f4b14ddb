import { expect } from 'chai';
import { hedgedRead, type HedgeWinner } from '../../services/node-rpc/hedged.ts';
import { UpstreamRpcError } from '../../services/runtime/upstream/client.ts';
import { sleep } from '../../services/runtime/upstream/backoff.ts';

/** A node answering after `ms` (or failing), which records the calls it got and whether they were cancelled. */
function node(ms: number, outcome: { value: string } | { error: Error }) {
  const calls: { signal: AbortSignal }[] = [];
  return {
    calls,
    answer: async (signal: AbortSignal) => {
      calls.push({ signal });
      await sleep(ms, signal);
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
  };
}

/** The nodes behind one call: the first call goes to `first`, the hedge (to node "backup") to `backup`. */
function read(first: ReturnType<typeof node>, backup: ReturnType<typeof node>, hedgeAfterMs = 30) {
  const winners: HedgeWinner[] = [];
  const result = hedgedRead((signal, to) => (to === 'backup' ? backup : first).answer(signal), {
    backupNode: 'backup',
    hedgeAfterMs,
    signal: new AbortController().signal,
    onHedged: (winner) => winners.push(winner),
  });
  return { result, winners };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('node-rpc: hedged reads', () => {
  it('does not hedge a read the first node answers in time', async () => {
    const first = node(1, { value: '"a"' });
    const backup = node(1, { value: '"b"' });
    const { result, winners } = read(first, backup);
    expect(await result).to.equal('"a"');
    await sleep(50);
    expect([first.calls.length, backup.calls.length, winners]).to.deep.equal([1, 0, []]);
  });

  it('sends a slow read to the backup node too, takes the first answer and cancels the other', async () => {
    const first = node(1_000, { value: '"a"' });
    const backup = node(1, { value: '"b"' });
    const { result, winners } = read(first, backup);
    expect(await result).to.equal('"b"');
    expect(winners).to.deep.equal(['hedge']);
    expect(first.calls[0]!.signal.aborted).to.equal(true);
  });

  it('takes a node’s JSON-RPC error as its answer, but waits out a failure for the other node', async () => {
    const revert = new UpstreamRpcError(3, 'execution reverted', '0x', 'backup');
    const answered = read(node(1_000, { value: '"a"' }), node(1, { error: revert }));
    expect(await rejection(answered.result)).to.equal(revert);
    expect(answered.winners).to.deep.equal(['hedge']);

    const failed = read(node(100, { value: '"a"' }), node(1, { error: new Error('connection reset') }));
    expect(await failed.result).to.equal('"a"');
    expect(failed.winners).to.deep.equal(['first']);
  });

  it('fails when both fail, with the first node’s failure; never hedges without a backup node', async () => {
    const both = read(
      node(50, { error: new Error('first down') }),
      node(1, { error: new Error('backup down') }),
    );
    expect(((await rejection(both.result)) as Error).message).to.equal('first down');
    const first = node(60, { value: '"a"' });
    const alone = hedgedRead((signal) => first.answer(signal), {
      backupNode: undefined,
      hedgeAfterMs: 10,
      signal: new AbortController().signal,
    });
    expect(await alone).to.equal('"a"');
    expect(first.calls.length).to.equal(1);
  });
});
