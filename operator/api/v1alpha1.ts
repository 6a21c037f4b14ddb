/**
 * The ChainDataStack custom resource, chaindatastack.io/v1alpha1. The schema the API server enforces (defaults,
 * enums, CEL rules) is built in crd.ts; these types describe an object after the API server has defaulted it.
 */

export const GROUP = 'chaindatastack.io';
export const VERSION = 'v1alpha1';
export const API_VERSION = `${GROUP}/${VERSION}`;
export const KIND = 'ChainDataStack';
export const PLURAL = 'chaindatastacks';

export const NETWORKS = ['mainnet', 'fuji'] as const;
export type Network = (typeof NETWORKS)[number];

export const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'] as const;
export const SERVICE_TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer'] as const;
export const DATABASE_PROVIDERS = ['Auto', 'StatefulSet', 'CloudNativePG'] as const;
export type DatabaseProvider = (typeof DATABASE_PROVIDERS)[number];
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'] as const;

/** The stack's components, as the spec names them (camelCase) and as `chain-data <component>` runs them. */
export const COMPONENT_KEYS = [
  'containerIndexer',
  'primaryNetwork',
  'evmData',
  'gatewayRpc',
  'gatewayData',
] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];
export const GATEWAY_KEYS = ['gatewayRpc', 'gatewayData'] as const satisfies readonly ComponentKey[];
export type GatewayKey = (typeof GATEWAY_KEYS)[number];

export type Quantity = string | number;

export interface ResourceRequirements {
  requests?: Record<string, Quantity>;
  limits?: Record<string, Quantity>;
}

export interface SecretKeyRef {
  name: string;
  key: string;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

export interface AutoscalingSpec {
  enabled: boolean;
  minReplicas: number;
  maxReplicas: number;
  targetCPUUtilizationPercentage: number;
}

export interface ComponentSpec {
  enabled: boolean;
  replicas: number;
  resources?: ResourceRequirements;
  autoscaling: AutoscalingSpec;
  env?: EnvVar[];
}

export interface IngressSpec {
  enabled: boolean;
  className?: string;
  annotations?: Record<string, string>;
  hosts?: string[];
  tls?: { secretName: string; hosts?: string[] }[];
}

export interface GatewaySpec {
  service: { type: (typeof SERVICE_TYPES)[number]; port: number; annotations?: Record<string, string> };
  ingress: IngressSpec;
}

export interface ManagedPostgresSpec {
  provider: DatabaseProvider;
  image: string;
  instances: number;
  storage: { size: string; storageClassName?: string };
  resources?: ResourceRequirements;
}

export interface DatabaseSpec {
  external?: { secretRef: SecretKeyRef };
  managed?: ManagedPostgresSpec;
}

export interface RedisSpec {
  external?: { url?: string; secretRef?: SecretKeyRef };
  managed?: { image: string; resources?: ResourceRequirements };
}

export interface UpstreamSpec {
  /** Run the deterministic devnet in the cluster and follow it, for evaluation without real nodes. */
  devnet?: { enabled: boolean; historyHours: number; seed?: string };
  /** Node base URLs serving every chain, in priority order. */
  nodes?: string[];
  /** Node base URLs for single chains: calls for such a chain go to its nodes instead. */
  chains?: { chain: string; nodes: string[] }[];
  /** EVM chains evm-data indexes: `C` and L1 blockchain ids. */
  evmChains: string[];
}

export interface ChainDataStackSpec {
  image?: {
    repository?: string;
    tag?: string;
    pullPolicy: (typeof PULL_POLICIES)[number];
    pullSecrets?: string[];
  };
  network: Network;
  upstream: UpstreamSpec;
  database: DatabaseSpec;
  redis: RedisSpec;
  components: Record<ComponentKey, ComponentSpec>;
  gateways: Record<GatewayKey, GatewaySpec>;
  tracing?: {
    otlpEndpoint?: string;
    protocol: (typeof OTLP_PROTOCOLS)[number];
    samplingRatio: number;
  };
  indexer: { enabled: boolean; allowIncomplete: boolean };
}

export const CONDITION_TYPES = ['Ready', 'Progressing', 'Degraded'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export interface Condition {
  type: ConditionType;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface ComponentStatus {
  name: string;
  desiredReplicas: number;
  readyReplicas: number;
  updatedReplicas: number;
}

export interface ChainDataStackStatus {
  observedGeneration?: number;
  conditions?: Condition[];
  components?: ComponentStatus[];
  /** "ready/desired" components, for the printer column. */
  componentsReady?: string;
  endpoints?: { name: string; url: string }[];
}

export interface ObjectMeta {
  name: string;
  namespace: string;
  uid: string;
  generation?: number;
  resourceVersion?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  deletionTimestamp?: string;
}

export interface ChainDataStack {
  apiVersion: typeof API_VERSION;
  kind: typeof KIND;
  metadata: ObjectMeta;
  spec: ChainDataStackSpec;
  status?: ChainDataStackStatus;
}
