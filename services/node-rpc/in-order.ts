import { DomainError } from '../runtime/errors.ts';

/**
 * Takes the events `listeners` are given from now on, one at a time and in order, through `handle`, until `signal`
 * fires (resolves) or a handling fails (rejects with its failure). A taker that lets more than `maxWaiting` events
 * wait is let go (RESOURCE_EXHAUSTED), not let grow without bound.
 */
export async function takeInOrder<T>(
  listeners: Set<(event: T) => void>,
  handle: (event: T) => Promise<void>,
  options: { maxWaiting: number; what: string; signal: AbortSignal },
): Promise<void> {
  const { maxWaiting, what, signal } = options;
  let queue = Promise.resolve();
  let failure: Error | undefined;
  let waiting = 0;
  // Resolves when the caller goes or a handling fails, whichever comes first.
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  const fail = (err: Error) => {
    failure ??= err;
    end();
  };
  signal.addEventListener('abort', end);
  if (signal.aborted) end();
  const listener = (event: T) => {
    if (++waiting > maxWaiting)
      fail(new DomainError('resource_exhausted', `more than ${maxWaiting} ${what} not yet taken`));
    queue = queue.then(async () => {
      waiting--;
      if (failure !== undefined || signal.aborted) return;
      try {
        await handle(event);
      } catch (err) {
        fail(err instanceof Error ? err : new Error(String(err)));
      }
    });
  };
  listeners.add(listener);
  try {
    await ended;
    if (failure !== undefined) throw failure;
  } finally {
    signal.removeEventListener('abort', end);
    listeners.delete(listener);
  }
}
