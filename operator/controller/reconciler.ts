/**
 * One reconcile of one ChainDataStack, level-based: whatever happened, read the stack and its children, make the
 * children match the spec, prune what is no longer wanted, and report status. Running it twice changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { KubernetesObject } from '@kubernetes/client-node';
import { LruCache } from '../../services/runtime/cache/lru.ts';
import { canonicalJson } from '../../services/runtime/pagination/page-token.ts';
import type { Logger } from '../../services/runtime/logger.ts';
import {
  API_VERSION,
  KIND,
  type ChainDataStack,
  type ChainDataStackStatus,
  type Condition,
} from '../api/v1alpha1.ts';
import { POSTGRES } from '../builders/backing-services.ts';
import { EXPORT_FILES_SUFFIX } from '../builders/export-storage.ts';
import {
  POD_MONITOR_API_VERSION,
  POD_MONITOR_CRD,
  POD_MONITOR_SUFFIX,
  PROMETHEUS_RULE_API_VERSION,
  PROMETHEUS_RULE_CRD,
  PROMETHEUS_RULE_SUFFIX,
} from '../builders/monitoring.ts';
import { APPLIED_HASH_ANNOTATION, childName, contentHash, type Manifest } from '../builders/manifest.ts';
import { buildGeneratedSecrets, buildStack, stackImage, type BuildContext } from '../builders/stack.ts';
import {
  apiErrorMessage,
  type Cluster,
  type EventInput,
  FIELD_MANAGER,
  HANDOVER_FIELD_MANAGER,
  isStatus,
} from './cluster.ts';
import type { Informers } from './informers.ts';
import { computeStatus, type ObservedObject, type SpecProblem } from './status.ts';
import { onceEachSecret, secretVersions } from './secret-versions.ts';
import { exportClaimProblem, findSpecProblems } from './validation.ts';
import type { ReconcileResult } from './work-queue.ts';

const CNPG_CRD = 'clusters.postgresql.cnpg.io';
const CNPG_API_VERSION = 'postgresql.cnpg.io/v1';

/**
 * Children of kinds that exist only when their operator's CRD is installed, so they are not watched: read when
 * applied, and pruned by name when no longer built.
 */
const UNWATCHED_CHILDREN = [
  { apiVersion: CNPG_API_VERSION, kind: 'Cluster', crd: CNPG_CRD, component: POSTGRES },
  {
    apiVersion: POD_MONITOR_API_VERSION,
    kind: 'PodMonitor',
    crd: POD_MONITOR_CRD,
    component: POD_MONITOR_SUFFIX,
  },
  {
    apiVersion: PROMETHEUS_RULE_API_VERSION,
    kind: 'PrometheusRule',
    crd: PROMETHEUS_RULE_CRD,
    component: PROMETHEUS_RULE_SUFFIX,
  },
] as const;
const UNWATCHED_KINDS = new Set<string>(UNWATCHED_CHILDREN.map((c) => c.kind));

export interface ReconcilerOptions {
  cluster: Cluster;
  informers: Informers;
  /** The operator's own image: what stacks run unless their spec names another. */
  operatorImage: string;
  log: Logger;
  /** Children are applied regardless of their applied-hash this often, so drift made by hand is undone. */
  fullApplyIntervalMs?: number;
  /** How soon to look again at something that is not watched (a missing Secret, a CloudNativePG cluster). */
  pollIntervalMs?: number;
  random?: () => string;
  now?: () => Date;
}

/** Kubernetes times are RFC 3339 with whole seconds. */
function kubeTime(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
}

function conditionEvents(before: Condition[], after: Condition[]): EventInput[] {
  const events: EventInput[] = [];
  for (const condition of after) {
    const previous = before.find((c) => c.type === condition.type);
    if (previous?.status === condition.status) continue;
    const on = condition.status === 'True';
    if (condition.type === 'Ready' && (on || previous)) {
      events.push({
        type: on ? 'Normal' : 'Warning',
        reason: on ? 'Ready' : 'NotReady',
        message: condition.message,
      });
    } else if (condition.type === 'Degraded' && (on || previous)) {
      events.push({
        type: on ? 'Warning' : 'Normal',
        reason: on ? condition.reason : 'Recovered',
        message: on ? condition.message : 'the spec problem is fixed',
      });
    }
  }
  return events;
}

function describeChanges(changes: string[]): string {
  const shown = changes.slice(0, 8).join(', ');
  return changes.length > 8 ? `${shown} and ${changes.length - 8} more` : shown;
}

export class Reconciler {
  private readonly options: Required<Omit<ReconcilerOptions, 'random' | 'now'>> &
    Pick<ReconcilerOptions, 'random' | 'now'>;
  private readonly lastFullApply = new Map<string, number>();
  /**
   * Children (by uid) as this operator last applied them: their resourceVersion, and the fields it owned then. Known
   * to hold what it wants while it still owns all those fields. Bounded, since deleted children are never removed; a
   * forgotten one costs one no-op apply.
   */
  private readonly verified = new LruCache<string, { resourceVersion: string; ownFields: string }>(100_000);
  private readonly installedCrds = new Map<string, { value: boolean; at: number }>();

  constructor(options: ReconcilerOptions) {
    this.options = { fullApplyIntervalMs: 600_000, pollIntervalMs: 15_000, ...options };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async reconcile(key: string): Promise<ReconcileResult> {
    const [namespace, name] = key.split('/') as [string, string];
    const stack = this.options.informers.stack(namespace, name);
    // Gone, or going: its children carry owner references, so the garbage collector removes them.
    if (!stack || stack.metadata.deletionTimestamp) {
      if (stack) this.lastFullApply.delete(stack.metadata.uid);
      return {};
    }
    const context = await this.buildContext(stack);
    const observed = new Map<string, ObservedObject>();
    const problems: SpecProblem[] = [...context.problems];
    const readSecret = onceEachSecret((secret) => this.options.cluster.readSecret(namespace, secret));
    problems.push(...(await findSpecProblems(stack, readSecret)));
    const claim = this.options.informers.child(
      'PersistentVolumeClaim',
      namespace,
      childName(stack, EXPORT_FILES_SUFFIX),
    );
    const claimProblem = exportClaimProblem(stack, claim);
    if (claimProblem) problems.push(claimProblem);
    let applyError: unknown;
    if (problems.length === 0) {
      try {
        context.secretVersions = await secretVersions(stack, readSecret);
        await this.applyChildren(stack, context, observed);
      } catch (err) {
        applyError = err;
        problems.push({
          reason: 'ApplyFailed',
          message: `applying the stack's children failed: ${apiErrorMessage(err)}`,
        });
      }
    }
    let cloudNativePgReady = true;
    if (stack.spec.database.managed && context.databaseProvider === 'CloudNativePG') {
      // Not watched: applyChildren read (or applied) it already, unless a spec problem stopped it first.
      const key = `Cluster/${childName(stack, POSTGRES)}`;
      const cluster =
        observed.get(key) ??
        (await this.options.cluster.readObject<KubernetesObject & ObservedObject>(
          CNPG_API_VERSION,
          'Cluster',
          namespace,
          childName(stack, POSTGRES),
        ));
      if (cluster) observed.set(key, cluster);
      cloudNativePgReady = (cluster?.status?.readyInstances ?? 0) >= (cluster?.spec?.instances ?? 1);
    }
    await this.reportStatus(stack, context, observed, problems);
    if (applyError !== undefined)
      throw applyError instanceof Error ? applyError : new Error(apiErrorMessage(applyError));
    if (problems.length > 0 || !cloudNativePgReady) return { requeueAfterMs: this.options.pollIntervalMs };
    return {};
  }

  private async buildContext(stack: ChainDataStack): Promise<BuildContext & { problems: SpecProblem[] }> {
    const image = stackImage(stack, this.options.operatorImage);
    const { databaseProvider, problems } = await this.databaseProvider(stack);
    if (stack.spec.monitoring.podMonitor.enabled && !(await this.crdInstalled(POD_MONITOR_CRD, true))) {
      problems.push({
        reason: 'PodMonitorNotInstalled',
        message: `spec.monitoring.podMonitor.enabled: the Prometheus Operator is not installed (no ${POD_MONITOR_CRD} CRD); install it or turn the PodMonitor off`,
      });
    }
    if (
      stack.spec.monitoring.prometheusRule.enabled &&
      !(await this.crdInstalled(PROMETHEUS_RULE_CRD, true))
    ) {
      problems.push({
        reason: 'PrometheusRuleNotInstalled',
        message: `spec.monitoring.prometheusRule.enabled: the Prometheus Operator is not installed (no ${PROMETHEUS_RULE_CRD} CRD); install it or turn the PrometheusRule off`,
      });
    }
    return { image, databaseProvider, problems };
  }

  private async databaseProvider(
    stack: ChainDataStack,
  ): Promise<{ databaseProvider: BuildContext['databaseProvider']; problems: SpecProblem[] }> {
    const managed = stack.spec.database.managed;
    if (!managed || managed.provider === 'StatefulSet')
      return { databaseProvider: 'StatefulSet', problems: [] };
    const installed = await this.crdInstalled(CNPG_CRD, managed.provider === 'CloudNativePG');
    if (managed.provider === 'CloudNativePG') {
      const problems = installed
        ? []
        : [
            {
              reason: 'CloudNativePGNotInstalled',
              message: `spec.database.managed.provider: CloudNativePG is not installed (no ${CNPG_CRD} CRD); install it or use provider StatefulSet`,
            },
          ];
      return { databaseProvider: 'CloudNativePG', problems };
    }
    // Auto: a database that already exists keeps its provider, so installing CloudNativePG later never swaps an
    // existing database for an empty one.
    const ns = stack.metadata.namespace;
    const name = childName(stack, POSTGRES);
    if (this.options.informers.child('StatefulSet', ns, name))
      return { databaseProvider: 'StatefulSet', problems: [] };
    return { databaseProvider: installed ? 'CloudNativePG' : 'StatefulSet', problems: [] };
  }

  /**
   * Whether a CRD is installed, asked at most once per poll interval (CRDs come and go rarely) — except that a spec
   * that asks for the CRD's kind (`required`) looks again while it is missing, so installing it takes effect at the
   * next reconcile rather than a poll interval later.
   */
  private async crdInstalled(name: string, required = false): Promise<boolean> {
    const now = Date.now();
    const known = this.installedCrds.get(name);
    const fresh = known && now - known.at <= this.options.pollIntervalMs;
    if (fresh && (known.value || !required)) return known.value;
    const value = await this.options.cluster.crdInstalled(name);
    this.installedCrds.set(name, { value, at: now });
    return value;
  }

  private async applyChildren(
    stack: ChainDataStack,
    context: BuildContext,
    observed: Map<string, ObservedObject>,
  ): Promise<void> {
    const { cluster, informers } = this.options;
    const namespace = stack.metadata.namespace;
    const now = Date.now();
    const fullApply =
      now - (this.lastFullApply.get(stack.metadata.uid) ?? 0) >= this.options.fullApplyIntervalMs;
    const changes: string[] = [];
    const wanted = new Set<string>();

    for (const manifest of buildStack(stack, context)) {
      const { kind } = manifest;
      const { name } = manifest.metadata;
      wanted.add(`${kind}/${name}`);
      const hash = contentHash(manifest);
      const current = UNWATCHED_KINDS.has(kind)
        ? await cluster.readObject(manifest.apiVersion, kind, namespace, name)
        : informers.child(kind, namespace, name);
      const unchanged = current?.metadata?.annotations?.[APPLIED_HASH_ANNOTATION] === hash;
      const verified = current?.metadata?.uid ? this.verified.get(current.metadata.uid) : undefined;
      const untouched =
        current !== undefined &&
        (verified
          ? verified.resourceVersion === current.metadata?.resourceVersion ||
            verified.ownFields === ownFields(current)
          : !editedByOthers(current));
      if (unchanged && untouched && !fullApply && !current.metadata?.deletionTimestamp) {
        observed.set(`${kind}/${name}`, current);
        continue;
      }
      const replicas = replicasToHandOver(manifest, current);
      if (current && replicas !== undefined) {
        await cluster.handOverReplicas(manifest.apiVersion, kind, current, replicas);
      }
      const applied = await cluster.apply<KubernetesObject & ObservedObject>(withAppliedHash(manifest, hash));
      if (applied.metadata?.uid && applied.metadata.resourceVersion) {
        this.verified.set(applied.metadata.uid, {
          resourceVersion: applied.metadata.resourceVersion,
          ownFields: ownFields(applied),
        });
      }
      observed.set(`${kind}/${name}`, applied);
      if (!unchanged) changes.push(`${current ? 'updated' : 'created'} ${kind} ${name}`);
    }

    for (const secret of buildGeneratedSecrets(stack, context, this.options.random ?? randomSecret)) {
      const { name } = secret.metadata;
      wanted.add(`Secret/${name}`);
      const current = informers.child('Secret', namespace, name);
      if (!current) {
        if (await cluster.createIfAbsent(secret)) changes.push(`created Secret ${name}`);
        continue;
      }
      // Its value is never rewritten, but whether it dies with the stack follows the spec (retainOnDelete), and a
      // Secret kept from a deleted stack is adopted by a new one that does not retain its data.
      const owners = secret.metadata.ownerReferences ?? [];
      if (!isDeepStrictEqual(current.metadata?.ownerReferences ?? [], owners)) {
        await cluster.setOwnerReferences({ ...current, apiVersion: 'v1', kind: 'Secret' }, owners);
        changes.push(`${owners.length > 0 ? 'owned' : 'released'} Secret ${name}`);
      }
    }

    for (const child of informers.ownedBy(namespace, stack.metadata.uid)) {
      if (wanted.has(`${child.kind}/${child.metadata?.name}`)) continue;
      await cluster.delete(child);
      changes.push(`deleted ${child.kind} ${child.metadata?.name}`);
    }
    for (const { apiVersion, kind, crd, component } of UNWATCHED_CHILDREN) {
      const name = childName(stack, component);
      if (wanted.has(`${kind}/${name}`) || !(await this.crdInstalled(crd))) continue;
      const child = await cluster.readObject(apiVersion, kind, namespace, name);
      const owned = child?.metadata?.ownerReferences?.some((ref) => ref.uid === stack.metadata.uid);
      if (!child || !owned) continue;
      await cluster.delete(child);
      changes.push(`deleted ${kind} ${name}`);
    }

    if (fullApply) this.lastFullApply.set(stack.metadata.uid, now);
    if (changes.length > 0) {
      this.options.log.info({ stack: `${namespace}/${stack.metadata.name}`, changes }, 'applied children');
      await this.event(stack, { type: 'Normal', reason: 'Applied', message: describeChanges(changes) });
    }
  }

  /** Writes the status only when it changed; a conflict re-reads the stack and tries again. */
  private async reportStatus(
    cached: ChainDataStack,
    context: BuildContext,
    observed: Map<string, ObservedObject>,
    problems: SpecProblem[],
  ): Promise<void> {
    const { cluster, informers } = this.options;
    const namespace = cached.metadata.namespace;
    const observe = (kind: string, name: string) =>
      observed.get(`${kind}/${name}`) ?? informers.child(kind, namespace, name);
    let stack = cached;
    for (let attempt = 1; ; attempt++) {
      const status = computeStatus({ stack, context, observe, problems, now: kubeTime(this.now()) });
      if (sameStatus(stack.status, status)) return;
      try {
        await cluster.writeStatus(
          namespace,
          stack.metadata.name,
          stack.metadata.resourceVersion ?? '',
          status,
        );
      } catch (err) {
        if (!isStatus(err, 409) || attempt >= 3) throw err;
        const fresh = await cluster.readObject<ChainDataStack & KubernetesObject>(
          API_VERSION,
          KIND,
          namespace,
          stack.metadata.name,
        );
        if (!fresh) return;
        stack = fresh;
        continue;
      }
      for (const event of conditionEvents(stack.status?.conditions ?? [], status.conditions ?? [])) {
        await this.event(stack, event);
      }
      return;
    }
  }

  private async event(stack: ChainDataStack, event: EventInput): Promise<void> {
    try {
      await this.options.cluster.recordEvent(stack, event);
    } catch (err) {
      // Events are for people reading `kubectl describe`; losing one must not fail the reconcile.
      this.options.log.warn({ err: apiErrorMessage(err), reason: event.reason }, 'could not record event');
    }
  }
}

/**
 * The fields of the child's main resource this operator owns by its applies, canonically. Whoever changes or
 * removes one of them (a `kubectl edit`, another controller, a write through /scale) takes it from the operator:
 * the API server moves a field to the manager whose update changed it. So while this stays as it was after the
 * operator's last apply, a new apply would change nothing. What others add beside the operator's fields (a
 * `kubectl rollout restart`'s annotation, the Deployment controller's revision annotation) does not change it: an
 * apply would not undo that either, and must not be sent at every status change because of it.
 */
export function ownFields(object: KubernetesObject): string {
  const ours = (object.metadata?.managedFields ?? []).find(
    (e) => e.manager === FIELD_MANAGER && e.operation === 'Apply' && !e.subresource,
  );
  return ours ? `${ours.apiVersion ?? ''} ${canonicalJson(ours.fieldsV1 ?? {})}` : '';
}

/**
 * Whether someone other than this operator may have changed the child's main resource since the operator last
 * applied it (a `kubectl edit`, another controller), judged from the managed fields alone: who wrote last. Only for
 * a child this process has not applied yet (after a restart); one it applied is judged by `ownFields`, since a
 * server-side apply that changes nothing does not move the operator's own timestamp, so after any write by another
 * manager this would stay true for good. Status writes don't count.
 */
export function editedByOthers(object: KubernetesObject): boolean {
  const entries = object.metadata?.managedFields ?? [];
  const time = (t: unknown) => (t === undefined ? 0 : new Date(t as string | Date).getTime());
  const ours = entries.find((e) => e.manager === FIELD_MANAGER && e.operation === 'Apply' && !e.subresource);
  if (!ours) return true;
  return entries.some(
    (e) =>
      e.manager !== FIELD_MANAGER &&
      e.manager !== HANDOVER_FIELD_MANAGER &&
      !e.subresource &&
      time(e.time) >= time(ours.time),
  );
}

/**
 * The replica count to hand over before applying a workload that no longer sets one (autoscaling turned on), while
 * the operator's earlier apply still owns it; undefined when there is nothing to hand over.
 */
export function replicasToHandOver(
  manifest: Manifest,
  current: KubernetesObject | undefined,
): number | undefined {
  if (manifest.kind !== 'Deployment' && manifest.kind !== 'StatefulSet') return undefined;
  if ((manifest.spec as { replicas?: unknown } | undefined)?.replicas !== undefined) return undefined;
  const replicas = (current as { spec?: { replicas?: number } } | undefined)?.spec?.replicas;
  if (replicas === undefined) return undefined;
  const ours = current?.metadata?.managedFields?.find(
    (e) => e.manager === FIELD_MANAGER && e.operation === 'Apply' && !e.subresource,
  );
  const spec = (ours?.fieldsV1 as Record<string, Record<string, unknown> | undefined> | undefined)?.[
    'f:spec'
  ];
  return spec?.['f:replicas'] !== undefined ? replicas : undefined;
}

function withAppliedHash(manifest: Manifest, hash: string): Manifest {
  return {
    ...manifest,
    metadata: {
      ...manifest.metadata,
      annotations: { ...manifest.metadata.annotations, [APPLIED_HASH_ANNOTATION]: hash },
    },
  };
}

/** 256 random bits, 43 characters: the API key secret's HMAC-SHA256 key among them (the gateways want 32 or more). */
function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

function sameStatus(stored: ChainDataStackStatus | undefined, next: ChainDataStackStatus): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(stored ?? {})), JSON.parse(JSON.stringify(next)));
}
