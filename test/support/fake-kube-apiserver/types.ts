/** The fake API server's object model: what tests see, and what its modules share. */

import type { UserInfo } from './auth.ts';

// ---- Public types (re-exported by index.ts) ----

export interface FieldSet {
  [key: string]: FieldSet;
}

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: FieldSet;
  subresource?: string;
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
  managedFields?: ManagedFieldsEntry[];
  [field: string]: unknown;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** An object as the server returns it, with identity and bookkeeping always set. */
export interface StoredObject extends KubeObject {
  metadata: ObjectMeta & {
    name: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
    generation: number;
  };
}

/** Declares a kind the fake serves without a CRD (built-ins, or another operator's API such as CloudNativePG). */
export interface KindSpec {
  group: string;
  version: string;
  kind: string;
  /** Derived from kind (lower case, English plural) when unset. */
  plural?: string;
  namespaced?: boolean;
  /** Whether the kind has a `status` subresource. */
  status?: boolean;
  /** Whether the kind has a `scale` subresource over spec.replicas. */
  scale?: boolean;
  shortNames?: string[];
  categories?: string[];
}

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface RequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  /** '' for the core group and for non-resource requests. */
  group: string;
  version: string;
  /** Plural resource name, '' for discovery and other non-resource requests. */
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
  /** The verb as RBAC names it. */
  verb: Verb;
  fieldManager: string;
  contentType: string;
  /** Who made the request: `admin`, `system:serviceaccount:<ns>:<name>`, `system:anonymous`; '' if refused a token. */
  user: string;
  /** The response status code, once sent. */
  code?: number;
  /** The Status message of a request that failed. */
  message?: string;
}

export interface FakeKubeApiServerOptions {
  /** Interval of BOOKMARK events on watches that allow them. */
  bookmarkIntervalMs?: number;
  /** Watch events kept for resuming watches; older resourceVersions get 410 Expired. */
  historyLimit?: number;
  /** Extra kinds served from the start. */
  kinds?: KindSpec[];
}

// ---- Internal types shared by the modules (not re-exported) ----

export interface ResourceDef {
  group: string;
  versions: string[];
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  status: boolean;
  scale: boolean;
  shortNames: string[];
  categories: string[];
  /** Defined by a CustomResourceDefinition: schemas apply and objects are unstructured. */
  custom: boolean;
  schemas: Map<string, Schema>;
  columns: Map<string, PrinterColumn[]>;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  format?: string;
  description?: string;
  priority?: number;
}

export type Obj = Record<string, unknown>;
export type Path = string[];

interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
}

/** A CRD version's openAPIV3Schema, as far as structural pruning, defaulting and validation read it. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-validations'?: ValidationRule[];
}

/** How a write is made and recorded. */
export interface WriteOptions {
  manager: string;
  subresource: '' | 'status';
  dryRun: boolean;
  /** Precomputed ownership (apply); otherwise the write is an Update by `manager`. */
  managedFields?: ManagedFieldsEntry[];
  /** resourceVersion precondition. */
  expectedRv?: string;
  /** Controller-side writes (deletion, GC, namespace lifecycle) that may change server-owned metadata. */
  system?: boolean;
  /** Who writes through the API, whom admission checks; test hooks and the cluster's controllers have none. */
  user?: UserInfo;
}

export interface DeleteOptions {
  propagationPolicy?: string;
  preconditions?: Obj;
  dryRun: boolean;
}
