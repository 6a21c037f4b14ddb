import { UpstreamRpcError } from '../runtime/upstream/client.ts';
import { sleep } from '../runtime/upstream/backoff.ts';

/** Which call gave the answer of a hedged read. */
export type HedgeWinner = 'first' | 'hedge';

/**
 * A read that does not wait on one slow node: when `call` has not settled after `hedgeAfterMs`, the same call goes to
 * `backupNode` too, and the first answer wins (a node's JSON-RPC error is an answer; a failure waits for the other);
 * the call still running is cancelled. Only for reads, which two nodes may both serve.
 */
export async function hedgedRead(
  call: (signal: AbortSignal, node?: string) => Promise<string>,
  options: {
    backupNode: string | undefined;
    hedgeAfterMs: number;
    signal: AbortSignal;
    onHedged?: (winner: HedgeWinner) => void;
  },
): Promise<string> {
  const { backupNode, hedgeAfterMs, signal, onHedged } = options;
  if (backupNode === undefined || hedgeAfterMs <= 0) return call(signal);
  const stopFirst = new AbortController();
  const first = call(AbortSignal.any([signal, stopFirst.signal]));
  const stopTimer = new AbortController();
  const slow = await Promise.race([
    first.then(
      () => false,
      () => false,
    ),
    sleep(hedgeAfterMs, stopTimer.signal).then(
      () => true,
      () => false,
    ),
  ]);
  stopTimer.abort();
  if (!slow || signal.aborted) return first;
  const stopHedge = new AbortController();
  const hedge = call(AbortSignal.any([signal, stopHedge.signal]), backupNode);
  const answered = (promise: Promise<string>, who: HedgeWinner) =>
    promise.then(
      (value) => ({ who, value }),
      (err: unknown) => {
        if (err instanceof UpstreamRpcError) return { who, err };
        throw err;
      },
    );
  let winner: { who: HedgeWinner; value: string } | { who: HedgeWinner; err: UpstreamRpcError };
  try {
    winner = await Promise.any([answered(first, 'first'), answered(hedge, 'hedge')]);
  } catch (err) {
    throw err instanceof AggregateError ? err.errors[0] : err;
  }
  (winner.who === 'first' ? stopHedge : stopFirst).abort();
  onHedged?.(winner.who);
  if ('err' in winner) throw winner.err;
  return winner.value;
}
