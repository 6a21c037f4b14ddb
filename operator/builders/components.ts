import {
  GATEWAYS,
  type ChainDataStack,
  type ComponentKey,
  type ComponentSpec,
  type GatewayKey,
} from '../api/v1alpha1.ts';
import { childName } from './manifest.ts';

/** Every workload serves /livez, /readyz and /metrics here (the foundation's OPS_PORT). */
export const OPS_PORT = 8081;
export const POSTGRES_PORT = 5432;
export const REDIS_PORT = 6379;
export const DEVNET_PORT = 9650;

export interface Workload {
  /** The `chain-data <command>` the pods run. */
  command: string;
  /**
   * The child names' suffix, the container's name and the component label: the command, shortened where the
   * longest stack name leaves it too little room (a Service's name is a 63-character DNS label).
   */
  name: string;
  /** The spec block that configures it; the devnet has none (upstream.devnet drives it). */
  key?: ComponentKey;
  protocol: 'grpc' | 'http';
  /** The container's serving port. */
  port: number;
  /** The Service's port (gateways take theirs from spec.gateways). */
  servicePort: number;
  /**
   * Set for the gateways, naming their spec.gateways block; gateways alone are reachable from outside the stack
   * (the NetworkPolicy lets anyone in on `port`).
   */
  gateway?: GatewayKey;
}

const GRPC_PORTS = {
  containerIndexer: 50051,
  primaryNetwork: 50052,
  evmData: 50053,
  nodeRpc: 50054,
  signatureAggregator: 50055,
  metrics: 50056,
  exportWorker: 50057,
} as const;

function grpcWorkload(key: keyof typeof GRPC_PORTS, command: string, name = command): () => Workload {
  const port = GRPC_PORTS[key];
  return () => ({ command, name, key, protocol: 'grpc', port, servicePort: port });
}

/** Gateways listen on a fixed container port; their Service's port is the spec's. */
function gatewayWorkload(key: GatewayKey): (stack: ChainDataStack) => Workload {
  const { command, port } = GATEWAYS[key];
  return (stack) => ({
    command,
    name: command,
    key,
    protocol: 'http',
    port,
    servicePort: stack.spec.gateways[key].service.port,
    gateway: key,
  });
}

const COMPONENT_WORKLOADS: Record<ComponentKey, (stack: ChainDataStack) => Workload> = {
  containerIndexer: grpcWorkload('containerIndexer', 'container-indexer'),
  primaryNetwork: grpcWorkload('primaryNetwork', 'primary-network'),
  evmData: grpcWorkload('evmData', 'evm-data'),
  metrics: grpcWorkload('metrics', 'metrics'),
  exportWorker: grpcWorkload('exportWorker', 'export-worker'),
  nodeRpc: grpcWorkload('nodeRpc', 'node-rpc'),
  signatureAggregator: grpcWorkload('signatureAggregator', 'signature-aggregator', 'sig-aggregator'),
  gatewayRpc: gatewayWorkload('gatewayRpc'),
  gatewayData: gatewayWorkload('gatewayData'),
  gatewayMetrics: gatewayWorkload('gatewayMetrics'),
};

const DEVNET_WORKLOAD: Workload = {
  command: 'devnet',
  name: 'devnet',
  protocol: 'http',
  port: DEVNET_PORT,
  servicePort: DEVNET_PORT,
};

export function devnetEnabled(stack: ChainDataStack): boolean {
  return stack.spec.upstream.devnet?.enabled === true;
}

/** The stack's own workloads, in start order: the devnet first when it is the upstream, then each enabled component. */
export function workloads(stack: ChainDataStack): Workload[] {
  const enabled = (Object.keys(COMPONENT_WORKLOADS) as ComponentKey[])
    .filter((key) => stack.spec.components[key].enabled)
    .map((key) => COMPONENT_WORKLOADS[key](stack));
  return devnetEnabled(stack) ? [DEVNET_WORKLOAD, ...enabled] : enabled;
}

/** The devnet runs one replica with no autoscaling: it is a single deterministic network. */
export function componentSpec(stack: ChainDataStack, workload: Workload): ComponentSpec {
  if (workload.key) return stack.spec.components[workload.key];
  return {
    enabled: true,
    replicas: 1,
    resources: { requests: { cpu: '250m', memory: '512Mi' } },
    autoscaling: { enabled: false, minReplicas: 1, maxReplicas: 1, targetCPUUtilizationPercentage: 80 },
  };
}

/** Replicas the workload runs at its smallest: what a PodDisruptionBudget can protect. */
export function minimumReplicas(spec: ComponentSpec): number {
  return spec.autoscaling.enabled ? spec.autoscaling.minReplicas : spec.replicas;
}

/** In-cluster address (host:port) of a gRPC component, as the components that call it are configured. */
export function grpcAddress(stack: ChainDataStack, key: keyof typeof GRPC_PORTS): string {
  const workload = COMPONENT_WORKLOADS[key](stack);
  return `${childName(stack, workload.name)}:${workload.servicePort}`;
}

export function serviceUrl(stack: ChainDataStack, workload: Workload): string {
  return `http://${childName(stack, workload.name)}.${stack.metadata.namespace}.svc:${workload.servicePort}`;
}
