import { DomainError } from '../errors.ts';

/**
 * The health routes of both APIs (`/v1/health-check`, `/v2/health-check`, and the live checks), answered as the
 * real services (NestJS Terminus) shape them: each indicator `up` or `down`, `info` the ones up, `error` the ones
 * down. All up: 200 with the HealthCheckResultDto. Any down: the documented 503 error body naming them.
 */
export type HealthIndicators = Readonly<Record<string, () => Promise<unknown>>>;

export type HealthCheckResult = {
  status: 'ok';
  info: Record<string, { status: 'up' }>;
  error: Record<string, never>;
  details: Record<string, { status: 'up' }>;
};

const INDICATOR_TIMEOUT_MS = 2_000;

export async function healthCheckResult(indicators: HealthIndicators): Promise<HealthCheckResult> {
  const names = Object.keys(indicators);
  const outcomes = await Promise.all(
    names.map((name) =>
      withTimeout(indicators[name]!(), INDICATOR_TIMEOUT_MS).then(
        () => true,
        () => false,
      ),
    ),
  );
  const down = names.filter((_, i) => !outcomes[i]);
  if (down.length > 0)
    throw new DomainError('unavailable', `the service is not healthy: ${down.join(', ')} down`, {
      forClients: true,
    });
  const details = Object.fromEntries(names.map((name) => [name, { status: 'up' as const }]));
  return { status: 'ok', info: details, error: {}, details };
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
