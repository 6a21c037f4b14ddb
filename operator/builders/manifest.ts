import { createHash } from 'node:crypto';
import { canonicalJson } from '../../services/runtime/pagination/page-token.ts';
import { API_VERSION, KIND, type ChainDataStack } from '../api/v1alpha1.ts';

/** A Kubernetes object as the builders produce it: plain JSON, ready for server-side apply. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: OwnerReference[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller: true;
  blockOwnerDeletion: true;
}

export const MANAGED_BY = 'chain-data-operator';
export const PART_OF = 'chain-data-stack';
const ANNOTATION_PREFIX = 'chaindatastack.io';
/** On every child: the hash of what the operator last applied, so an unchanged child is not written again. */
export const APPLIED_HASH_ANNOTATION = `${ANNOTATION_PREFIX}/applied-hash`;
/** On pod templates: the hash of the component's rendered configuration, so a change rolls the pods. */
export const CONFIG_HASH_ANNOTATION = `${ANNOTATION_PREFIX}/config-hash`;
/** On pod templates: the hash of the versions of the user's Secret values the pods read, so rotating one rolls them. */
export const SECRET_HASH_ANNOTATION = `${ANNOTATION_PREFIX}/secret-hash`;

export const LABELS = {
  name: 'app.kubernetes.io/name',
  instance: 'app.kubernetes.io/instance',
  component: 'app.kubernetes.io/component',
  managedBy: 'app.kubernetes.io/managed-by',
  partOf: 'app.kubernetes.io/part-of',
} as const;

/** The labels a selector matches on: these never change for the life of a child. */
export function selectorLabels(stack: ChainDataStack, component: string): Record<string, string> {
  return {
    [LABELS.name]: 'chain-data',
    [LABELS.instance]: stack.metadata.name,
    [LABELS.component]: component,
  };
}

export function labels(stack: ChainDataStack, component: string): Record<string, string> {
  return { ...selectorLabels(stack, component), [LABELS.managedBy]: MANAGED_BY, [LABELS.partOf]: PART_OF };
}

/** Child names are `<stack>-<component>`: predictable for `kubectl get`, unique per stack. */
export function childName(stack: ChainDataStack, component: string): string {
  return `${stack.metadata.name}-${component}`;
}

export function ownerReference(stack: ChainDataStack): OwnerReference {
  return {
    apiVersion: API_VERSION,
    kind: KIND,
    name: stack.metadata.name,
    uid: stack.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

export function metadata(
  stack: ChainDataStack,
  component: string,
  name = childName(stack, component),
  annotations?: Record<string, string>,
): Manifest['metadata'] {
  return {
    name,
    namespace: stack.metadata.namespace,
    labels: labels(stack, component),
    ...(annotations && Object.keys(annotations).length > 0 ? { annotations } : {}),
    ownerReferences: [ownerReference(stack)],
  };
}

/** A stable hash of JSON: object keys are sorted, so equal content always hashes the same. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

/** Identifies a child across kinds: what pruning and the informer caches key on. */
export function manifestKey(m: { apiVersion?: string; kind?: string; metadata?: { name?: string } }): string {
  return `${m.apiVersion}/${m.kind}/${m.metadata?.name}`;
}
