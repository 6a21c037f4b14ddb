import type { ChainDataStack, ResourceRequirements } from '../api/v1alpha1.ts';
import { componentSpec, OPS_PORT, type Workload } from './components.ts';
import { buildConfigMap, podEnv, secretEnv, secretVersionsOf } from './configuration.ts';
import { exportWorkerPod } from './export-storage.ts';
import {
  childName,
  CONFIG_HASH_ANNOTATION,
  contentHash,
  SECRET_HASH_ANNOTATION,
  labels,
  type Manifest,
  metadata,
  selectorLabels,
} from './manifest.ts';
import type { BuildContext } from './stack.ts';

/** The image is built to run as the `node` user (uid 1000) with nothing to write outside /tmp. */
const NODE_UID = 1000;

/** What the `restricted` Pod Security Standard asks of every pod and container (checked in the tests). */
export const RESTRICTED_POD_SECURITY = {
  runAsNonRoot: true,
  seccompProfile: { type: 'RuntimeDefault' },
} as const;

export const RESTRICTED_CONTAINER_SECURITY = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  runAsNonRoot: true,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
} as const;

function imagePullSecrets(stack: ChainDataStack): { imagePullSecrets?: { name: string }[] } {
  const secrets = stack.spec.image?.pullSecrets ?? [];
  return secrets.length > 0 ? { imagePullSecrets: secrets.map((name) => ({ name })) } : {};
}

export function resourcesOf(resources: ResourceRequirements | undefined): {
  resources?: ResourceRequirements;
} {
  return resources && Object.keys(resources).length > 0 ? { resources } : {};
}

function opsProbe(path: string, periodSeconds: number, failureThreshold: number): Record<string, unknown> {
  return { httpGet: { path, port: 'ops' }, periodSeconds, failureThreshold, timeoutSeconds: 3 };
}

/**
 * Readiness asks the component itself: gRPC services through grpc.health.v1 (SERVING once they accept calls),
 * HTTP ones through /readyz. Liveness is the ops server's /livez for all; the startup probe gives migrations and
 * a first catch-up up to five minutes before liveness counts.
 */
function probes(workload: Workload): Record<string, unknown> {
  const readiness =
    workload.protocol === 'grpc'
      ? { grpc: { port: workload.port }, periodSeconds: 5, failureThreshold: 3, timeoutSeconds: 3 }
      : opsProbe('/readyz', 5, 3);
  return {
    startupProbe: opsProbe('/livez', 5, 60),
    livenessProbe: opsProbe('/livez', 10, 3),
    readinessProbe: readiness,
  };
}

export function buildDeployment(stack: ChainDataStack, workload: Workload, context: BuildContext): Manifest {
  const spec = componentSpec(stack, workload);
  const configMap = buildConfigMap(stack, workload);
  const portName = workload.protocol;
  const secretVersions = secretVersionsOf(stack, workload, context);
  const pod = exportWorkerPod(stack, workload);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: metadata(stack, workload.name),
    spec: {
      // With autoscaling on, the HPA owns the replica count: applying one here would fight it.
      ...(spec.autoscaling.enabled ? {} : { replicas: spec.replicas }),
      revisionHistoryLimit: 5,
      ...(pod.strategy ? { strategy: pod.strategy } : {}),
      selector: { matchLabels: selectorLabels(stack, workload.name) },
      template: {
        metadata: {
          labels: labels(stack, workload.name),
          annotations: {
            [CONFIG_HASH_ANNOTATION]: contentHash(configMap.data),
            ...(secretVersions.length > 0 ? { [SECRET_HASH_ANNOTATION]: contentHash(secretVersions) } : {}),
          },
        },
        spec: {
          ...(pod.serviceAccountName ? { serviceAccountName: pod.serviceAccountName } : {}),
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: {
            ...RESTRICTED_POD_SECURITY,
            runAsUser: NODE_UID,
            runAsGroup: NODE_UID,
            fsGroup: NODE_UID,
            ...pod.securityContext,
          },
          ...imagePullSecrets(stack),
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name: workload.name,
              image: context.image,
              imagePullPolicy: stack.spec.image?.pullPolicy ?? 'IfNotPresent',
              args: [workload.command],
              ports: [
                { name: portName, containerPort: workload.port, protocol: 'TCP' },
                { name: 'ops', containerPort: OPS_PORT, protocol: 'TCP' },
              ],
              envFrom: [{ configMapRef: { name: configMap.metadata.name } }],
              // Explicit env wins over envFrom, so the spec's extra variables override rendered ones.
              env: [...podEnv(workload), ...secretEnv(stack, workload, context), ...(spec.env ?? [])],
              ...resourcesOf(spec.resources),
              ...probes(workload),
              securityContext: RESTRICTED_CONTAINER_SECURITY,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }, ...pod.volumeMounts],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: {} }, ...pod.volumes],
        },
      },
    },
  };
}

export function buildService(stack: ChainDataStack, workload: Workload): Manifest {
  const service = workload.gateway && stack.spec.gateways[workload.gateway].service;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadata(stack, workload.name, childName(stack, workload.name), service?.annotations),
    spec: {
      type: service?.type ?? 'ClusterIP',
      selector: selectorLabels(stack, workload.name),
      ports: [
        {
          name: workload.protocol,
          port: workload.servicePort,
          targetPort: workload.protocol,
          protocol: 'TCP',
          appProtocol: workload.protocol === 'grpc' ? 'kubernetes.io/h2c' : 'http',
        },
        { name: 'ops', port: OPS_PORT, targetPort: 'ops', protocol: 'TCP' },
      ],
    },
  };
}
