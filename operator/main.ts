import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { KubeConfig } from '@kubernetes/client-node';
import type { ComponentContext } from '../services/runtime/component.ts';
import { env, loadConfig } from '../services/runtime/config.ts';
import { startOperator } from './operator.ts';

const SERVICE_ACCOUNT_NAMESPACE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

const config = {
  OPERATOR_WATCH_NAMESPACE: env.text('a namespace, or empty for all namespaces', ''),
  OPERATOR_NAMESPACE: env.text('the namespace the operator runs in').optional(),
  OPERATOR_IDENTITY: env.text('a name unique to this replica', hostname()),
  OPERATOR_DEFAULT_IMAGE: env.text(
    'an image reference (repository:tag)',
    'chain-data-stack/chain-data:0.1.0',
  ),
  OPERATOR_LEADER_ELECTION: env.boolean(true),
  OPERATOR_LEASE_NAME: env.text('a Lease name', 'chain-data-operator'),
  OPERATOR_RESYNC_SECONDS: env.integer(10, 86_400, 300),
  OPERATOR_WORKERS: env.integer(1, 64, 2),
};

/** The namespace of the operator's own pod, where its Lease lives. */
function ownNamespace(configured: string | undefined): string {
  if (configured) return configured;
  try {
    return readFileSync(SERVICE_ACCOUNT_NAMESPACE, 'utf8').trim();
  } catch {
    return 'default';
  }
}

export async function startOperatorComponent(ctx: ComponentContext): Promise<void> {
  const cfg = loadConfig(config);
  const kubeConfig = new KubeConfig();
  // In a pod: the service account; elsewhere: KUBECONFIG or ~/.kube/config, as kubectl would.
  kubeConfig.loadFromDefault();
  const operator = await startOperator({
    kubeConfig,
    log: ctx.log,
    metrics: ctx.metrics,
    operatorImage: cfg.OPERATOR_DEFAULT_IMAGE,
    identity: cfg.OPERATOR_IDENTITY,
    watchNamespace: cfg.OPERATOR_WATCH_NAMESPACE || undefined,
    leaderElection: cfg.OPERATOR_LEADER_ELECTION
      ? { namespace: ownNamespace(cfg.OPERATOR_NAMESPACE), leaseName: cfg.OPERATOR_LEASE_NAME }
      : undefined,
    resyncIntervalMs: cfg.OPERATOR_RESYNC_SECONDS * 1000,
    workers: cfg.OPERATOR_WORKERS,
    onLostLeadership: () => ctx.stop('lost the leader lease', 1),
  });
  ctx.onShutdown('operator', () => operator.stop());
  ctx.setReady(true);
  ctx.log.info(
    { watchNamespace: cfg.OPERATOR_WATCH_NAMESPACE || '(all)', identity: cfg.OPERATOR_IDENTITY },
    'watching ChainDataStacks',
  );
}
