/**
 * The operator's one way to talk to the API server: server-side apply of children and status under a fixed field
 * manager, create-if-absent, delete, reads, and Events. Everything goes through @kubernetes/client-node.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import {
  ApiException,
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { API_VERSION, GROUP, KIND, PLURAL, VERSION, type ChainDataStackStatus } from '../api/v1alpha1.ts';
import type { Manifest } from '../builders/manifest.ts';

export const FIELD_MANAGER = 'chain-data-operator';
/** Holds a workload's replica count between the operator letting go of it and an autoscaler taking it. */
export const HANDOVER_FIELD_MANAGER = 'chain-data-operator-handover';
export const EVENT_SOURCE = 'chain-data-operator';

export function isStatus(err: unknown, code: number): boolean {
  return err instanceof ApiException && err.code === code;
}

/** The message of an API error as the server phrased it (its Status body), else the error's own. */
export function apiErrorMessage(err: unknown): string {
  if (err instanceof ApiException) {
    const body: unknown = typeof err.body === 'string' ? safeJson(err.body) : err.body;
    const message = (body as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : `HTTP ${err.code}`;
  }
  return err instanceof Error ? err.message : String(err);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface EventInput {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

export class Cluster {
  readonly objects: KubernetesObjectApi;
  private readonly core: CoreV1Api;
  private readonly custom: CustomObjectsApi;
  private readonly extensions: ApiextensionsV1Api;
  private readonly identity: string;

  constructor(kubeConfig: KubeConfig, identity: string) {
    this.identity = identity;
    this.objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.core = kubeConfig.makeApiClient(CoreV1Api);
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi);
    this.extensions = kubeConfig.makeApiClient(ApiextensionsV1Api);
  }

  /** Server-side apply, forcing ownership of the fields we set (we are their only rightful writer). */
  apply<T extends KubernetesObject>(manifest: Manifest): Promise<T> {
    return this.objects.patch<T>(
      manifest as unknown as T,
      undefined,
      undefined,
      FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }

  /**
   * Makes a second field manager co-own the workload's replica count at its current value. An apply that stops
   * setting a field removes it when no other manager owns it, and the API server then defaults replicas to 1: a
   * Deployment of ten pods whose autoscaling is turned on would drop to one until the HPA scales it back. Owned by
   * this manager too, the count stays, and the HPA's first scale takes it over (Kubernetes' documented handover).
   */
  async handOverReplicas(
    apiVersion: string,
    kind: string,
    object: KubernetesObject,
    replicas: number,
  ): Promise<void> {
    await this.objects.patch(
      {
        apiVersion,
        kind,
        metadata: { name: object.metadata?.name, namespace: object.metadata?.namespace },
        spec: { replicas },
      } as KubernetesObject,
      undefined,
      undefined,
      HANDOVER_FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }

  /** Creates the object unless one of its name exists; returns whether it created it. */
  async createIfAbsent(manifest: Manifest): Promise<boolean> {
    try {
      await this.objects.create(manifest, undefined, undefined, FIELD_MANAGER);
      return true;
    } catch (err) {
      if (isStatus(err, 409)) return false;
      throw err;
    }
  }

  /** Replaces an object's owner references, and nothing else of it (a merge patch replaces the whole list). */
  async setOwnerReferences(
    object: KubernetesObject,
    owners: Manifest['metadata']['ownerReferences'],
  ): Promise<void> {
    await this.objects.patch(
      {
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: {
          name: object.metadata?.name,
          namespace: object.metadata?.namespace,
          resourceVersion: object.metadata?.resourceVersion,
          ownerReferences: owners ?? [],
        },
      },
      undefined,
      undefined,
      FIELD_MANAGER,
      undefined,
      PatchStrategy.MergePatch,
    );
  }

  async delete(object: KubernetesObject): Promise<void> {
    try {
      await this.objects.delete(object, undefined, undefined, undefined, undefined, 'Background');
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
    }
  }

  async readSecret(
    namespace: string,
    name: string,
  ): Promise<{ metadata?: { uid?: string }; data?: Record<string, string> } | undefined> {
    try {
      return await this.core.readNamespacedSecret({ namespace, name });
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  async readObject<T extends KubernetesObject>(
    apiVersion: string,
    kind: string,
    namespace: string,
    name: string,
  ): Promise<T | undefined> {
    try {
      return await this.objects.read<T>({ apiVersion, kind, metadata: { namespace, name } });
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  async crdInstalled(name: string): Promise<boolean> {
    try {
      await this.extensions.readCustomResourceDefinition({ name });
      return true;
    } catch (err) {
      if (isStatus(err, 404)) return false;
      throw err;
    }
  }

  /**
   * Writes the status with the stored resourceVersion as a precondition: a concurrent writer makes this fail
   * with 409 rather than being overwritten, and the caller recomputes from the fresh object.
   */
  async writeStatus(
    namespace: string,
    name: string,
    resourceVersion: string,
    status: ChainDataStackStatus,
  ): Promise<void> {
    await this.custom.patchNamespacedCustomObjectStatus(
      {
        group: GROUP,
        version: VERSION,
        namespace,
        plural: PLURAL,
        name,
        body: { metadata: { resourceVersion }, status },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  }

  /** A core/v1 Event on the stack: what `kubectl describe chaindatastack` lists. */
  async recordEvent(
    stack: { metadata: { name: string; namespace: string; uid: string; resourceVersion?: string } },
    event: EventInput,
  ): Promise<void> {
    const now = new Date();
    await this.core.createNamespacedEvent({
      namespace: stack.metadata.namespace,
      body: {
        metadata: { generateName: `${stack.metadata.name}.`, namespace: stack.metadata.namespace },
        involvedObject: {
          apiVersion: API_VERSION,
          kind: KIND,
          name: stack.metadata.name,
          namespace: stack.metadata.namespace,
          uid: stack.metadata.uid,
          resourceVersion: stack.metadata.resourceVersion,
        },
        type: event.type,
        reason: event.reason,
        message: event.message,
        source: { component: EVENT_SOURCE },
        reportingComponent: EVENT_SOURCE,
        reportingInstance: this.identity,
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
      },
    });
  }
}
