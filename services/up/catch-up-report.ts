import { formatDuration } from '../runtime/follow/catch-up.ts';

/**
 * What `chain-data up` prints while its stack catches up with the upstream: every few seconds, one line with each
 * follower that is behind (percent stored, ETA at its recent pace), read from the components' own metrics
 * (`chain_data_follower_progress_percent`, `chain_data_follower_eta_seconds`), and one line when all are caught up.
 */
export interface FollowerProgress {
  component: string;
  follower: string;
  percent: number;
  etaSeconds: number | undefined;
}

const SAMPLE = /^(chain_data_follower_progress_percent|chain_data_follower_eta_seconds)\{([^}]*)\} (\S+)$/;

/** The followers' progress in a Prometheus text exposition. */
export function followerProgressOf(component: string, exposition: string): FollowerProgress[] {
  const byFollower = new Map<string, FollowerProgress>();
  for (const line of exposition.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const follower = /(?:^|,)follower="((?:[^"\\]|\\.)*)"/.exec(match[2]!)?.[1];
    const value = Number(match[3]);
    if (follower === undefined || !Number.isFinite(value)) continue;
    const entry = byFollower.get(follower) ?? { component, follower, percent: 100, etaSeconds: undefined };
    if (match[1] === 'chain_data_follower_progress_percent') entry.percent = value;
    else entry.etaSeconds = value;
    byFollower.set(follower, entry);
  }
  return [...byFollower.values()];
}

export function catchUpLine(progress: readonly FollowerProgress[]): string | undefined {
  const behind = progress.filter((p) => p.percent < 100);
  if (behind.length === 0) return undefined;
  return `catching up: ${behind
    .map(
      (p) =>
        `${p.component} ${p.follower} ${p.percent.toFixed(1)}%` +
        (p.etaSeconds === undefined ? '' : ` (about ${formatDuration(p.etaSeconds)} to go)`),
    )
    .join(', ')}`;
}

/**
 * Prints the stack's catch-up progress every `intervalMs` until every follower is caught up (then says so once) or
 * `signal` aborts. A component whose metrics do not answer is left out of that round.
 */
export async function reportCatchUp(
  components: readonly { name: string; opsUrl: string }[],
  write: (line: string) => void,
  signal: AbortSignal,
  intervalMs = 10_000,
): Promise<void> {
  let wasBehind = false;
  while (!signal.aborted) {
    const rounds = await Promise.all(
      components.map(async ({ name, opsUrl }) => {
        try {
          const reply = await fetch(`${opsUrl}/metrics`, { signal: AbortSignal.timeout(2_000) });
          return followerProgressOf(name, await reply.text());
        } catch {
          return [];
        }
      }),
    );
    const line = catchUpLine(rounds.flat());
    if (line !== undefined) {
      write(line);
      wasBehind = true;
    } else if (rounds.flat().length > 0) {
      if (wasBehind) write('caught up: every follower has stored what its upstream has');
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
