/**
 * Golden tests of the operator's pure builders: a few specs, defaulted as the API server defaults them, and every
 * child they produce compared with test/fixtures/operator-golden/. After an intended change, regenerate with
 * `UPDATE_GOLDEN=1 make test` and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'chai';
import { stringify } from 'yaml';
import { MAX_STACK_NAME_LENGTH, type ChainDataStack } from '../../operator/api/v1alpha1.ts';
import {
  CONFIG_HASH_ANNOTATION,
  SECRET_HASH_ANNOTATION,
  type Manifest,
} from '../../operator/builders/manifest.ts';
import {
  buildGeneratedSecrets,
  buildStack,
  stackImage,
  type BuildContext,
} from '../../operator/builders/stack.ts';
import { defaultedCustomResource, type KubeObject } from '../support/fake-kube-apiserver/index.ts';
import { validateBuiltInObject } from '../support/kube-models.ts';
import { readCrd, readSample } from '../support/operator-cluster.ts';

const CRD = readCrd();
const OPERATOR_IMAGE = 'registry.example/chain-data:1.2.3';

function stackFrom(
  object: KubeObject,
  patch: (spec: Record<string, unknown>) => void = () => {},
): ChainDataStack {
  const copy = structuredClone(object);
  patch(copy.spec as Record<string, unknown>);
  const defaulted = defaultedCustomResource(CRD, {
    ...copy,
    metadata: {
      name: copy.metadata.name,
      namespace: 'chain-data',
      uid: '6f1c7c52-3f1e-4a57-9d3c-2b8e1f0a7d11',
    },
  });
  return defaulted as unknown as ChainDataStack;
}

function contextFor(stack: ChainDataStack, databaseProvider: BuildContext['databaseProvider']): BuildContext {
  return { image: stackImage(stack, OPERATOR_IMAGE), databaseProvider };
}

function render(stack: ChainDataStack, context: BuildContext): Manifest[] {
  let n = 0;
  return [...buildStack(stack, context), ...buildGeneratedSecrets(stack, context, () => `generated-${++n}`)];
}

function expectGolden(name: string, manifests: Manifest[]): void {
  const file = new URL(`../fixtures/operator-golden/${name}.yaml`, import.meta.url);
  const rendered = manifests.map((m) => stringify(m, { lineWidth: 0 })).join('---\n');
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, rendered);
  expect(rendered, `${name}.yaml (UPDATE_GOLDEN=1 regenerates it)`).to.equal(readFileSync(file, 'utf8'));
}

const CASES: { name: string; stack: () => ChainDataStack; provider: BuildContext['databaseProvider'] }[] = [
  { name: 'devnet', stack: () => stackFrom(readSample('devnet')), provider: 'StatefulSet' },
  { name: 'production', stack: () => stackFrom(readSample('production')), provider: 'StatefulSet' },
  {
    name: 'cloudnative-pg',
    provider: 'CloudNativePG',
    stack: () =>
      stackFrom(readSample('devnet'), (spec) => {
        spec.database = { managed: { provider: 'CloudNativePG', instances: 3, storage: { size: '50Gi' } } };
        spec.image = { repository: 'mirror.example/chain-data', pullSecrets: ['mirror'] };
        spec.components = {
          gatewayRpc: { enabled: false },
          evmData: { env: [{ name: 'LOG_LEVEL', value: 'debug' }] },
        };
        spec.monitoring = {
          podMonitor: { enabled: true, labels: { release: 'prometheus' } },
          prometheusRule: {
            enabled: true,
            labels: { release: 'prometheus' },
            alertLabels: { team: 'data' },
            runbookBaseUrl: 'https://git.example/chain-data-stack/blob/v0.1.0/',
          },
        };
      }),
  },
];

describe('operator builders', () => {
  for (const { name, stack, provider } of CASES) {
    it(`renders the ${name} stack as its golden file`, () => {
      const built = stack();
      expectGolden(name, render(built, contextFor(built, provider)));
    });

    it(`renders only valid Kubernetes objects for the ${name} stack`, () => {
      const built = stack();
      for (const manifest of render(built, contextFor(built, provider))) {
        // CloudNativePG's and the Prometheus Operator's kinds are not in kubernetes-models.
        if (['Cluster', 'PodMonitor', 'PrometheusRule'].includes(manifest.kind)) continue;
        expect(
          () => validateBuiltInObject(manifest),
          `${manifest.kind}/${manifest.metadata.name}`,
        ).to.not.throw();
      }
    });
  }

  it('changes the config hash only of the components whose configuration changed', () => {
    const hashes = (stack: ChainDataStack) =>
      Object.fromEntries(
        buildStack(stack, contextFor(stack, 'StatefulSet'))
          .filter((m) => m.kind === 'Deployment')
          .map((m) => {
            const template = (m.spec as { template: { metadata: { annotations?: Record<string, string> } } })
              .template;
            return [m.metadata.name, template.metadata.annotations?.[CONFIG_HASH_ANNOTATION]];
          }),
      );
    const before = hashes(stackFrom(readSample('devnet')));
    const after = hashes(
      stackFrom(readSample('devnet'), (spec) => {
        spec.indexer = { allowIncomplete: true };
        spec.components = { gatewayData: { replicas: 4 } };
      }),
    );
    const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
    expect(changed).to.deep.equal(['devnet-container-indexer']);
  });

  it('rolls exactly the pods that read a rotated Secret value, and only when its version changes', () => {
    const secretHashes = (stack: ChainDataStack, secretVersions?: Record<string, string>) =>
      Object.fromEntries(
        buildStack(stack, {
          ...contextFor(stack, 'StatefulSet'),
          ...(secretVersions ? { secretVersions } : {}),
        })
          .filter((m) => m.kind === 'Deployment')
          .map((m) => {
            const template = (m.spec as { template: { metadata: { annotations?: Record<string, string> } } })
              .template;
            return [m.metadata.name, template.metadata.annotations?.[SECRET_HASH_ANNOTATION]];
          }),
      );
    const production = stackFrom(readSample('production'));
    const gateways = ['mainnet-gateway-rpc', 'mainnet-gateway-data', 'mainnet-gateway-metrics'];
    // The gateways read the database too: the edge's keys and request log.
    const readers = [
      'mainnet-container-indexer',
      'mainnet-primary-network',
      'mainnet-evm-data',
      'mainnet-metrics',
      'mainnet-export-worker',
      ...gateways,
    ];
    const unversioned = secretHashes(production);
    expect(Object.values(unversioned).every((h) => h === undefined)).to.equal(true);

    const v1 = secretHashes(production, { 'chain-data-db/dsn': 'aaaa' });
    const v2 = secretHashes(production, { 'chain-data-db/dsn': 'bbbb' });
    expect(Object.keys(v1).filter((name) => v1[name] !== undefined)).to.deep.equal(readers);
    expect(Object.keys(v1).filter((name) => v1[name] !== v2[name])).to.deep.equal(readers);
    // Another Secret's version (one no pod reads) changes nothing.
    expect(secretHashes(production, { 'chain-data-db/dsn': 'aaaa', 'other/key': 'cccc' })).to.deep.equal(v1);

    // An external Redis URL from a Secret is read by evm-data and export-worker, the queues' users, and by the
    // gateways, whose rate limits it shares.
    const withRedisSecret = stackFrom(readSample('production'), (spec) => {
      spec.redis = { external: { secretRef: { name: 'chain-data-redis', key: 'url' } } };
    });
    const r1 = secretHashes(withRedisSecret, { 'chain-data-db/dsn': 'aaaa', 'chain-data-redis/url': '1111' });
    const r2 = secretHashes(withRedisSecret, { 'chain-data-db/dsn': 'aaaa', 'chain-data-redis/url': '2222' });
    expect(Object.keys(r1).filter((name) => r1[name] !== r2[name])).to.deep.equal([
      'mainnet-evm-data',
      'mainnet-export-worker',
      ...gateways,
    ]);

    // The bootstrap API keys are read by the gateways alone: a key added to the Secret reaches them as they roll.
    const b1 = secretHashes(production, { 'chain-data-bootstrap-keys/keys': 'one' });
    const b2 = secretHashes(production, { 'chain-data-bootstrap-keys/keys': 'two' });
    expect(Object.keys(b1).filter((name) => b1[name] !== b2[name])).to.deep.equal(gateways);

    // The object store's access key is read by export-worker only, each of its two keys rolling it.
    const keys = { 'chain-data-db/dsn': 'aaaa', 'chain-data-exports/AWS_ACCESS_KEY_ID': 'id-1' };
    const k1 = secretHashes(production, { ...keys, 'chain-data-exports/AWS_SECRET_ACCESS_KEY': 'key-1' });
    const k2 = secretHashes(production, { ...keys, 'chain-data-exports/AWS_SECRET_ACCESS_KEY': 'key-2' });
    expect(Object.keys(k1).filter((name) => k1[name] !== k2[name])).to.deep.equal(['mainnet-export-worker']);

    // The admin API's credential is read by gateway-rpc only.
    const withAdmin = stackFrom(readSample('production'), (spec) => {
      spec.nodeRpc = { adminApi: { credentialSecretRef: { name: 'rpc-admin' } } };
    });
    const a1 = secretHashes(withAdmin, { 'chain-data-db/dsn': 'aaaa', 'rpc-admin/token': '1111' });
    const a2 = secretHashes(withAdmin, { 'chain-data-db/dsn': 'aaaa', 'rpc-admin/token': '2222' });
    expect(Object.keys(a1).filter((name) => a1[name] !== a2[name])).to.deep.equal(['mainnet-gateway-rpc']);
  });

  it('serves the admin API only with a credential: node-rpc turns it on, gateway-rpc reads the credential', () => {
    const children = (patch?: (spec: Record<string, unknown>) => void) => {
      const stack = stackFrom(readSample('production'), patch);
      return buildStack(stack, contextFor(stack, 'StatefulSet'));
    };
    const nodeRpcConfig = (manifests: Manifest[]) =>
      manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'mainnet-node-rpc')!.data as Record<
        string,
        string
      >;
    const gatewayEnv = (manifests: Manifest[]) =>
      (
        manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'mainnet-gateway-rpc')!.spec as {
          template: { spec: { containers: { env?: { name: string; valueFrom?: unknown }[] }[] } };
        }
      ).template.spec.containers[0]!.env ?? [];
    const off = children();
    expect(nodeRpcConfig(off)).to.include({
      NODE_RPC_ADMIN_ENABLED: 'false',
      NODE_RPC_DEBUG_ENABLED: 'false',
      NODE_RPC_BATCH_LIMIT: '40',
    });
    expect(gatewayEnv(off).map((e) => e.name)).not.to.include('GATEWAY_RPC_ADMIN_TOKEN');
    const on = children((spec) => {
      spec.nodeRpc = {
        adminApi: { credentialSecretRef: { name: 'rpc-admin' } },
        debugApi: true,
        batchLimit: 100,
        hedgeAfterMs: 250,
      };
    });
    expect(nodeRpcConfig(on)).to.include({
      NODE_RPC_ADMIN_ENABLED: 'true',
      NODE_RPC_DEBUG_ENABLED: 'true',
      NODE_RPC_BATCH_LIMIT: '100',
      NODE_RPC_HEDGE_AFTER_MS: '250',
    });
    expect(gatewayEnv(on).find((e) => e.name === 'GATEWAY_RPC_ADMIN_TOKEN')).to.deep.equal({
      name: 'GATEWAY_RPC_ADMIN_TOKEN',
      valueFrom: { secretKeyRef: { name: 'rpc-admin', key: 'token' } },
    });
  });

  it('runs metrics on its gRPC port, following evm-data, on the stack’s database; and not at all when disabled', () => {
    const children = (patch?: (spec: Record<string, unknown>) => void) => {
      const stack = stackFrom(readSample('production'), patch);
      return buildStack(stack, contextFor(stack, 'StatefulSet'));
    };
    const on = children();
    const config = on.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'mainnet-metrics')!;
    expect(config.data).to.include({
      GRPC_LISTEN_ADDRESS: '0.0.0.0:50056',
      EVM_DATA_ADDRESS: 'mainnet-evm-data:50053',
      OPS_PORT: '8081',
    });
    const container = (
      on.find((m) => m.kind === 'Deployment' && m.metadata.name === 'mainnet-metrics')!.spec as {
        template: {
          spec: {
            containers: {
              args: string[];
              env?: { name: string; valueFrom?: unknown }[];
              readinessProbe: Record<string, unknown>;
            }[];
          };
        };
      }
    ).template.spec.containers[0]!;
    expect(container.args).to.deep.equal(['metrics']);
    expect(container.env?.find((e) => e.name === 'DATABASE_URL')).to.deep.equal({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'chain-data-db', key: 'dsn' } },
    });
    expect(container.readinessProbe).to.deep.include({ grpc: { port: 50056 } });
    const service = on.find((m) => m.kind === 'Service' && m.metadata.name === 'mainnet-metrics')!;
    expect((service.spec as { ports: { name: string; port: number }[] }).ports).to.deep.include.members([
      { name: 'grpc', port: 50056, targetPort: 'grpc', protocol: 'TCP', appProtocol: 'kubernetes.io/h2c' },
      { name: 'ops', port: 8081, targetPort: 'ops', protocol: 'TCP' },
    ]);

    const off = children((spec) => {
      spec.components = { ...(spec.components as object), metrics: { enabled: false } };
    });
    expect(off.filter((m) => m.metadata.name === 'mainnet-metrics')).to.deep.equal([]);
    expect(off.length).to.equal(on.length - 3);
  });

  it('serves the Metrics API through gateway-metrics, from metrics, published as gateway-data is; and not at all when disabled', () => {
    const children = (patch?: (spec: Record<string, unknown>) => void) => {
      const stack = stackFrom(readSample('production'), patch);
      const context = contextFor(stack, 'StatefulSet');
      return [...buildStack(stack, context), ...buildGeneratedSecrets(stack, context, () => 'generated')];
    };
    const on = children();
    const named = (kind: string, name = 'mainnet-gateway-metrics') =>
      on.find((m) => m.kind === kind && m.metadata.name === name)!;
    expect(named('ConfigMap').data).to.deep.equal({
      OPS_PORT: '8081',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
      HTTP_HOST: '0.0.0.0',
      HTTP_PORT: '8090',
      METRICS_ADDRESS: 'mainnet-metrics:50056',
      REDIS_URL: 'redis://redis.data.svc:6379',
      RATE_LIMITS: 'true',
      RATE_LIMIT_TIERS: 'partner=50000/60000000',
      REQUEST_LOGS: 'true',
      REQUEST_LOG_RETENTION_DAYS: '90',
      TRUSTED_PROXY_HOPS: '1',
    });
    const container = (
      named('Deployment').spec as {
        template: {
          spec: {
            containers: {
              args: string[];
              ports: unknown[];
              env?: { name: string; valueFrom?: unknown }[];
              readinessProbe: Record<string, unknown>;
              resources: unknown;
            }[];
          };
        };
      }
    ).template.spec.containers[0]!;
    expect(container.args).to.deep.equal(['gateway-metrics']);
    expect(container.ports).to.deep.equal([
      { name: 'http', containerPort: 8090, protocol: 'TCP' },
      { name: 'ops', containerPort: 8081, protocol: 'TCP' },
    ]);
    // Its own page-token key, generated once, as gateway-data's; the edge's database and secrets as every gateway.
    expect(container.env).to.deep.equal([
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'chain-data-db', key: 'dsn' } } },
      {
        name: 'PAGE_TOKEN_SECRET',
        valueFrom: { secretKeyRef: { name: 'mainnet-metrics-page-token', key: 'secret' } },
      },
      { name: 'API_KEY_SECRET', valueFrom: { secretKeyRef: { name: 'mainnet-api-keys', key: 'secret' } } },
      {
        name: 'BOOTSTRAP_API_KEYS',
        valueFrom: { secretKeyRef: { name: 'chain-data-bootstrap-keys', key: 'keys' } },
      },
    ]);
    expect(named('Secret', 'mainnet-metrics-page-token')).to.deep.include({
      type: 'Opaque',
      stringData: { secret: 'generated' },
    });
    expect(named('Secret', 'mainnet-page-token').metadata.labels).to.include({
      'app.kubernetes.io/component': 'gateway-data',
    });
    expect(container.readinessProbe).to.deep.include({ httpGet: { path: '/readyz', port: 'ops' } });
    expect(container.resources).to.deep.equal({ requests: { cpu: '100m', memory: '128Mi' } });
    expect((named('Service').spec as { ports: unknown[] }).ports).to.deep.equal([
      { name: 'http', port: 8090, targetPort: 'http', protocol: 'TCP', appProtocol: 'http' },
      { name: 'ops', port: 8081, targetPort: 'ops', protocol: 'TCP' },
    ]);
    expect(named('PodDisruptionBudget').spec).to.deep.include({ maxUnavailable: 1 });
    expect(named('Ingress').spec).to.deep.equal({
      ingressClassName: 'nginx',
      rules: [
        {
          host: 'metrics.example.com',
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'mainnet-gateway-metrics', port: { number: 8090 } } },
              },
            ],
          },
        },
      ],
      tls: [{ secretName: 'metrics-example-com-tls', hosts: ['metrics.example.com'] }],
    });
    const publicComponents = (manifests: Manifest[]) =>
      (
        manifests.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'mainnet-gateways')!.spec as {
          podSelector: { matchExpressions: { values: string[] }[] };
        }
      ).podSelector.matchExpressions[0]!.values;
    expect(publicComponents(on)).to.deep.equal(['gateway-rpc', 'gateway-data', 'gateway-metrics']);

    // A Service port of the spec's; the pods still listen on 8090.
    const port = children((spec) => {
      spec.gateways = { gatewayMetrics: { service: { type: 'LoadBalancer', port: 80 } } };
    });
    const service = port.find((m) => m.kind === 'Service' && m.metadata.name === 'mainnet-gateway-metrics')!;
    expect(service.spec).to.deep.include({ type: 'LoadBalancer' });
    expect((service.spec as { ports: unknown[] }).ports[0]).to.deep.include({ port: 80, targetPort: 'http' });

    const off = children((spec) => {
      spec.components = { ...(spec.components as object), gatewayMetrics: { enabled: false } };
    });
    expect(
      off.filter((m) => m.metadata.name.startsWith('mainnet-gateway-metrics')).map((m) => m.kind),
    ).to.deep.equal([]);
    expect(off.find((m) => m.metadata.name === 'mainnet-metrics-page-token')).to.equal(undefined);
    expect(publicComponents(off)).to.deep.equal(['gateway-rpc', 'gateway-data']);
    // ConfigMap, Deployment, Service, PodDisruptionBudget, Ingress and the page-token Secret.
    expect(off.length).to.equal(on.length - 6);
  });

  describe('export-worker', () => {
    interface PodSpec {
      serviceAccountName?: string;
      automountServiceAccountToken: boolean;
      securityContext: Record<string, unknown>;
      volumes: unknown[];
      containers: {
        args: string[];
        env?: { name: string; valueFrom?: unknown }[];
        volumeMounts: unknown[];
        readinessProbe: Record<string, unknown>;
      }[];
    }
    const built = (sample: string, patch?: (spec: Record<string, unknown>) => void) => {
      const stack = stackFrom(readSample(sample), patch);
      return buildStack(stack, contextFor(stack, 'StatefulSet'));
    };
    const named = (manifests: Manifest[], kind: string, name: string) =>
      manifests.find((m) => m.kind === kind && m.metadata.name === name);
    const configOf = (manifests: Manifest[], name: string) =>
      named(manifests, 'ConfigMap', name)!.data as Record<string, string>;
    const deploymentOf = (manifests: Manifest[], name: string) =>
      named(manifests, 'Deployment', name)!.spec as { strategy?: unknown; template: { spec: PodSpec } };
    const withExports = (exportWorker: unknown, component?: unknown) => (spec: Record<string, unknown>) => {
      spec.exportWorker = exportWorker;
      if (component) spec.components = { ...(spec.components as object), exportWorker: component };
    };

    it('runs on its gRPC port with the stack’s database and Redis, its files on a claim the stack owns, called by gateway-data', () => {
      const on = built('devnet');
      expect(configOf(on, 'devnet-export-worker')).to.deep.equal({
        OPS_PORT: '8081',
        GRPC_LISTEN_ADDRESS: '0.0.0.0:50057',
        EVM_DATA_ADDRESS: 'devnet-evm-data:50053',
        PRIMARY_NETWORK_ADDRESS: 'devnet-primary-network:50052',
        AVALANCHE_NETWORK: 'fuji',
        REDIS_URL: 'redis://devnet-redis:6379',
        EXPORT_STORAGE: 'directory',
        EXPORT_DIR: '/var/lib/chain-data/exports',
        EXPORT_CONCURRENCY: '2',
        EXPORT_MAX_ROWS: '1000000',
        EXPORT_MAX_BYTES: '268435456',
        EXPORT_RETENTION_DAYS: '7',
        EXPORT_DOWNLOAD_URL_TTL_SECONDS: '3600',
      });
      const claim = named(on, 'PersistentVolumeClaim', 'devnet-export-worker-files')!;
      expect(claim.spec).to.deep.equal({
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: '10Gi' } },
      });
      expect(claim.metadata.ownerReferences).to.have.length(1);
      expect(claim.metadata.labels).to.include({ 'app.kubernetes.io/component': 'export-worker' });
      // The claim is applied before the pods that mount it.
      expect(on.indexOf(claim)).to.be.below(on.indexOf(named(on, 'Deployment', 'devnet-export-worker')!));

      const deployment = deploymentOf(on, 'devnet-export-worker');
      // One pod at a time can mount the volume: the old pod goes before the new one starts.
      expect(deployment.strategy).to.deep.equal({ type: 'Recreate' });
      const pod = deployment.template.spec;
      expect(pod.serviceAccountName).to.equal(undefined);
      expect(pod.securityContext).to.include({ fsGroup: 1000, fsGroupChangePolicy: 'OnRootMismatch' });
      expect(pod.volumes).to.deep.include({
        name: 'exports',
        persistentVolumeClaim: { claimName: 'devnet-export-worker-files' },
      });
      const container = pod.containers[0]!;
      expect(container.args).to.deep.equal(['export-worker']);
      expect(container.volumeMounts).to.deep.include({
        name: 'exports',
        mountPath: '/var/lib/chain-data/exports',
      });
      expect(container.env).to.deep.equal([
        { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'devnet-postgres', key: 'dsn' } } },
      ]);
      expect(container.readinessProbe).to.deep.include({ grpc: { port: 50057 } });
      const service = named(on, 'Service', 'devnet-export-worker')!;
      expect((service.spec as { ports: unknown[] }).ports[0]).to.deep.equal({
        name: 'grpc',
        port: 50057,
        targetPort: 'grpc',
        protocol: 'TCP',
        appProtocol: 'kubernetes.io/h2c',
      });
      expect(configOf(on, 'devnet-gateway-data')).to.include({
        EXPORT_WORKER_ADDRESS: 'devnet-export-worker:50057',
        EXPORT_DOWNLOAD_LINK_TTL_SECONDS: '3600',
      });

      const off = built('devnet', withExports(undefined, { enabled: false }));
      expect(off.filter((m) => m.metadata.name.startsWith('devnet-export-worker'))).to.deep.equal([]);
      // ConfigMap, claim, Deployment and Service.
      expect(off.length).to.equal(on.length - 4);
      // gateway-data keeps the address, as it keeps the other services' when they are off: calls answer 503.
      expect(configOf(off, 'devnet-gateway-data')).to.include({
        EXPORT_WORKER_ADDRESS: 'devnet-export-worker:50057',
      });
    });

    it('shares a ReadWriteMany claim between its replicas, rolling them one by one; the jobs’ limits as the spec says', () => {
      const children = built(
        'devnet',
        withExports(
          {
            storage: {
              directory: { accessModes: ['ReadWriteMany'], size: '100Gi', storageClassName: 'nfs-client' },
            },
            concurrency: 4,
            maxRows: 500_000,
            maxBytes: 2 ** 30,
            retentionDays: 30,
            downloadLinks: { ttlSeconds: 600 },
          },
          { replicas: 3 },
        ),
      );
      expect(named(children, 'PersistentVolumeClaim', 'devnet-export-worker-files')!.spec).to.deep.equal({
        accessModes: ['ReadWriteMany'],
        storageClassName: 'nfs-client',
        resources: { requests: { storage: '100Gi' } },
      });
      const deployment = deploymentOf(children, 'devnet-export-worker');
      expect(deployment).to.deep.include({ replicas: 3 });
      expect(deployment.strategy).to.deep.equal({
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
      });
      expect(named(children, 'PodDisruptionBudget', 'devnet-export-worker')).to.not.equal(undefined);
      expect(configOf(children, 'devnet-export-worker')).to.include({
        EXPORT_CONCURRENCY: '4',
        EXPORT_MAX_ROWS: '500000',
        EXPORT_MAX_BYTES: '1073741824',
        EXPORT_RETENTION_DAYS: '30',
        EXPORT_DOWNLOAD_URL_TTL_SECONDS: '600',
      });
      expect(configOf(children, 'devnet-gateway-data')).to.include({
        EXPORT_DOWNLOAD_LINK_TTL_SECONDS: '600',
      });
    });

    it('keeps the files in S3-compatible storage: no claim, the access key from the user’s Secret, or a workload identity', () => {
      const production = built('production');
      expect(configOf(production, 'mainnet-export-worker')).to.include({
        EXPORT_STORAGE: 's3',
        EXPORT_S3_BUCKET: 'chain-data-exports',
        EXPORT_S3_PREFIX: 'exports/',
        EXPORT_S3_REGION: 'eu-west-1',
        EXPORT_S3_FORCE_PATH_STYLE: 'false',
        REDIS_URL: 'redis://redis.data.svc:6379',
      });
      expect(configOf(production, 'mainnet-export-worker')).to.not.have.any.keys(
        'EXPORT_DIR',
        'EXPORT_S3_ENDPOINT',
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
      );
      expect(production.filter((m) => m.kind === 'PersistentVolumeClaim')).to.deep.equal([]);
      const deployment = deploymentOf(production, 'mainnet-export-worker');
      expect(deployment.strategy).to.deep.include({ type: 'RollingUpdate' });
      expect(deployment.template.spec.volumes).to.deep.equal([{ name: 'tmp', emptyDir: {} }]);
      expect(deployment.template.spec.securityContext).to.not.have.property('fsGroupChangePolicy');
      expect(deployment.template.spec.containers[0]!.env).to.deep.equal([
        { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'chain-data-db', key: 'dsn' } } },
        {
          name: 'AWS_ACCESS_KEY_ID',
          valueFrom: { secretKeyRef: { name: 'chain-data-exports', key: 'AWS_ACCESS_KEY_ID' } },
        },
        {
          name: 'AWS_SECRET_ACCESS_KEY',
          valueFrom: { secretKeyRef: { name: 'chain-data-exports', key: 'AWS_SECRET_ACCESS_KEY' } },
        },
      ]);

      // MinIO in the cluster, keys under names of the user's choosing.
      const minio = built(
        'devnet',
        withExports({
          storage: {
            s3: {
              bucket: 'exports',
              prefix: 'devnet/',
              endpoint: 'https://minio.storage.example.com',
              forcePathStyle: true,
              credentialsSecretRef: { name: 'minio', accessKeyIdKey: 'user', secretAccessKeyKey: 'password' },
            },
          },
        }),
      );
      expect(configOf(minio, 'devnet-export-worker')).to.include({
        EXPORT_STORAGE: 's3',
        EXPORT_S3_BUCKET: 'exports',
        EXPORT_S3_PREFIX: 'devnet/',
        EXPORT_S3_ENDPOINT: 'https://minio.storage.example.com',
        EXPORT_S3_REGION: 'us-east-1',
        EXPORT_S3_FORCE_PATH_STYLE: 'true',
      });
      expect(
        deploymentOf(minio, 'devnet-export-worker').template.spec.containers[0]!.env,
      ).to.deep.include.members([
        { name: 'AWS_ACCESS_KEY_ID', valueFrom: { secretKeyRef: { name: 'minio', key: 'user' } } },
        { name: 'AWS_SECRET_ACCESS_KEY', valueFrom: { secretKeyRef: { name: 'minio', key: 'password' } } },
      ]);

      // No Secret: the pods' ServiceAccount is bound to a role that may write the bucket (IRSA and the like).
      const identity = built(
        'devnet',
        withExports({ storage: { s3: { bucket: 'exports' } }, serviceAccountName: 'chain-data-exports' }),
      );
      const pod = deploymentOf(identity, 'devnet-export-worker').template.spec;
      expect(pod.serviceAccountName).to.equal('chain-data-exports');
      expect(pod.automountServiceAccountToken).to.equal(false);
      expect(pod.containers[0]!.env!.map((e) => e.name)).to.deep.equal(['DATABASE_URL']);
      // Only export-worker runs as it.
      const others = identity.filter(
        (m) => m.kind === 'Deployment' && m.metadata.name !== 'devnet-export-worker',
      );
      for (const other of others) {
        expect((other.spec as { template: { spec: PodSpec } }).template.spec.serviceAccountName).to.equal(
          undefined,
        );
      }
    });

    it('names the download links’ origin: the spec’s, else gateway-data’s first Ingress host, https when TLS covers it', () => {
      const publicUrl = (patch?: (spec: Record<string, unknown>) => void) =>
        configOf(built('devnet', patch), 'devnet-gateway-data').PUBLIC_URL;
      const ingress = (value: unknown) => (spec: Record<string, unknown>) => {
        spec.gateways = { gatewayData: { ingress: value } };
      };
      // No Ingress: each request's own origin.
      expect(publicUrl()).to.equal(undefined);
      expect(configOf(built('production'), 'mainnet-gateway-data').PUBLIC_URL).to.equal(
        'https://data.example.com',
      );
      expect(publicUrl(ingress({ enabled: true, hosts: ['data.example.com', 'api.example.com'] }))).to.equal(
        'http://data.example.com',
      );
      expect(
        publicUrl(
          ingress({
            enabled: true,
            hosts: ['data.example.com', 'api.example.com'],
            tls: [{ secretName: 'api-tls', hosts: ['api.example.com'] }],
          }),
        ),
      ).to.equal('http://data.example.com');
      // A TLS entry without hosts covers them all (the controller's default certificate).
      expect(
        publicUrl(
          ingress({ enabled: true, hosts: ['data.example.com'], tls: [{ secretName: 'wildcard-tls' }] }),
        ),
      ).to.equal('https://data.example.com');
      expect(publicUrl(ingress({ enabled: true, hosts: ['*.example.com'] }))).to.equal(undefined);
      expect(publicUrl(ingress({ enabled: false, hosts: ['data.example.com'] }))).to.equal(undefined);
      // The spec's origin wins, e.g. a CDN or a proxy in front of the Ingress.
      expect(
        publicUrl((spec) => {
          ingress({ enabled: true, hosts: ['data.example.com'] })(spec);
          spec.exportWorker = { downloadLinks: { origin: 'https://downloads.example.com' } };
        }),
      ).to.equal('https://downloads.example.com');
    });
  });

  describe('the gateways’ edge (API keys, rate limits, the request log)', () => {
    const GATEWAYS = ['gateway-rpc', 'gateway-data', 'gateway-metrics'];
    type Env = { name: string; valueFrom?: unknown }[];
    const rendered = (sample: string, patch?: (spec: Record<string, unknown>) => void) => {
      const stack = stackFrom(readSample(sample), patch);
      return render(stack, contextFor(stack, 'StatefulSet'));
    };
    const configOf = (manifests: Manifest[], name: string) =>
      manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === name)!.data as Record<
        string,
        string
      >;
    const envOf = (manifests: Manifest[], name: string) =>
      (
        manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!.spec as {
          template: { spec: { containers: { env: Env }[] } };
        }
      ).template.spec.containers[0]!.env;
    const withEdge = (edge: unknown) => (spec: Record<string, unknown>) => {
      spec.edge = edge;
    };
    const EDGE_VARIABLES = [
      'RATE_LIMITS',
      'RATE_LIMIT_TIERS',
      'API_KEY_CACHE_TTL_MS',
      'REQUEST_LOGS',
      'REQUEST_LOG_RETENTION_DAYS',
      'TRUSTED_PROXY_HOPS',
      'REDIS_URL',
    ];
    const pick = (config: Record<string, string>) =>
      Object.fromEntries(Object.entries(config).filter(([name]) => EDGE_VARIABLES.includes(name)));

    it('runs every gateway on the stack’s database and Redis, with the defaults of the edge', () => {
      const devnet = rendered('devnet');
      for (const gateway of GATEWAYS) {
        expect(pick(configOf(devnet, `devnet-${gateway}`)), gateway).to.deep.equal({
          REDIS_URL: 'redis://devnet-redis:6379',
          RATE_LIMITS: 'true',
          REQUEST_LOGS: 'true',
          REQUEST_LOG_RETENTION_DAYS: '30',
          TRUSTED_PROXY_HOPS: '0',
        });
        const env = envOf(devnet, `devnet-${gateway}`);
        expect(env, gateway).to.deep.include.members([
          { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'devnet-postgres', key: 'dsn' } } },
          { name: 'API_KEY_SECRET', valueFrom: { secretKeyRef: { name: 'devnet-api-keys', key: 'secret' } } },
        ]);
        expect(env.map((e) => e.name)).to.not.include('BOOTSTRAP_API_KEYS');
      }
      // Nothing of it reaches the other components.
      for (const other of ['devnet-evm-data', 'devnet-export-worker', 'devnet-node-rpc']) {
        expect(configOf(devnet, other)).to.not.have.any.keys('RATE_LIMITS', 'TRUSTED_PROXY_HOPS');
        expect(envOf(devnet, other).map((e) => e.name)).to.not.include('API_KEY_SECRET');
      }
      expect(
        envOf(rendered('devnet'), 'devnet-node-rpc').map((e) => e.name),
        'node-rpc keeps no tables',
      ).to.not.include('DATABASE_URL');
    });

    it('renders spec.edge into each gateway’s environment', () => {
      const children = rendered(
        'devnet',
        withEdge({
          rateLimits: false,
          tiers: [
            { name: 'free', perMinute: 1_000, perDay: 100_000 },
            { name: 'enterprise', perMinute: 1_000_000, perDay: 1_000_000_000_000 },
          ],
          bootstrapKeys: { secretName: 'gateway-keys' },
          requestLogs: { enabled: false, retentionDays: 7 },
          trustedProxyHops: 2,
          keyCacheTtlSeconds: 30,
        }),
      );
      for (const gateway of GATEWAYS) {
        expect(pick(configOf(children, `devnet-${gateway}`)), gateway).to.deep.equal({
          REDIS_URL: 'redis://devnet-redis:6379',
          RATE_LIMITS: 'false',
          RATE_LIMIT_TIERS: 'free=1000/100000,enterprise=1000000/1000000000000',
          API_KEY_CACHE_TTL_MS: '30000',
          REQUEST_LOGS: 'false',
          REQUEST_LOG_RETENTION_DAYS: '7',
          TRUSTED_PROXY_HOPS: '2',
        });
        expect(envOf(children, `devnet-${gateway}`), gateway).to.deep.include({
          name: 'BOOTSTRAP_API_KEYS',
          valueFrom: { secretKeyRef: { name: 'gateway-keys', key: 'keys' } },
        });
      }
      // A cache of no lifetime is a setting too.
      expect(
        configOf(rendered('devnet', withEdge({ keyCacheTtlSeconds: 0 })), 'devnet-gateway-data'),
      ).to.include({ API_KEY_CACHE_TTL_MS: '0' });
    });

    it('trusts one proxy hop in front of a gateway published through its Ingress, none otherwise, unless the spec says', () => {
      const hops = (manifests: Manifest[]) =>
        GATEWAYS.map((gateway) => configOf(manifests, `mainnet-${gateway}`).TRUSTED_PROXY_HOPS);
      // The production sample publishes gateway-data and gateway-metrics through Ingresses, not gateway-rpc.
      expect(hops(rendered('production'))).to.deep.equal(['0', '1', '1']);
      expect(
        hops(
          rendered('production', (spec) => {
            (spec.edge as Record<string, unknown>).trustedProxyHops = 0;
          }),
        ),
      ).to.deep.equal(['0', '0', '0']);
      expect(
        hops(
          rendered('production', (spec) => {
            spec.gateways = { gatewayRpc: { ingress: { enabled: true, hosts: ['rpc.example.com'] } } };
          }),
        ),
      ).to.deep.equal(['1', '0', '0']);
      // A LoadBalancer Service appends nothing.
      expect(
        hops(
          rendered('production', (spec) => {
            spec.gateways = { gatewayData: { service: { type: 'LoadBalancer' } } };
          }),
        ),
      ).to.deep.equal(['0', '0', '0']);
    });

    it('reads an external Redis URL from its Secret, as the queues’ users do', () => {
      const children = rendered('production', (spec) => {
        spec.redis = { external: { secretRef: { name: 'chain-data-redis' } } };
      });
      for (const gateway of GATEWAYS) {
        expect(configOf(children, `mainnet-${gateway}`)).to.not.have.property('REDIS_URL');
        expect(envOf(children, `mainnet-${gateway}`)).to.deep.include({
          name: 'REDIS_URL',
          valueFrom: { secretKeyRef: { name: 'chain-data-redis', key: 'url' } },
        });
      }
    });

    it('generates one API key secret for the stack, kept as long as the keys in its database are', () => {
      const secretsOf = (manifests: Manifest[]) =>
        manifests.filter((m) => m.kind === 'Secret' && m.metadata.name.endsWith('-api-keys'));
      const [secret, ...others] = secretsOf(rendered('devnet'));
      expect(others).to.deep.equal([]);
      expect(secret).to.deep.include({ type: 'Opaque', stringData: { secret: 'generated-3' } });
      expect(secret!.metadata.name).to.equal('devnet-api-keys');
      expect(secret!.metadata.labels).to.include({ 'app.kubernetes.io/component': 'edge' });
      // A managed database retained on delete keeps the keys: the secret stays beside them, no owner.
      expect(secret!.metadata.ownerReferences).to.equal(undefined);
      const deleting = secretsOf(
        rendered('devnet', (spec) => {
          spec.database = { managed: { retainOnDelete: false } };
        }),
      );
      expect(deleting[0]!.metadata.ownerReferences).to.have.length(1);
      // An external database outlives the stack: so does the secret its keys were stored under.
      expect(secretsOf(rendered('production'))[0]!.metadata.ownerReferences).to.equal(undefined);
      // Built whatever runs, so turning the gateways off and on never makes a new one.
      const none = rendered('devnet', (spec) => {
        spec.components = {
          gatewayRpc: { enabled: false },
          gatewayData: { enabled: false },
          gatewayMetrics: { enabled: false },
        };
      });
      expect(secretsOf(none).map((m) => m.metadata.name)).to.deep.equal(['devnet-api-keys']);
    });

    it('lets the gateways reach the stack’s PostgreSQL and Redis through its NetworkPolicy', () => {
      const children = rendered('devnet');
      const internal = children.find(
        (m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'devnet-internal',
      )!.spec as {
        podSelector: { matchLabels: Record<string, string> };
        policyTypes: string[];
        ingress: { from?: { podSelector?: { matchLabels: Record<string, string> } }[]; ports?: unknown }[];
      };
      // Ingress rules only: egress is open, so an external database or Redis is reached as before.
      expect(internal.policyTypes).to.deep.equal(['Ingress']);
      const podLabels = (kind: string, name: string) =>
        (
          children.find((m) => m.kind === kind && m.metadata.name === name)!.spec as {
            template: { metadata: { labels: Record<string, string> } };
          }
        ).template.metadata.labels;
      const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
        Object.entries(selector).every(([k, v]) => labels[k] === v);
      const fromStack = internal.ingress.find((rule) => rule.from?.[0]?.podSelector && !rule.ports)!;
      for (const [kind, target] of [
        ['StatefulSet', 'devnet-postgres'],
        ['Deployment', 'devnet-redis'],
      ] as const) {
        expect(matches(internal.podSelector.matchLabels, podLabels(kind, target)), target).to.equal(true);
        for (const gateway of GATEWAYS) {
          expect(
            matches(
              fromStack.from![0]!.podSelector!.matchLabels,
              podLabels('Deployment', `devnet-${gateway}`),
            ),
            `${gateway} → ${target}`,
          ).to.equal(true);
        }
      }
    });
  });

  it('leaves the replica count to the autoscaler when autoscaling is on', () => {
    const stack = stackFrom(readSample('production'));
    const children = buildStack(stack, contextFor(stack, 'StatefulSet'));
    const deployment = children.find(
      (m) => m.kind === 'Deployment' && m.metadata.name === 'mainnet-gateway-data',
    )!;
    expect(deployment.spec).to.not.have.property('replicas');
    const hpa = children.find((m) => m.kind === 'HorizontalPodAutoscaler')!;
    expect(hpa.metadata.name).to.equal('mainnet-gateway-data');
    expect(
      children.filter((m) => m.kind === 'PodDisruptionBudget').map((m) => m.metadata.name),
    ).to.deep.equal([
      'mainnet-export-worker',
      'mainnet-gateway-rpc',
      'mainnet-gateway-data',
      'mainnet-gateway-metrics',
    ]);
  });

  it('lets only the gateways take traffic from outside the stack, and the monitoring namespaces scrape', () => {
    const stack = stackFrom(readSample('devnet'));
    const policies = buildStack(stack, contextFor(stack, 'StatefulSet')).filter(
      (m) => m.kind === 'NetworkPolicy',
    );
    expect(policies.map((p) => p.spec)).to.deep.equal([
      {
        podSelector: {
          matchLabels: { 'app.kubernetes.io/name': 'chain-data', 'app.kubernetes.io/instance': 'devnet' },
        },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: [
              {
                podSelector: {
                  matchLabels: {
                    'app.kubernetes.io/name': 'chain-data',
                    'app.kubernetes.io/instance': 'devnet',
                  },
                },
              },
            ],
          },
          {
            from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
            ports: [{ port: 8081, protocol: 'TCP' }],
          },
        ],
      },
      {
        podSelector: {
          matchLabels: { 'app.kubernetes.io/name': 'chain-data', 'app.kubernetes.io/instance': 'devnet' },
          matchExpressions: [
            {
              key: 'app.kubernetes.io/component',
              operator: 'In',
              values: ['gateway-rpc', 'gateway-data', 'gateway-metrics'],
            },
          ],
        },
        policyTypes: ['Ingress'],
        ingress: [{ ports: [{ port: 'http', protocol: 'TCP' }] }],
      },
    ]);
  });

  it('runs the stack on the operator’s image unless the spec names another', () => {
    const stack = stackFrom(readSample('devnet'));
    expect(stackImage(stack, OPERATOR_IMAGE)).to.equal(OPERATOR_IMAGE);
    expect(
      stackImage(
        stackFrom(readSample('devnet'), (s) => (s.image = { tag: '9.9.9' })),
        OPERATOR_IMAGE,
      ),
    ).to.equal('registry.example/chain-data:9.9.9');
    expect(stackImage(stack, 'localhost:5000/chain-data')).to.equal('localhost:5000/chain-data:latest');
  });

  it('keeps every derived name and label within Kubernetes’ limits for the longest stack name the CRD admits', () => {
    const name = `s${'x'.repeat(MAX_STACK_NAME_LENGTH - 2)}1`;
    for (const provider of ['StatefulSet', 'CloudNativePG'] as const) {
      const stack = stackFrom({ ...readSample('devnet'), metadata: { name } }, (spec) => {
        spec.monitoring = { podMonitor: { enabled: true }, prometheusRule: { enabled: true } };
      });
      for (const manifest of render(stack, contextFor(stack, provider))) {
        const what = `${manifest.kind}/${manifest.metadata.name}`;
        // Services (and the CloudNativePG Cluster's `-rw`/`-ro`/`-r` Services) must be DNS-1035 labels.
        const longest = manifest.kind === 'Cluster' ? `${manifest.metadata.name}-rw` : manifest.metadata.name;
        expect(longest.length, what).to.be.at.most(63);
        if (manifest.kind === 'Service') expect(longest, what).to.match(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
        for (const value of Object.values(manifest.metadata.labels ?? {})) {
          expect(value.length, `${what} label`).to.be.at.most(63);
        }
        // A StatefulSet's pods carry `controller-revision-hash: <name>-<hash of up to 10 characters>`.
        if (manifest.kind === 'StatefulSet')
          expect(`${manifest.metadata.name}-0123456789`.length).to.be.at.most(63);
      }
    }
  });

  it('lets the managed database outlive its stack only when the spec retains it', () => {
    const policy = (stack: ChainDataStack) =>
      render(stack, contextFor(stack, 'StatefulSet')).filter(
        (m) => m.metadata.name === 'devnet-postgres' && (m.kind === 'StatefulSet' || m.kind === 'Secret'),
      );
    const [retainedSet, retainedSecret] = policy(stackFrom(readSample('devnet')));
    expect(retainedSet!.spec).to.nested.include({
      'persistentVolumeClaimRetentionPolicy.whenDeleted': 'Retain',
    });
    expect(retainedSet!.metadata.ownerReferences, 'the StatefulSet itself goes').to.have.length(1);
    expect(retainedSecret!.metadata.ownerReferences, 'the password stays with the volume').to.equal(
      undefined,
    );

    const deleting = stackFrom(readSample('devnet'), (spec) => {
      spec.database = { managed: { retainOnDelete: false } };
    });
    const [deletedSet, deletedSecret] = policy(deleting);
    expect(deletedSet!.spec).to.nested.include({
      'persistentVolumeClaimRetentionPolicy.whenDeleted': 'Delete',
    });
    expect(deletedSecret!.metadata.ownerReferences).to.have.length(1);

    const cluster = (retainOnDelete: boolean) =>
      buildStack(
        stackFrom(readSample('devnet'), (spec) => {
          spec.database = { managed: { provider: 'CloudNativePG', retainOnDelete } };
        }),
        { image: OPERATOR_IMAGE, databaseProvider: 'CloudNativePG' },
      ).find((m) => m.kind === 'Cluster')!;
    expect(cluster(true).metadata.ownerReferences).to.equal(undefined);
    expect(cluster(false).metadata.ownerReferences).to.have.length(1);
  });
});
