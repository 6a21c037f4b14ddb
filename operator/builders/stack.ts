import type { ChainDataStack } from '../api/v1alpha1.ts';
import { buildHorizontalPodAutoscaler, buildPodDisruptionBudget } from './availability.ts';
import {
  buildApiKeySecret,
  buildManagedDatabase,
  buildManagedRedis,
  buildPostgresSecret,
} from './backing-services.ts';
import { workloads } from './components.ts';
import { API_KEY_SECRET, buildConfigMap, PAGE_TOKEN_SECRETS, POSTGRES_SECRET } from './configuration.ts';
import { buildExportFilesClaim, EXPORT_WORKER } from './export-storage.ts';
import { childName, type Manifest, metadata } from './manifest.ts';
import { buildPodMonitor, buildPrometheusRule } from './monitoring.ts';
import { buildIngress, buildNetworkPolicies } from './network.ts';
import { buildDeployment, buildService } from './workloads.ts';

/** What the builders need beyond the spec: facts about the operator and the cluster, decided by the reconciler. */
export interface BuildContext {
  /** The image reference the stack's pods run. */
  image: string;
  /** How a managed database is provided (Auto already resolved against the cluster). */
  databaseProvider: 'StatefulSet' | 'CloudNativePG';
  /**
   * A version of each of the user's Secret keys the pods read (see userSecretRefs), by `name/key`: it changes when
   * the value does, and never reveals it. Pods reading a versioned key roll when its version changes.
   */
  secretVersions?: Record<string, string>;
}

/** The image a stack runs: its spec's repository and tag, each falling back to the operator's own image. */
export function stackImage(stack: ChainDataStack, operatorImage: string): string {
  const at = operatorImage.lastIndexOf(':');
  const slash = operatorImage.lastIndexOf('/');
  const [repository, tag] =
    at > slash ? [operatorImage.slice(0, at), operatorImage.slice(at + 1)] : [operatorImage, 'latest'];
  return `${stack.spec.image?.repository ?? repository}:${stack.spec.image?.tag ?? tag}`;
}

/** Every child the operator keeps in step with the spec (server-side applied, pruned when no longer built). */
export function buildStack(stack: ChainDataStack, context: BuildContext): Manifest[] {
  const stackWorkloads = workloads(stack);
  const children: Manifest[] = [...buildManagedDatabase(stack, context), ...buildManagedRedis(stack)];
  for (const workload of stackWorkloads) {
    children.push(buildConfigMap(stack, workload));
    // The claim before the pods that mount it.
    const claim = workload.command === EXPORT_WORKER ? buildExportFilesClaim(stack) : undefined;
    if (claim) children.push(claim);
    children.push(buildDeployment(stack, workload, context));
    children.push(buildService(stack, workload));
    const optional = [
      buildPodDisruptionBudget(stack, workload),
      buildHorizontalPodAutoscaler(stack, workload),
      buildIngress(stack, workload),
    ];
    for (const child of optional) if (child) children.push(child);
  }
  children.push(...buildNetworkPolicies(stack, stackWorkloads));
  const podMonitor = buildPodMonitor(stack, stackWorkloads);
  if (podMonitor) children.push(podMonitor);
  const prometheusRule = buildPrometheusRule(stack, stackWorkloads);
  if (prometheusRule) children.push(prometheusRule);
  return children;
}

/**
 * Secrets whose values are random: created once when absent and never applied again (re-applying would rotate
 * them under running pods). `random` supplies the values so this stays pure.
 */
export function buildGeneratedSecrets(
  stack: ChainDataStack,
  context: BuildContext,
  random: () => string,
): Manifest[] {
  const secrets: Manifest[] = [];
  // Each enabled gateway that hands out page tokens has its own signing key.
  for (const workload of workloads(stack)) {
    const pageTokens = PAGE_TOKEN_SECRETS[workload.command];
    if (!pageTokens) continue;
    secrets.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: metadata(stack, workload.name, childName(stack, pageTokens.suffix)),
      type: 'Opaque',
      stringData: { [pageTokens.key]: random() },
    });
  }
  // Whatever runs: it must outlive gateways turned off and on, or every key would stop working.
  secrets.push(buildApiKeySecret(stack, random()));
  if (stack.spec.database.managed && context.databaseProvider === 'StatefulSet') {
    secrets.push(buildPostgresSecret(stack, random()));
  }
  return secrets;
}

/** The names of every Secret the operator may generate for the stack, whatever its spec: none is the user's to name. */
export function generatedSecretNames(stack: ChainDataStack): string[] {
  return [...Object.values(PAGE_TOKEN_SECRETS), API_KEY_SECRET, POSTGRES_SECRET].map((secret) =>
    childName(stack, secret.suffix),
  );
}
