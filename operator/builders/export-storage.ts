import { EXPORT_DIR, type ChainDataStack } from '../api/v1alpha1.ts';
import type { Workload } from './components.ts';
import { childName, type Manifest, metadata } from './manifest.ts';

export const EXPORT_WORKER = 'export-worker';
/** `<stack>-export-worker-files`: exactly 63 characters at the longest stack name the CRD admits. */
export const EXPORT_FILES_SUFFIX = 'export-worker-files';
const VOLUME = 'exports';

/** The volume the export files live on, when export-worker runs and keeps them in a directory. */
export function exportDirectory(stack: ChainDataStack) {
  if (!stack.spec.components.exportWorker.enabled) return undefined;
  return stack.spec.exportWorker.storage.directory;
}

/**
 * The claim is the operator's child like any other: deleting the stack, disabling export-worker or moving the files
 * to object storage deletes it. Exports are transient (EXPORT_RETENTION_DAYS), so nothing on it is worth keeping
 * apart from the stack, unlike the database.
 */
export function buildExportFilesClaim(stack: ChainDataStack): Manifest | undefined {
  const directory = exportDirectory(stack);
  if (!directory) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: metadata(stack, EXPORT_WORKER, childName(stack, EXPORT_FILES_SUFFIX)),
    spec: {
      accessModes: directory.accessModes,
      ...(directory.storageClassName ? { storageClassName: directory.storageClassName } : {}),
      resources: { requests: { storage: directory.size } },
    },
  };
}

/** export-worker's storage variables (EXPORT_STORAGE and its settings); the S3 credentials go through secretEnv. */
export function exportStorageConfig(stack: ChainDataStack): Record<string, string> {
  const { directory, s3 } = stack.spec.exportWorker.storage;
  if (s3) {
    return {
      EXPORT_STORAGE: 's3',
      EXPORT_S3_BUCKET: s3.bucket,
      EXPORT_S3_PREFIX: s3.prefix,
      ...(s3.endpoint ? { EXPORT_S3_ENDPOINT: s3.endpoint } : {}),
      EXPORT_S3_REGION: s3.region,
      EXPORT_S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    };
  }
  return directory ? { EXPORT_STORAGE: 'directory', EXPORT_DIR } : {};
}

/** What export-worker's pods add to the common pod template: the claim, its rollout strategy, its identity. */
export interface WorkloadPodAdditions {
  volumes: Record<string, unknown>[];
  volumeMounts: Record<string, unknown>[];
  strategy?: Record<string, unknown>;
  serviceAccountName?: string;
  securityContext?: Record<string, unknown>;
}

export function exportWorkerPod(stack: ChainDataStack, workload: Workload): WorkloadPodAdditions {
  if (workload.command !== EXPORT_WORKER) return { volumes: [], volumeMounts: [] };
  const directory = exportDirectory(stack);
  const { serviceAccountName } = stack.spec.exportWorker;
  // The strategy is always spelled out, rolling update's parameters included: server-side apply drops only fields
  // the operator owns, and a Deployment left to the defaults would keep the defaulted rollingUpdate, which the API
  // server refuses beside Recreate when the files move onto a volume one pod at a time can mount.
  const sharedVolume = !directory || directory.accessModes.includes('ReadWriteMany');
  return {
    volumes: directory
      ? [{ name: VOLUME, persistentVolumeClaim: { claimName: childName(stack, EXPORT_FILES_SUFFIX) } }]
      : [],
    volumeMounts: directory ? [{ name: VOLUME, mountPath: EXPORT_DIR }] : [],
    strategy: sharedVolume
      ? { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }
      : { type: 'Recreate' },
    ...(serviceAccountName ? { serviceAccountName } : {}),
    // The kubelet otherwise gives every file on the volume to the pod's fsGroup at each mount, which grows with
    // the files kept.
    ...(directory ? { securityContext: { fsGroupChangePolicy: 'OnRootMismatch' } } : {}),
  };
}
