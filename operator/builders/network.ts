import type { ChainDataStack } from '../api/v1alpha1.ts';
import type { Workload } from './components.ts';
import { childName, LABELS, type Manifest, metadata } from './manifest.ts';
import { opsIngressRule } from './monitoring.ts';

function stackPods(stack: ChainDataStack): { matchLabels: Record<string, string> } {
  return { matchLabels: { [LABELS.name]: 'chain-data', [LABELS.instance]: stack.metadata.name } };
}

/**
 * Two policies: every pod of the stack takes traffic only from the stack's own pods (and, on the ops port, from
 * the monitoring namespaces, so Prometheus can scrape), and the gateways also from anywhere on their serving port.
 * Policies add up, so nothing else of the stack is reachable from outside it.
 */
export function buildNetworkPolicies(stack: ChainDataStack, workloads: Workload[]): Manifest[] {
  const internal: Manifest = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: metadata(stack, 'network-policy', childName(stack, 'internal')),
    spec: {
      podSelector: stackPods(stack),
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: stackPods(stack) }] }, opsIngressRule(stack)],
    },
  };
  const gateways = workloads.filter((w) => w.gateway);
  if (gateways.length === 0) return [internal];
  const publicPolicy: Manifest = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: metadata(stack, 'network-policy', childName(stack, 'gateways')),
    spec: {
      podSelector: {
        matchLabels: stackPods(stack).matchLabels,
        matchExpressions: [{ key: LABELS.component, operator: 'In', values: gateways.map((w) => w.name) }],
      },
      policyTypes: ['Ingress'],
      ingress: [{ ports: [{ port: 'http', protocol: 'TCP' }] }],
    },
  };
  return [internal, publicPolicy];
}

export function buildIngress(stack: ChainDataStack, workload: Workload): Manifest | undefined {
  const ingress = workload.gateway && stack.spec.gateways[workload.gateway].ingress;
  if (!ingress?.enabled) return undefined;
  const backend = {
    service: { name: childName(stack, workload.name), port: { number: workload.servicePort } },
  };
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: metadata(stack, workload.name, childName(stack, workload.name), ingress.annotations),
    spec: {
      ...(ingress.className ? { ingressClassName: ingress.className } : {}),
      rules: (ingress.hosts ?? []).map((host) => ({
        host,
        http: { paths: [{ path: '/', pathType: 'Prefix', backend }] },
      })),
      ...(ingress.tls && ingress.tls.length > 0 ? { tls: ingress.tls } : {}),
    },
  };
}
