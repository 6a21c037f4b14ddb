/**
 * Informers: a watched, cached copy of every ChainDataStack and of every child the operator manages (selected by
 * the managed-by label). Reconciles read from these caches; events on them become work queue keys.
 */
import {
  makeInformer,
  type Informer,
  type KubernetesObject,
  type KubernetesObjectApi,
  type ObjectCache,
  type KubeConfig,
} from '@kubernetes/client-node';
import { API_VERSION, GROUP, KIND, PLURAL, type ChainDataStack } from '../api/v1alpha1.ts';
import { LABELS, MANAGED_BY } from '../builders/manifest.ts';

interface WatchedKind {
  apiVersion: string;
  kind: string;
  plural: string;
}

/** The kinds of child the builders produce, except CloudNativePG's Cluster (which may not be installed). */
export const CHILD_KINDS: WatchedKind[] = [
  { apiVersion: 'v1', kind: 'ConfigMap', plural: 'configmaps' },
  { apiVersion: 'v1', kind: 'Secret', plural: 'secrets' },
  { apiVersion: 'v1', kind: 'Service', plural: 'services' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim', plural: 'persistentvolumeclaims' },
  { apiVersion: 'apps/v1', kind: 'Deployment', plural: 'deployments' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', plural: 'statefulsets' },
  { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', plural: 'poddisruptionbudgets' },
  { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', plural: 'networkpolicies' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', plural: 'ingresses' },
];

const STACK_KIND: WatchedKind = { apiVersion: API_VERSION, kind: KIND, plural: PLURAL };

function watchPath({ apiVersion, plural }: WatchedKind, namespace: string | undefined): string {
  const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  return namespace ? `${base}/namespaces/${namespace}/${plural}` : `${base}/${plural}`;
}

type CachedInformer<T extends KubernetesObject> = Informer<T> & ObjectCache<T>;

export function stackKey(object: KubernetesObject): string {
  return `${object.metadata?.namespace}/${object.metadata?.name}`;
}

/** The stack that owns a child, from its controller owner reference. */
export function ownerKey(object: KubernetesObject): string | undefined {
  const owner = object.metadata?.ownerReferences?.find(
    (ref) => ref.kind === KIND && ref.apiVersion.startsWith(`${GROUP}/`) && ref.controller,
  );
  return owner ? `${object.metadata?.namespace}/${owner.name}` : undefined;
}

export interface InformerOptions {
  kubeConfig: KubeConfig;
  objects: KubernetesObjectApi;
  /** Watch one namespace, or all when undefined. */
  namespace?: string;
  onKey: (key: string) => void;
  onError: (what: string, err: unknown) => void;
  /** Delay before a failed watch starts again. */
  restartDelayMs?: number;
}

export class Informers {
  readonly stacks: CachedInformer<ChainDataStack & KubernetesObject>;
  /** By kind name, each with what it watches. */
  private readonly children = new Map<
    string,
    { kind: WatchedKind; informer: CachedInformer<KubernetesObject> }
  >();
  private readonly options: InformerOptions;
  private stopped = false;

  constructor(options: InformerOptions) {
    this.options = options;
    this.stacks = this.watch<ChainDataStack & KubernetesObject>(STACK_KIND, undefined, (object) =>
      options.onKey(stackKey(object)),
    );
    for (const kind of CHILD_KINDS) {
      const informer = this.watch(kind, `${LABELS.managedBy}=${MANAGED_BY}`, (object) => {
        const key = ownerKey(object);
        if (key) options.onKey(key);
      });
      this.children.set(kind.kind, { kind, informer });
    }
  }

  private watch<T extends KubernetesObject>(
    kind: WatchedKind,
    labelSelector: string | undefined,
    onObject: (object: T) => void,
  ): CachedInformer<T> {
    const { kubeConfig, objects, namespace } = this.options;
    const informer = makeInformer<T>(
      kubeConfig,
      watchPath(kind, namespace),
      () =>
        objects.list<T>(
          kind.apiVersion,
          kind.kind,
          namespace,
          undefined,
          undefined,
          undefined,
          undefined,
          labelSelector,
        ),
      labelSelector,
    );
    informer.on('add', onObject);
    informer.on('update', onObject);
    informer.on('delete', onObject);
    // An informer stops on a watch error; a failed callback or a broken watch must never stop the operator.
    informer.on('error', (err) => {
      if (this.stopped) return;
      this.options.onError(kind.kind, err);
      setTimeout(() => {
        if (!this.stopped) informer.start().catch((e: unknown) => this.options.onError(kind.kind, e));
      }, this.options.restartDelayMs ?? 1_000).unref();
    });
    return informer;
  }

  private all(): Informer<KubernetesObject>[] {
    return [this.stacks, ...[...this.children.values()].map((c) => c.informer)];
  }

  /** Resolves once every cache holds its initial list. */
  async start(): Promise<void> {
    await Promise.all(this.all().map((informer) => informer.start()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.all().map((informer) => informer.stop()));
  }

  stack(namespace: string, name: string): (ChainDataStack & KubernetesObject) | undefined {
    return this.stacks.get(name, namespace);
  }

  child(kind: string, namespace: string, name: string): KubernetesObject | undefined {
    return this.children.get(kind)?.informer.get(name, namespace);
  }

  /** Every cached child whose controller is the stack with this uid. */
  ownedBy(namespace: string, uid: string): KubernetesObject[] {
    const owned: KubernetesObject[] = [];
    for (const { kind, informer } of this.children.values()) {
      for (const object of informer.list(namespace)) {
        if (object.metadata?.ownerReferences?.some((ref) => ref.uid === uid && ref.controller)) {
          // Built-in list items carry no apiVersion or kind; deleting one needs them.
          owned.push({ ...object, apiVersion: kind.apiVersion, kind: kind.kind });
        }
      }
    }
    return owned;
  }
}
