import type { ChainDataStack } from '../api/v1alpha1.ts';
import { OPS_PORT, type Workload } from './components.ts';
import { childName, LABELS, type Manifest, metadata } from './manifest.ts';

export const POD_MONITOR_API_VERSION = 'monitoring.coreos.com/v1';
export const POD_MONITOR_CRD = 'podmonitors.monitoring.coreos.com';

/** The Prometheus Operator's PodMonitor for the stack's components: each pod's ops port serves /metrics. */
export function buildPodMonitor(stack: ChainDataStack, workloads: Workload[]): Manifest | undefined {
  const { podMonitor } = stack.spec.monitoring;
  if (!podMonitor.enabled || workloads.length === 0) return undefined;
  const base = metadata(stack, 'metrics', childName(stack, 'components'));
  return {
    apiVersion: POD_MONITOR_API_VERSION,
    kind: 'PodMonitor',
    // The user's labels (what a Prometheus selects PodMonitors by) never replace the operator's own.
    metadata: { ...base, labels: { ...podMonitor.labels, ...base.labels } },
    spec: {
      selector: {
        matchLabels: { [LABELS.name]: 'chain-data', [LABELS.instance]: stack.metadata.name },
        matchExpressions: [{ key: LABELS.component, operator: 'In', values: workloads.map((w) => w.name) }],
      },
      podMetricsEndpoints: [{ port: 'ops', path: '/metrics', interval: podMonitor.interval }],
    },
  };
}

/** Where Prometheus may scrape from: the namespaces the spec names, on the ops port only. */
export function opsIngressRule(stack: ChainDataStack): Record<string, unknown> {
  return {
    from: [{ namespaceSelector: { matchLabels: stack.spec.monitoring.namespaceSelector } }],
    ports: [{ port: OPS_PORT, protocol: 'TCP' }],
  };
}
