/**
 * What the CRD's schema can't check: references to other objects and what a URL really says. Each problem names
 * the field and what to do, and stops the reconcile before anything is applied, so a bad edit never tears down
 * what runs.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { keyIdOf } from '../../services/edge/keys/api-key.ts';
import { DEFAULT_TIERS } from '../../services/edge/limits/tiers.ts';
import { canonicalChain, isChainName } from '../../services/runtime/upstream/chain-routing.ts';
import { GATEWAY_KEYS, type ChainDataStack, type SecretKeyRef } from '../api/v1alpha1.ts';
import { bootstrapKeysRef } from '../builders/configuration.ts';
import { buildExportFilesClaim } from '../builders/export-storage.ts';
import { generatedSecretNames } from '../builders/stack.ts';
import type { SpecProblem } from './status.ts';

/** Reads a Secret of the stack's namespace: its data keys, or undefined when it does not exist. */
export type ReadSecret = (
  name: string,
) => Promise<{ metadata?: { uid?: string }; data?: Record<string, string> } | undefined>;

async function checkSecretRef(field: string, ref: SecretKeyRef, holds: string, readSecret: ReadSecret) {
  const secret = await readSecret(ref.name);
  if (!secret) {
    return {
      reason: 'SecretNotFound',
      message: `${field}: Secret "${ref.name}" does not exist; create it with the key "${ref.key}" holding ${holds}`,
    };
  }
  if (!secret.data || !(ref.key in secret.data)) {
    return {
      reason: 'SecretKeyNotFound',
      message: `${field}: Secret "${ref.name}" has no key "${ref.key}"; add it, holding ${holds}`,
    };
  }
  return undefined;
}

/** Both keys of the object store's access key: one problem for a missing Secret, one per missing key. */
function exportCredentialChecks(
  stack: ChainDataStack,
  readSecret: ReadSecret,
): Promise<SpecProblem | undefined>[] {
  const credentials = stack.spec.exportWorker.storage.s3?.credentialsSecretRef;
  if (!credentials) return [];
  const field = 'spec.exportWorker.storage.s3.credentialsSecretRef';
  const keys = [
    { key: credentials.accessKeyIdKey, holds: 'the object store’s access key id' },
    { key: credentials.secretAccessKeyKey, holds: 'the object store’s secret access key' },
  ];
  const secret = readSecret(credentials.name);
  const missing = secret.then((found) =>
    found
      ? undefined
      : {
          reason: 'SecretNotFound',
          message: `${field}: Secret "${credentials.name}" does not exist; create it with the keys "${keys[0]!.key}" and "${keys[1]!.key}" holding the object store’s access key id and secret access key`,
        },
  );
  return [
    missing,
    ...keys.map(({ key, holds }) =>
      secret.then((found) =>
        found ? checkSecretRef(field, { name: credentials.name, key }, holds, readSecret) : undefined,
      ),
    ),
  ];
}

/**
 * The gateways' bootstrap API keys (spec.edge.bootstrapKeys): a Secret of the user's own, not one the operator
 * generates, holding entries every gateway can read (a gateway refuses to start on one it can't, as
 * services/edge/start-edge.ts parses them). Problems name the entry, never the key.
 */
async function bootstrapKeysCheck(
  stack: ChainDataStack,
  readSecret: ReadSecret,
): Promise<SpecProblem | undefined> {
  const ref = bootstrapKeysRef(stack);
  if (!ref) return undefined;
  const field = 'spec.edge.bootstrapKeys';
  if (generatedSecretNames(stack).includes(ref.name)) {
    return {
      reason: 'SecretNameReserved',
      message: `${field}.secretName: "${ref.name}" is a Secret the operator generates for this stack; keep the bootstrap keys in a Secret of another name`,
    };
  }
  const missing = await checkSecretRef(
    field,
    ref,
    'API keys as name:tier:key entries, separated by commas or newlines',
    readSecret,
  );
  if (missing) return missing;
  const value = (await readSecret(ref.name))?.data?.[ref.key] ?? '';
  return bootstrapKeysProblem(stack, `${field}: Secret "${ref.name}", key "${ref.key}"`, decodeBase64(value));
}

function decodeBase64(value: string): string {
  return Buffer.from(value, 'base64').toString('utf8');
}

/** The first entry of bootstrap keys text the gateways would refuse, if any; `where` names the Secret's key. */
export function bootstrapKeysProblem(
  stack: ChainDataStack,
  where: string,
  text: string,
): SpecProblem | undefined {
  const tiers = [...new Set([...DEFAULT_TIERS, ...(stack.spec.edge.tiers ?? [])].map((t) => t.name))];
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const [i, entry] of entries.entries()) {
    const [name, tier, ...rest] = entry.split(':');
    const key = rest.join(':');
    const problem = (message: string) => ({
      reason: 'InvalidBootstrapKeys',
      message: `${where}: ${message}`,
    });
    // A malformed entry may be a bare key: it is named by its position only.
    if (!name || !tier || !key) return problem(`entry ${i + 1}: expected name:tier:key`);
    if (!tiers.includes(tier))
      return problem(
        `entry ${i + 1} (${name}): no tier is named "${tier}"; the tiers are ${tiers.join(', ')} (spec.edge.tiers adds tiers)`,
      );
    if (keyIdOf(key) === undefined)
      return problem(`entry ${i + 1} (${name}): a key is 32 to 256 visible ASCII characters`);
  }
  return undefined;
}

/** The schema checks the scheme and shape; a URL must also parse and name a host the pods can reach. */
export function upstreamUrlProblem(field: string, url: string): SpecProblem | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {
      reason: 'InvalidUpstreamURL',
      message: `${field}: "${url}" is not a URL; expected http(s)://host[:port]`,
    };
  }
  if (parsed.username || parsed.password) {
    return {
      reason: 'InvalidUpstreamURL',
      message: `${field}: "${url}" carries credentials; node URLs are stored in a ConfigMap, use a proxy or network policy instead`,
    };
  }
  if (parsed.search || parsed.hash || (parsed.pathname !== '/' && parsed.pathname !== '')) {
    return {
      reason: 'InvalidUpstreamURL',
      message: `${field}: "${url}" has a path or query; expected the node's base URL (http(s)://host[:port]), the stack adds /ext/... itself`,
    };
  }
  return undefined;
}

/** The schema checks a blockchain id's alphabet and length; its checksum needs decoding. */
export function blockchainIdProblem(field: string, chain: string): SpecProblem | undefined {
  if (isChainName(chain)) return undefined;
  return {
    reason: 'InvalidBlockchainID',
    message: `${field}: "${chain}" is not a blockchain id (cb58 of 32 bytes with a valid checksum)`,
  };
}

function chainProblems(stack: ChainDataStack): SpecProblem[] {
  const { upstream } = stack.spec;
  const problems: (SpecProblem | undefined)[] = upstream.evmChains.map((chain, i) =>
    blockchainIdProblem(`spec.upstream.evmChains[${i}]`, chain),
  );
  const seen = new Map<string, string>();
  (upstream.chains ?? []).forEach(({ chain }, i) => {
    const field = `spec.upstream.chains[${i}].chain`;
    problems.push(blockchainIdProblem(field, chain));
    const earlier = seen.get(canonicalChain(chain));
    if (earlier !== undefined) {
      problems.push({
        reason: 'DuplicateChain',
        message: `${field}: "${chain}" is the same chain as ${earlier}; list each chain once`,
      });
    }
    seen.set(canonicalChain(chain), `"${chain}"`);
  });
  return problems.filter((p): p is SpecProblem => p !== undefined);
}

export async function findSpecProblems(
  stack: ChainDataStack,
  readSecret: ReadSecret,
): Promise<SpecProblem[]> {
  const { spec } = stack;
  const checks: Promise<SpecProblem | undefined>[] = [];
  if (spec.database.external) {
    checks.push(
      checkSecretRef(
        'spec.database.external.secretRef',
        spec.database.external.secretRef,
        'a PostgreSQL connection string (postgresql://user:password@host:5432/database)',
        readSecret,
      ),
    );
  }
  if (spec.redis.external?.secretRef) {
    checks.push(
      checkSecretRef(
        'spec.redis.external.secretRef',
        spec.redis.external.secretRef,
        'a Redis URL (redis://host:6379)',
        readSecret,
      ),
    );
  }
  if (spec.components.exportWorker.enabled) checks.push(...exportCredentialChecks(stack, readSecret));
  if (GATEWAY_KEYS.some((key) => spec.components[key].enabled))
    checks.push(bootstrapKeysCheck(stack, readSecret));
  (spec.upstream.nodes ?? []).forEach((url, i) =>
    checks.push(Promise.resolve(upstreamUrlProblem(`spec.upstream.nodes[${i}]`, url))),
  );
  (spec.upstream.chains ?? []).forEach((chain, i) =>
    chain.nodes.forEach((url, j) =>
      checks.push(Promise.resolve(upstreamUrlProblem(`spec.upstream.chains[${i}].nodes[${j}]`, url))),
    ),
  );
  const found = (await Promise.all(checks)).filter((p): p is SpecProblem => p !== undefined);
  return [...found, ...chainProblems(stack)];
}

/**
 * A PersistentVolumeClaim's access modes and StorageClass are fixed once it exists: an apply changing them would be
 * refused, half-way through the stack's children. Said up front instead, naming the field and the way out. A claim
 * already being deleted is going anyway; the next one is made as the spec says.
 */
export function exportClaimProblem(
  stack: ChainDataStack,
  existing: KubernetesObject | undefined,
): SpecProblem | undefined {
  const wanted = buildExportFilesClaim(stack);
  if (!wanted || !existing || existing.metadata?.deletionTimestamp) return undefined;
  const has = (existing as { spec?: { accessModes?: string[]; storageClassName?: string } }).spec ?? {};
  const want = wanted.spec as { accessModes: string[]; storageClassName?: string };
  const field = 'spec.exportWorker.storage.directory';
  const claim = wanted.metadata.name;
  const way =
    'set it back, or disable components.exportWorker until the operator has deleted the claim (the export files ' +
    'go with it), then enable it again';
  const sorted = (modes: string[] | undefined) => [...(modes ?? [])].sort().join(', ');
  if (sorted(has.accessModes) !== sorted(want.accessModes)) {
    return {
      reason: 'ExportVolumeImmutable',
      message: `${field}.accessModes: the claim ${claim} has ${sorted(has.accessModes)}, and Kubernetes cannot change a claim's access modes; ${way}`,
    };
  }
  // Unset in the spec, the cluster's default class was filled in: nothing asked to change.
  if (want.storageClassName && has.storageClassName && want.storageClassName !== has.storageClassName) {
    return {
      reason: 'ExportVolumeImmutable',
      message: `${field}.storageClassName: the claim ${claim} is of class ${has.storageClassName}, and Kubernetes cannot change a claim's class; ${way}`,
    };
  }
  return undefined;
}
