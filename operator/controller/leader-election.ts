/**
 * Leader election through a coordination.k8s.io/v1 Lease, with client-go's timing: a leader renews every retry
 * period and gives up when it could not renew for the renew deadline; a candidate takes the lease once it has
 * seen it unchanged for the lease duration. Writes carry the Lease's resourceVersion, so of two candidates racing
 * for the same expired lease exactly one wins (the other gets 409).
 */
import { CoordinationV1Api, V1MicroTime, type KubeConfig, type V1Lease } from '@kubernetes/client-node';
import type { Logger } from '../../services/runtime/logger.ts';
import { isStatus } from './cluster.ts';

export interface LeaderElectionOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  name: string;
  identity: string;
  log: Logger;
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  onStartedLeading: () => void;
  onStoppedLeading: () => void;
}

/**
 * What a candidate knows of the Lease, on its own clock. As client-go does, expiry is judged from when this process
 * last saw the lease record change, never from the holder's renewTime: the holder's clock may be skewed from ours,
 * and a standby whose clock runs ahead would otherwise take a lease that is being renewed.
 */
export class LeaseObservation {
  private record: string | undefined;
  private observedAt = 0;

  /** Notes the lease as read at `now` (this process's clock); any change of its record restarts the countdown. */
  observe(lease: V1Lease, now: number): void {
    const spec = lease.spec ?? {};
    const record = JSON.stringify([
      spec.holderIdentity,
      spec.leaseDurationSeconds,
      spec.acquireTime,
      spec.renewTime,
      spec.leaseTransitions,
    ]);
    if (record === this.record) return;
    this.record = record;
    this.observedAt = now;
  }

  /** Free when nobody holds it, we do, or it has not changed for its whole duration since we first saw it so. */
  available(lease: V1Lease, identity: string, now: number): boolean {
    const holder = lease.spec?.holderIdentity;
    if (!holder || holder === identity) return true;
    const durationMs = (lease.spec?.leaseDurationSeconds ?? 15) * 1000;
    return this.observedAt + durationMs <= now;
  }
}

export class LeaderElector {
  private readonly api: CoordinationV1Api;
  private readonly options: Required<LeaderElectionOptions>;
  private leading = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private lastRenew = 0;
  private readonly observation = new LeaseObservation();

  constructor(options: LeaderElectionOptions) {
    this.options = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000, ...options };
    this.api = options.kubeConfig.makeApiClient(CoordinationV1Api);
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    void this.tick();
  }

  /** Stops campaigning; a leader hands the lease back so a standby takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (!this.leading) return;
    this.leading = false;
    try {
      const lease = await this.api.readNamespacedLease({
        namespace: this.options.namespace,
        name: this.options.name,
      });
      if (lease.spec?.holderIdentity !== this.options.identity) return;
      lease.spec.holderIdentity = undefined;
      lease.spec.leaseDurationSeconds = 1;
      await this.api.replaceNamespacedLease({
        namespace: this.options.namespace,
        name: this.options.name,
        body: lease,
      });
    } catch (err) {
      this.options.log.warn({ err }, 'could not release the leader lease');
    }
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    let held = false;
    try {
      held = await this.tryAcquireOrRenew();
    } catch (err) {
      this.options.log.warn({ err: (err as Error).message }, 'leader lease update failed');
    }
    if (this.stopped) return;
    const now = Date.now();
    if (held) {
      this.lastRenew = now;
      if (!this.leading) {
        this.leading = true;
        this.options.log.info({ lease: this.options.name, identity: this.options.identity }, 'became leader');
        this.options.onStartedLeading();
      }
    } else if (this.leading && now - this.lastRenew > this.options.renewDeadlineMs) {
      this.leading = false;
      this.options.log.error({ lease: this.options.name }, 'lost the leader lease');
      this.options.onStoppedLeading();
      return;
    }
    this.timer = setTimeout(() => void this.tick(), this.options.retryPeriodMs);
    this.timer.unref();
  }

  private async tryAcquireOrRenew(): Promise<boolean> {
    const { namespace, name, identity } = this.options;
    // MicroTime: the API server parses these with exactly six fractional digits, which a plain Date does not give.
    const now = new V1MicroTime();
    const leaseDurationSeconds = Math.ceil(this.options.leaseDurationMs / 1000);
    let lease: V1Lease;
    try {
      lease = await this.api.readNamespacedLease({ namespace, name });
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
      try {
        await this.api.createNamespacedLease({
          namespace,
          body: {
            metadata: { name, namespace },
            spec: {
              holderIdentity: identity,
              leaseDurationSeconds,
              acquireTime: now,
              renewTime: now,
              leaseTransitions: 0,
            },
          },
        });
        return true;
      } catch (createErr) {
        if (isStatus(createErr, 409)) return false;
        throw createErr;
      }
    }
    const localNow = Date.now();
    this.observation.observe(lease, localNow);
    if (!this.observation.available(lease, identity, localNow)) return false;
    const spec = lease.spec ?? {};
    const transition = spec.holderIdentity !== identity;
    lease.spec = {
      ...spec,
      holderIdentity: identity,
      leaseDurationSeconds,
      renewTime: now,
      ...(transition ? { acquireTime: now, leaseTransitions: (spec.leaseTransitions ?? 0) + 1 } : {}),
    };
    try {
      await this.api.replaceNamespacedLease({ namespace, name, body: lease });
      return true;
    } catch (err) {
      if (isStatus(err, 409)) return false;
      throw err;
    }
  }
}
