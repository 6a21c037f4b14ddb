/**
 * The operator assembled: informers feed the work queue, the queue runs reconciles, and leader election decides
 * whether this replica runs them. Every replica watches (so a standby is warm and /readyz means something); only
 * the leader writes.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Logger } from '../services/runtime/logger.ts';
import { apiErrorMessage, Cluster } from './controller/cluster.ts';
import { Informers } from './controller/informers.ts';
import { LeaderElector } from './controller/leader-election.ts';
import { Reconciler } from './controller/reconciler.ts';
import { WorkQueue } from './controller/work-queue.ts';

export interface OperatorOptions {
  kubeConfig: KubeConfig;
  log: Logger;
  metrics: Registry;
  operatorImage: string;
  identity: string;
  /** Watch one namespace, or every namespace when undefined. */
  watchNamespace?: string;
  leaderElection?: {
    namespace: string;
    leaseName: string;
    leaseDurationMs?: number;
    renewDeadlineMs?: number;
    retryPeriodMs?: number;
  };
  /** Every stack is reconciled again this often even without events. */
  resyncIntervalMs?: number;
  workers?: number;
  backoff?: { baseDelayMs: number; maxDelayMs: number };
  reconcilerPollIntervalMs?: number;
  /** Called when leadership is lost: the process should exit and start over as a candidate. */
  onLostLeadership?: () => void;
}

export interface RunningOperator {
  informers: Informers;
  queue: WorkQueue;
  isLeader: () => boolean;
  stop(): Promise<void>;
}

function operatorMetrics(registry: Registry) {
  return {
    reconciles: new Counter({
      name: 'chain_data_operator_reconcile_total',
      help: 'Reconciles run, by result',
      labelNames: ['result'],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'chain_data_operator_reconcile_errors_total',
      help: 'Reconciles that failed and were requeued with backoff',
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'chain_data_operator_reconcile_duration_seconds',
      help: 'Time one reconcile took',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    depth: new Gauge({
      name: 'chain_data_operator_workqueue_depth',
      help: 'Stacks waiting to be reconciled',
      registers: [registry],
    }),
    leader: new Gauge({
      name: 'chain_data_operator_leader',
      help: '1 while this replica holds the leader lease',
      registers: [registry],
    }),
  };
}

export async function startOperator(options: OperatorOptions): Promise<RunningOperator> {
  const { kubeConfig, log } = options;
  const metrics = operatorMetrics(options.metrics);
  const cluster = new Cluster(kubeConfig, options.identity);
  const informers = new Informers({
    kubeConfig,
    objects: cluster.objects,
    namespace: options.watchNamespace,
    onKey: (key) => queue.add(key),
    onError: (what, err) =>
      log.warn({ watch: what, err: apiErrorMessage(err) }, 'watch failed; restarting it'),
  });
  const reconciler = new Reconciler({
    cluster,
    informers,
    operatorImage: options.operatorImage,
    log,
    ...(options.reconcilerPollIntervalMs ? { pollIntervalMs: options.reconcilerPollIntervalMs } : {}),
  });
  const queue: WorkQueue = new WorkQueue({
    workers: options.workers ?? 2,
    ...options.backoff,
    process: (key) => reconciler.reconcile(key),
    onError: (key, err, retryInMs) =>
      log.warn({ stack: key, err: apiErrorMessage(err), retryInMs }, 'reconcile failed'),
    onProcessed: (_key, durationMs, ok) => {
      metrics.reconciles.inc({ result: ok ? 'success' : 'error' });
      if (!ok) metrics.errors.inc();
      metrics.duration.observe(durationMs / 1000);
      metrics.depth.set(queue.depth);
    },
  });
  const enqueueAll = () => {
    for (const stack of informers.stacks.list())
      queue.add(`${stack.metadata?.namespace}/${stack.metadata?.name}`);
    metrics.depth.set(queue.depth);
  };

  await informers.start();
  const resync = setInterval(enqueueAll, options.resyncIntervalMs ?? 300_000);
  resync.unref();

  let elector: LeaderElector | undefined;
  const startLeading = () => {
    metrics.leader.set(1);
    queue.start();
    enqueueAll();
  };
  if (options.leaderElection) {
    const { namespace, leaseName, ...timings } = options.leaderElection;
    elector = new LeaderElector({
      kubeConfig,
      namespace,
      name: leaseName,
      identity: options.identity,
      log,
      ...timings,
      onStartedLeading: startLeading,
      onStoppedLeading: () => {
        metrics.leader.set(0);
        // Another replica may already be reconciling: stop writing at once, then let the process start over.
        void queue.shutdown();
        options.onLostLeadership?.();
      },
    });
    elector.start();
  } else {
    startLeading();
  }

  return {
    informers,
    queue,
    isLeader: () => (elector ? elector.isLeader : true),
    async stop() {
      clearInterval(resync);
      await queue.shutdown();
      await elector?.stop();
      await informers.stop();
      metrics.leader.set(0);
    },
  };
}
