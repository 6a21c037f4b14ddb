/** Limits concurrent work: `acquire` resolves with a release function once a slot is free. */
export class Semaphore {
  private readonly capacity: number;
  private used = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get inUse(): number {
    return this.used;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.used >= this.capacity) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiters.splice(this.waiters.indexOf(wake), 1);
          reject(signal!.reason as Error);
        };
        this.waiters.push(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    } else {
      this.used++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next)
        next(); // the slot passes straight to the next waiter
      else this.used--;
    };
  }
}
