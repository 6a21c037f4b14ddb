import type { ChainDataStack, ManagedPostgresSpec } from '../api/v1alpha1.ts';
import { POSTGRES_PORT, REDIS_PORT } from './components.ts';
import { API_KEY_SECRET, POSTGRES_DATABASE, POSTGRES_SECRET } from './configuration.ts';
import { childName, labels, type Manifest, metadata, selectorLabels } from './manifest.ts';
import type { BuildContext } from './stack.ts';
import { RESTRICTED_CONTAINER_SECURITY, resourcesOf, RESTRICTED_POD_SECURITY } from './workloads.ts';

export const POSTGRES = 'postgres';
export const REDIS = 'redis';

function exec(command: string[], periodSeconds: number): Record<string, unknown> {
  return { exec: { command }, periodSeconds, timeoutSeconds: 5, failureThreshold: 6 };
}

function clusterIpService(stack: ChainDataStack, component: string, port: number): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadata(stack, component),
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(stack, component),
      ports: [{ name: component, port, targetPort: component, protocol: 'TCP' }],
    },
  };
}

/** The postgres user of the official alpine images, which own their data directory as this uid. */
const POSTGRES_UID = 70;
const REDIS_UID = 999;

/**
 * Whether the stack's data outlives it: then what holds the data (the CloudNativePG Cluster, or the StatefulSet's
 * password Secret; its volume is kept by the StatefulSet's retention policy) has no owner reference, so the garbage
 * collector leaves it, and a stack created again under the same name finds it and uses it.
 */
export function retainsData(stack: ChainDataStack): boolean {
  return stack.spec.database.managed?.retainOnDelete ?? false;
}

/**
 * Whether the gateways' API key secret outlives the stack: as long as the keys it checks do, which live in the
 * stack's database (schema `edge`). A managed database's go as retainOnDelete says; an external database's always
 * outlive the stack, so the secret does too (delete it by hand along with the `edge` schema to start over).
 */
export function apiKeySecretRetained(stack: ChainDataStack): boolean {
  return !stack.spec.database.managed || retainsData(stack);
}

function unlessRetained(stack: ChainDataStack, manifest: Manifest, retained = retainsData(stack)): Manifest {
  if (!retained) return manifest;
  const { ownerReferences: _owners, ...rest } = manifest.metadata;
  return { ...manifest, metadata: rest };
}

/** A single PostgreSQL with its own volume: the simple managed option when CloudNativePG is not installed. */
function postgresStatefulSet(stack: ChainDataStack, managed: ManagedPostgresSpec): Manifest[] {
  const name = childName(stack, POSTGRES);
  const statefulSet: Manifest = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: metadata(stack, POSTGRES),
    spec: {
      serviceName: name,
      replicas: 1,
      persistentVolumeClaimRetentionPolicy: {
        whenDeleted: retainsData(stack) ? 'Retain' : 'Delete',
        whenScaled: 'Retain',
      },
      selector: { matchLabels: selectorLabels(stack, POSTGRES) },
      template: {
        metadata: { labels: labels(stack, POSTGRES) },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: {
            ...RESTRICTED_POD_SECURITY,
            runAsUser: POSTGRES_UID,
            runAsGroup: POSTGRES_UID,
            fsGroup: POSTGRES_UID,
          },
          containers: [
            {
              name: POSTGRES,
              image: managed.image,
              ports: [{ name: POSTGRES, containerPort: POSTGRES_PORT, protocol: 'TCP' }],
              env: [
                { name: 'POSTGRES_DB', value: POSTGRES_DATABASE },
                {
                  name: 'POSTGRES_PASSWORD',
                  valueFrom: { secretKeyRef: { name, key: POSTGRES_SECRET.passwordKey } },
                },
                // initdb refuses a volume's root directory when it holds lost+found.
                { name: 'PGDATA', value: '/var/lib/postgresql/data/pgdata' },
              ],
              ...resourcesOf(managed.resources),
              readinessProbe: exec(['pg_isready', '-U', 'postgres', '-d', POSTGRES_DATABASE], 5),
              livenessProbe: exec(['pg_isready', '-U', 'postgres'], 15),
              securityContext: RESTRICTED_CONTAINER_SECURITY,
              // The root filesystem is read-only: the server's socket and temporary files get volumes of their own.
              volumeMounts: [
                { name: 'data', mountPath: '/var/lib/postgresql/data' },
                { name: 'run', mountPath: '/var/run/postgresql' },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'run', emptyDir: {} },
            { name: 'tmp', emptyDir: {} },
          ],
        },
      },
      volumeClaimTemplates: [
        {
          metadata: { name: 'data', labels: labels(stack, POSTGRES) },
          spec: {
            accessModes: ['ReadWriteOnce'],
            ...(managed.storage.storageClassName
              ? { storageClassName: managed.storage.storageClassName }
              : {}),
            resources: { requests: { storage: managed.storage.size } },
          },
        },
      ],
    },
  };
  return [statefulSet, clusterIpService(stack, POSTGRES, POSTGRES_PORT)];
}

/** CloudNativePG runs the PostgreSQL (failover, backups, its own PDBs); the stack reads its `-app` secret. */
function cloudNativePgCluster(stack: ChainDataStack, managed: ManagedPostgresSpec): Manifest {
  return unlessRetained(stack, {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: metadata(stack, POSTGRES),
    spec: {
      instances: managed.instances,
      storage: {
        size: managed.storage.size,
        ...(managed.storage.storageClassName ? { storageClass: managed.storage.storageClassName } : {}),
      },
      ...resourcesOf(managed.resources),
      bootstrap: { initdb: { database: POSTGRES_DATABASE, owner: POSTGRES_DATABASE } },
    },
  });
}

export function buildManagedDatabase(stack: ChainDataStack, context: BuildContext): Manifest[] {
  const managed = stack.spec.database.managed;
  if (!managed) return [];
  return context.databaseProvider === 'CloudNativePG'
    ? [cloudNativePgCluster(stack, managed)]
    : postgresStatefulSet(stack, managed);
}

/** The password and DSN of the StatefulSet's PostgreSQL: generated once by the operator, never rewritten. */
export function buildPostgresSecret(stack: ChainDataStack, password: string): Manifest {
  const host = `${childName(stack, POSTGRES)}.${stack.metadata.namespace}.svc`;
  return unlessRetained(stack, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: metadata(stack, POSTGRES, childName(stack, POSTGRES_SECRET.suffix)),
    type: 'Opaque',
    stringData: {
      [POSTGRES_SECRET.passwordKey]: password,
      [POSTGRES_SECRET.dsnKey]: `postgresql://postgres:${encodeURIComponent(password)}@${host}:${POSTGRES_PORT}/${POSTGRES_DATABASE}`,
    },
  });
}

/**
 * The secret the gateways store API keys under (API_KEY_SECRET): generated once by the operator, never rewritten —
 * keys are kept as HMAC-SHA256 under it, so another secret would invalidate every key.
 */
export function buildApiKeySecret(stack: ChainDataStack, secret: string): Manifest {
  return unlessRetained(
    stack,
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: metadata(stack, 'edge', childName(stack, API_KEY_SECRET.suffix)),
      type: 'Opaque',
      stringData: { [API_KEY_SECRET.key]: secret },
    },
    apiKeySecretRetained(stack),
  );
}

/**
 * Redis holds the job queues (the next sweep rebuilds the NFT metadata queue) and the gateways' shared rate-limit
 * counters: no volume.
 */
export function buildManagedRedis(stack: ChainDataStack): Manifest[] {
  const managed = stack.spec.redis.managed;
  if (!managed) return [];
  const deployment: Manifest = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: metadata(stack, REDIS),
    spec: {
      replicas: 1,
      selector: { matchLabels: selectorLabels(stack, REDIS) },
      template: {
        metadata: { labels: labels(stack, REDIS) },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: {
            ...RESTRICTED_POD_SECURITY,
            runAsUser: REDIS_UID,
            runAsGroup: REDIS_UID,
            fsGroup: REDIS_UID,
          },
          containers: [
            {
              name: REDIS,
              image: managed.image,
              args: ['--save', '', '--appendonly', 'no'],
              ports: [{ name: REDIS, containerPort: REDIS_PORT, protocol: 'TCP' }],
              ...resourcesOf(managed.resources),
              readinessProbe: exec(['redis-cli', 'ping'], 5),
              livenessProbe: { tcpSocket: { port: REDIS }, periodSeconds: 15 },
              securityContext: RESTRICTED_CONTAINER_SECURITY,
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
          ],
          volumes: [{ name: 'data', emptyDir: {} }],
        },
      },
    },
  };
  return [deployment, clusterIpService(stack, REDIS, REDIS_PORT)];
}
