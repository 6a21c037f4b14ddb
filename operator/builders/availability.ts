import type { ChainDataStack } from '../api/v1alpha1.ts';
import { componentSpec, minimumReplicas, type Workload } from './components.ts';
import { childName, type Manifest, metadata, selectorLabels } from './manifest.ts';

/** A budget only where there is something to keep: one pod can't stay available through its own eviction. */
export function buildPodDisruptionBudget(stack: ChainDataStack, workload: Workload): Manifest | undefined {
  if (minimumReplicas(componentSpec(stack, workload)) < 2) return undefined;
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: metadata(stack, workload.name),
    spec: { maxUnavailable: 1, selector: { matchLabels: selectorLabels(stack, workload.name) } },
  };
}

export function buildHorizontalPodAutoscaler(
  stack: ChainDataStack,
  workload: Workload,
): Manifest | undefined {
  const { autoscaling } = componentSpec(stack, workload);
  if (!autoscaling.enabled) return undefined;
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: metadata(stack, workload.name),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: childName(stack, workload.name) },
      minReplicas: autoscaling.minReplicas,
      maxReplicas: autoscaling.maxReplicas,
      metrics: [
        {
          type: 'Resource',
          resource: {
            name: 'cpu',
            target: { type: 'Utilization', averageUtilization: autoscaling.targetCPUUtilizationPercentage },
          },
        },
      ],
    },
  };
}
