/**
 * A cluster for operator tests: the fake API server with the ChainDataStack CRD installed, the real
 * @kubernetes/client-node pointed at it, a stand-in for the controllers that report workloads' status, and the
 * operator started in-process.
 */
import { readFileSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { Registry } from 'prom-client';
import { parse as parseYaml } from 'yaml';
import { createLogger } from '../../services/runtime/logger.ts';
import { startOperator, type OperatorOptions, type RunningOperator } from '../../operator/operator.ts';
import {
  startFakeKubeApiServer,
  type FakeKubeApiServer,
  type KubeObject,
} from './fake-kube-apiserver/index.ts';

function readYaml(url: URL): KubeObject {
  return parseYaml(readFileSync(url, 'utf8')) as KubeObject;
}

/** The ChainDataStack CRD as `make crds` generated it. */
export function readCrd(): KubeObject {
  return readYaml(new URL('../../crds/chaindatastacks.chaindatastack.io.yaml', import.meta.url));
}

/** A sample stack of crds/samples/ by file name (`devnet`, `production`). */
export function readSample(name: string): KubeObject {
  return readYaml(new URL(`../../crds/samples/${name}.yaml`, import.meta.url));
}

export async function startOperatorCluster(): Promise<FakeKubeApiServer> {
  const server = await startFakeKubeApiServer({ bookmarkIntervalMs: 1_000 });
  server.create(readCrd(), 'kubectl');
  return server;
}

export function kubeConfigFor(server: FakeKubeApiServer): KubeConfig {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromString(server.kubeconfig());
  return kubeConfig;
}

/** The workloads of the devnet sample (crds/samples/devnet.yaml), in the order the operator builds them. */
export const DEVNET_WORKLOADS = [
  'devnet',
  'container-indexer',
  'primary-network',
  'evm-data',
  'gateway-rpc',
  'gateway-data',
];

export interface TestOperator extends RunningOperator {
  metrics: Registry;
  identity: string;
}

/** The operator with test-sized timings: short lease, fast retries. */
export async function startTestOperator(
  server: FakeKubeApiServer,
  overrides: Partial<OperatorOptions> & { identity?: string } = {},
): Promise<TestOperator> {
  const metrics = new Registry();
  const identity = overrides.identity ?? 'operator-0';
  const running = await startOperator({
    kubeConfig: kubeConfigFor(server),
    log: createLogger('operator', process.env.TEST_LOG_LEVEL ?? 'silent'),
    metrics,
    operatorImage: 'registry.example/chain-data:1.2.3',
    identity,
    leaderElection: {
      namespace: 'chain-data-system',
      leaseName: 'chain-data-operator',
      leaseDurationMs: 1_000,
      renewDeadlineMs: 800,
      retryPeriodMs: 100,
    },
    resyncIntervalMs: 3_600_000,
    backoff: { baseDelayMs: 5, maxDelayMs: 200 },
    reconcilerPollIntervalMs: 200,
    ...overrides,
  });
  return { ...running, metrics, identity };
}

/** How many reconciles an operator has run (from its own Prometheus counter). */
export async function reconcileCount(operator: TestOperator): Promise<number> {
  const metric = await operator.metrics.getSingleMetric('chain_data_operator_reconcile_total')?.get();
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

/**
 * Stands in for the Deployment and StatefulSet controllers: once a workload's spec is new to it, it reports every
 * desired replica updated and ready, as the real controllers do when pods come up.
 */
export function startWorkloadControllers(server: FakeKubeApiServer, namespace: string): { stop(): void } {
  const timer = setInterval(() => {
    for (const plural of ['deployments', 'statefulsets']) {
      for (const object of server.list('apps', 'v1', plural, namespace)) {
        const generation = object.metadata.generation ?? 1;
        const status = (object.status ?? {}) as { observedGeneration?: number };
        if (status.observedGeneration === generation) continue;
        const replicas = (object.spec as { replicas?: number }).replicas ?? 1;
        server.updateStatus('apps', 'v1', plural, namespace, object.metadata.name, {
          observedGeneration: generation,
          replicas,
          readyReplicas: replicas,
          updatedReplicas: replicas,
          availableReplicas: replicas,
          conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }],
        });
      }
    }
  }, 20);
  return { stop: () => clearInterval(timer) };
}

export interface StackCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
  observedGeneration: number;
  lastTransitionTime: string;
}

export function condition(stack: KubeObject | undefined, type: string): StackCondition | undefined {
  const conditions = (stack?.status as { conditions?: StackCondition[] } | undefined)?.conditions ?? [];
  return conditions.find((c) => c.type === type);
}
