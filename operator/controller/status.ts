/**
 * The stack's status, computed from what the cluster reports about its children. Pure: the reconciler passes in
 * the observed objects and the time, and writes the result only when it differs from what is stored.
 */
import type {
  ChainDataStack,
  ChainDataStackStatus,
  ComponentStatus,
  Condition,
  ConditionType,
} from '../api/v1alpha1.ts';
import { POSTGRES, REDIS } from '../builders/backing-services.ts';
import { componentSpec, minimumReplicas, serviceUrl, workloads } from '../builders/components.ts';
import { childName } from '../builders/manifest.ts';
import type { BuildContext } from '../builders/stack.ts';

export interface ObservedObject {
  metadata?: { generation?: number; annotations?: Record<string, string> };
  spec?: { replicas?: number; instances?: number };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    availableReplicas?: number;
    readyInstances?: number;
    conditions?: { type?: string; status?: string }[];
  };
}

/** Finds an observed child by kind and name. */
export type Observe = (kind: string, name: string) => ObservedObject | undefined;

/** A problem the schema can't catch, found before anything is applied. */
export interface SpecProblem {
  reason: string;
  message: string;
}

export interface ComponentRollout extends ComponentStatus {
  /** Serving: enough ready pods (old or new) that the workload's controller counts it available. */
  available: boolean;
  /** Every desired replica runs the current template and is ready, and the controller has seen the latest spec. */
  rolledOut: boolean;
}

function workloadRollout(name: string, kind: string, object: ObservedObject | undefined): ComponentRollout {
  if (!object) {
    return {
      name,
      desiredReplicas: 0,
      readyReplicas: 0,
      updatedReplicas: 0,
      available: false,
      rolledOut: false,
    };
  }
  const desired = object.spec?.replicas ?? 1;
  const status = object.status ?? {};
  const ready = status.readyReplicas ?? 0;
  const updated = status.updatedReplicas ?? 0;
  const seen = (status.observedGeneration ?? 0) >= (object.metadata?.generation ?? 1);
  // A Deployment with old pods still terminating reports more replicas than desired: not done rolling.
  const settled = kind === 'StatefulSet' || (status.replicas ?? 0) <= desired;
  // A rolling update keeps the workload serving: it stays available (the Deployment controller's Available
  // condition) while Progressing says the rollout is under way.
  const availableCondition = status.conditions?.find((c) => c.type === 'Available')?.status === 'True';
  return {
    name,
    desiredReplicas: desired,
    readyReplicas: ready,
    updatedReplicas: updated,
    available: ready >= desired || availableCondition,
    rolledOut: seen && settled && ready >= desired && updated >= desired,
  };
}

function cloudNativePgRollout(object: ObservedObject | undefined): ComponentRollout {
  const desired = object?.spec?.instances ?? 1;
  const ready = object?.status?.readyInstances ?? 0;
  return {
    name: POSTGRES,
    desiredReplicas: desired,
    readyReplicas: ready,
    updatedReplicas: ready,
    available: object !== undefined && ready >= 1,
    rolledOut: object !== undefined && ready >= desired,
  };
}

export function componentRollouts(
  stack: ChainDataStack,
  context: BuildContext,
  observe: Observe,
): ComponentRollout[] {
  const rollouts: ComponentRollout[] = [];
  if (stack.spec.database.managed) {
    const name = childName(stack, POSTGRES);
    rollouts.push(
      context.databaseProvider === 'CloudNativePG'
        ? cloudNativePgRollout(observe('Cluster', name))
        : workloadRollout(POSTGRES, 'StatefulSet', observe('StatefulSet', name)),
    );
  }
  if (stack.spec.redis.managed) {
    rollouts.push(workloadRollout(REDIS, 'Deployment', observe('Deployment', childName(stack, REDIS))));
  }
  for (const workload of workloads(stack)) {
    const rollout = workloadRollout(
      workload.name,
      'Deployment',
      observe('Deployment', childName(stack, workload.name)),
    );
    // Scaled to zero on purpose: nothing to wait for.
    if (minimumReplicas(componentSpec(stack, workload)) === 0) {
      rollout.available = true;
      rollout.rolledOut = true;
    }
    rollouts.push(rollout);
  }
  return rollouts;
}

function describe(rollouts: ComponentRollout[]): string {
  return rollouts
    .map((r) => `${r.name} (${r.readyReplicas}/${r.desiredReplicas} ready, ${r.updatedReplicas} updated)`)
    .join(', ');
}

/** Sets a condition, keeping lastTransitionTime when the status did not flip. */
export function setCondition(
  conditions: Condition[],
  next: Omit<Condition, 'lastTransitionTime'>,
  now: string,
): Condition[] {
  const previous = conditions.find((c) => c.type === next.type);
  const lastTransitionTime = previous && previous.status === next.status ? previous.lastTransitionTime : now;
  return [...conditions.filter((c) => c.type !== next.type), { ...next, lastTransitionTime }];
}

const CONDITION_ORDER: ConditionType[] = ['Ready', 'Progressing', 'Degraded'];

export interface StatusInput {
  stack: ChainDataStack;
  context: BuildContext;
  observe: Observe;
  /** Problems with the spec or with applying it; empty when all is well. */
  problems: SpecProblem[];
  now: string;
}

export function computeStatus({ stack, context, observe, problems, now }: StatusInput): ChainDataStackStatus {
  const generation = stack.metadata.generation ?? 1;
  const rollouts = componentRollouts(stack, context, observe);
  const unavailable = describe(rollouts.filter((r) => !r.available));
  const rolling = describe(rollouts.filter((r) => !r.rolledOut));
  const allAvailable = unavailable === '';
  const allRolledOut = rolling === '';
  const degraded = problems.length > 0;

  let conditions = stack.status?.conditions ?? [];
  const set = (type: ConditionType, status: boolean, reason: string, message: string) => {
    conditions = setCondition(
      conditions,
      { type, status: status ? 'True' : 'False', observedGeneration: generation, reason, message },
      now,
    );
  };
  set(
    'Ready',
    allAvailable && !degraded,
    degraded ? problems[0]!.reason : allAvailable ? 'AllComponentsReady' : 'ComponentsNotReady',
    degraded
      ? problems.map((p) => p.message).join('; ')
      : allAvailable
        ? `all ${rollouts.length} components are ready`
        : `waiting for ${unavailable}`,
  );
  set(
    'Progressing',
    !allRolledOut && !degraded,
    degraded ? 'Blocked' : allRolledOut ? 'RolloutComplete' : 'RollingOut',
    degraded
      ? 'the spec is not applied until its problem is fixed'
      : allRolledOut
        ? 'every component runs the current spec'
        : `rolling out ${rolling}`,
  );
  set(
    'Degraded',
    degraded,
    degraded ? problems[0]!.reason : 'AsExpected',
    degraded ? problems.map((p) => p.message).join('; ') : 'no problems found',
  );
  conditions.sort((a, b) => CONDITION_ORDER.indexOf(a.type) - CONDITION_ORDER.indexOf(b.type));

  return {
    observedGeneration: generation,
    conditions,
    components: rollouts.map(({ rolledOut: _rolledOut, available: _available, ...component }) => component),
    componentsReady: `${rollouts.filter((r) => r.available).length}/${rollouts.length}`,
    endpoints: endpoints(stack),
  };
}

function endpoints(stack: ChainDataStack): { name: string; url: string }[] {
  const result: { name: string; url: string }[] = [];
  for (const workload of workloads(stack)) {
    if (!workload.gateway) continue;
    result.push({ name: workload.name, url: serviceUrl(stack, workload) });
    const ingress = stack.spec.gateways[workload.gateway].ingress;
    if (!ingress.enabled) continue;
    const tlsHosts = new Set((ingress.tls ?? []).flatMap((t) => t.hosts ?? []));
    for (const host of ingress.hosts ?? []) {
      result.push({
        name: `${workload.name}-ingress`,
        url: `${tlsHosts.has(host) ? 'https' : 'http'}://${host}`,
      });
    }
  }
  return result;
}
