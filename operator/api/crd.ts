/**
 * The ChainDataStack CustomResourceDefinition, built from code so the five component blocks and the shared shapes
 * are written once. `make crds` writes it to crds/ (the source platform engineers read) and into the chart;
 * `make check` fails when either copy is stale.
 */
import {
  API_VERSION,
  COMPONENT_KEYS,
  DATABASE_PROVIDERS,
  GATEWAY_KEYS,
  GROUP,
  KIND,
  NETWORKS,
  OTLP_PROTOCOLS,
  PLURAL,
  PULL_POLICIES,
  SERVICE_TYPES,
  VERSION,
  type ComponentKey,
  type GatewayKey,
} from './v1alpha1.ts';

type Schema = Record<string, unknown>;

const DNS_LABEL = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$';
const ENV_NAME = '^[-._a-zA-Z][-._a-zA-Z0-9]*$';
const HTTP_URL = '^https?://[^\\s/$.?#][^\\s]*$';
const BLOCKCHAIN_ID = '[1-9A-HJ-NP-Za-km-z]{48,51}';
const CHAIN = `^(P|X|C|${BLOCKCHAIN_ID})$`;
const EVM_CHAIN = `^(C|${BLOCKCHAIN_ID})$`;

function object(properties: Record<string, Schema>, extra: Schema = {}): Schema {
  return { type: 'object', properties, ...extra };
}

function text(description: string, extra: Schema = {}): Schema {
  return { type: 'string', description, ...extra };
}

function integer(description: string, minimum: number, defaultValue?: number, maximum?: number): Schema {
  return {
    type: 'integer',
    format: 'int32',
    description,
    minimum,
    ...(maximum === undefined ? {} : { maximum }),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
}

function boolean(description: string, defaultValue: boolean): Schema {
  return { type: 'boolean', description, default: defaultValue };
}

function stringMap(description: string): Schema {
  return { type: 'object', description, additionalProperties: { type: 'string' } };
}

const quantity: Schema = {
  anyOf: [{ type: 'integer' }, { type: 'string' }],
  pattern:
    '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
  'x-kubernetes-int-or-string': true,
};

const resources: Schema = object(
  {
    requests: {
      type: 'object',
      additionalProperties: quantity,
      description: 'minimum resources, e.g. cpu: 250m',
    },
    limits: {
      type: 'object',
      additionalProperties: quantity,
      description: 'maximum resources, e.g. memory: 1Gi',
    },
  },
  { description: 'compute resources of each container (as in a Pod spec)' },
);

function secretKeyRef(description: string, defaultKey: string): Schema {
  return object(
    {
      name: text('name of a Secret in the stack’s namespace', { pattern: DNS_LABEL, maxLength: 253 }),
      key: text('key within the Secret', { default: defaultKey, minLength: 1 }),
    },
    { description, required: ['name'] },
  );
}

const COMPONENT_DESCRIPTIONS: Record<ComponentKey, string> = {
  containerIndexer: 'mirrors the upstream Index APIs (P, X and C) and serves index lookups over gRPC',
  primaryNetwork: 'projects P-, X- and C-Chain containers into primary-network data, served over gRPC',
  evmData: 'indexes EVM chains (C-Chain and L1s): transactions, transfers, NFTs, contracts, ICM',
  gatewayRpc: 'serves the node JSON-RPC and Index APIs over HTTP',
  gatewayData: 'serves the Data API over HTTP',
};

function component(key: ComponentKey): Schema {
  return object(
    {
      enabled: boolean('run this component', true),
      replicas: integer('pods to run when autoscaling is off', 0, 1),
      resources,
      autoscaling: object(
        {
          enabled: boolean('scale with a HorizontalPodAutoscaler on CPU utilisation', false),
          minReplicas: integer('fewest pods', 1, 1),
          maxReplicas: integer('most pods', 1, 3),
          targetCPUUtilizationPercentage: integer('average CPU utilisation to aim for', 1, 80, 100),
        },
        {
          default: {},
          'x-kubernetes-validations': [
            {
              rule: '!has(self.enabled) || !self.enabled || self.maxReplicas >= self.minReplicas',
              message: 'autoscaling.maxReplicas must be at least autoscaling.minReplicas',
            },
          ],
        },
      ),
      env: {
        type: 'array',
        description:
          'extra environment variables (see the README’s configuration table); they win over rendered ones',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: object(
          {
            name: text('variable name', { pattern: ENV_NAME }),
            value: { type: 'string' },
            valueFrom: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
          { required: ['name'] },
        ),
      },
    },
    { description: COMPONENT_DESCRIPTIONS[key], default: {} },
  );
}

function gateway(key: GatewayKey): Schema {
  return object(
    {
      service: object(
        {
          type: text('Service type', { enum: [...SERVICE_TYPES], default: 'ClusterIP' }),
          port: integer('Service port', 1, key === 'gatewayRpc' ? 9650 : 8080, 65535),
          annotations: stringMap('annotations of the Service (load balancer settings)'),
        },
        { default: {} },
      ),
      ingress: object(
        {
          enabled: boolean('publish the gateway through an Ingress', false),
          className: text('IngressClass name'),
          annotations: stringMap('annotations of the Ingress'),
          hosts: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'host names served' },
          tls: {
            type: 'array',
            items: object(
              {
                secretName: text('Secret holding the certificate', { pattern: DNS_LABEL }),
                hosts: { type: 'array', items: { type: 'string' } },
              },
              { required: ['secretName'] },
            ),
          },
        },
        {
          default: {},
          'x-kubernetes-validations': [
            {
              rule: '!has(self.enabled) || !self.enabled || (has(self.hosts) && size(self.hosts) > 0)',
              message: 'ingress.hosts needs at least one host when ingress.enabled is true',
            },
          ],
        },
      ),
    },
    { default: {} },
  );
}

const spec: Schema = object(
  {
    image: object(
      {
        repository: text('image repository; the operator’s own image when unset', { minLength: 1 }),
        tag: text('image tag; the operator’s own version when unset', { minLength: 1 }),
        pullPolicy: text('image pull policy', { enum: [...PULL_POLICIES], default: 'IfNotPresent' }),
        pullSecrets: {
          type: 'array',
          items: { type: 'string', pattern: DNS_LABEL },
          description: 'pull secrets',
        },
      },
      { default: {} },
    ),
    network: text('Avalanche network whose data the stack serves; cannot change once set', {
      enum: [...NETWORKS],
      default: 'mainnet',
      'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'network is immutable' }],
    }),
    upstream: object(
      {
        devnet: object(
          {
            enabled: boolean('run the deterministic devnet in the cluster and follow it', false),
            historyHours: integer('hours of history the devnet generates at start', 0, 24, 24 * 365),
            seed: text('seed of the devnet’s keys and activity', { minLength: 1 }),
          },
          { description: 'a local network for evaluation without real nodes' },
        ),
        nodes: {
          type: 'array',
          description: 'node base URLs serving every chain, in priority order',
          minItems: 1,
          items: text('a node base URL', { pattern: HTTP_URL, maxLength: 2048 }),
        },
        chains: {
          type: 'array',
          description:
            'node base URLs for one chain, in priority order: calls for that chain go there instead of to nodes',
          minItems: 1,
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['chain'],
          items: object(
            {
              chain: text('P, X, C or a blockchain id (cb58)', { pattern: CHAIN }),
              nodes: {
                type: 'array',
                minItems: 1,
                items: text('a node base URL', { pattern: HTTP_URL, maxLength: 2048 }),
              },
            },
            { required: ['chain', 'nodes'] },
          ),
        },
        evmChains: {
          type: 'array',
          description: 'EVM chains evm-data indexes: C and L1 blockchain ids (cb58)',
          default: ['C'],
          minItems: 1,
          items: text('C or a blockchain id', { pattern: EVM_CHAIN }),
        },
      },
      {
        'x-kubernetes-validations': [
          {
            rule: '(has(self.devnet) && self.devnet.enabled) != (has(self.nodes) || has(self.chains))',
            message: 'upstream: set either node URLs (nodes, chains) or devnet.enabled, exactly one',
          },
        ],
      },
    ),
    database: object(
      {
        external: object(
          { secretRef: secretKeyRef('Secret holding a PostgreSQL connection string', 'dsn') },
          { required: ['secretRef'], description: 'a PostgreSQL 15+ server the stack connects to' },
        ),
        managed: object(
          {
            provider: text('Auto uses CloudNativePG when its CRD is installed, else a StatefulSet', {
              enum: [...DATABASE_PROVIDERS],
              default: 'Auto',
            }),
            image: text('PostgreSQL image (StatefulSet provider)', { default: 'postgres:17-alpine' }),
            instances: integer('PostgreSQL instances (CloudNativePG provider)', 1, 1, 9),
            storage: object(
              {
                size: text('volume size', { default: '10Gi', pattern: '^[0-9]+(\\.[0-9]+)?([KMGTPE]i?)?$' }),
                storageClassName: text('StorageClass of the volume; the cluster default when unset'),
              },
              { default: {} },
            ),
            resources,
          },
          { description: 'PostgreSQL created and owned by the operator' },
        ),
      },
      {
        default: { managed: {} },
        'x-kubernetes-validations': [
          {
            rule: 'has(self.external) != has(self.managed)',
            message: 'database: set exactly one of external (a DSN secret) or managed',
          },
        ],
      },
    ),
    redis: object(
      {
        external: object(
          {
            url: text('redis:// or rediss:// URL', { pattern: '^rediss?://[^\\s]+$' }),
            secretRef: secretKeyRef('Secret holding the Redis URL', 'url'),
          },
          {
            'x-kubernetes-validations': [
              {
                rule: 'has(self.url) != has(self.secretRef)',
                message: 'redis.external: set exactly one of url or secretRef',
              },
            ],
          },
        ),
        managed: object(
          {
            image: text('Redis image', { default: 'redis:7-alpine' }),
            resources,
          },
          { description: 'a Redis created and owned by the operator (its data is not persisted)' },
        ),
      },
      {
        default: { managed: {} },
        'x-kubernetes-validations': [
          {
            rule: 'has(self.external) != has(self.managed)',
            message: 'redis: set exactly one of external or managed',
          },
        ],
      },
    ),
    components: object(Object.fromEntries(COMPONENT_KEYS.map((key) => [key, component(key)])), {
      default: {},
    }),
    gateways: object(Object.fromEntries(GATEWAY_KEYS.map((key) => [key, gateway(key)])), { default: {} }),
    tracing: object({
      otlpEndpoint: text('OTLP collector base URL, e.g. http://collector:4318; no export when unset', {
        pattern: HTTP_URL,
      }),
      protocol: text('OTLP protocol', { enum: [...OTLP_PROTOCOLS], default: 'http/protobuf' }),
      samplingRatio: {
        type: 'number',
        description: 'share of traces sampled at the root (parent-based below it)',
        minimum: 0,
        maximum: 1,
        default: 1,
      },
    }),
    indexer: object(
      {
        enabled: boolean('follow the upstream Index APIs', true),
        allowIncomplete: boolean('allow running in a way that leaves or uses an incomplete index', false),
      },
      { default: {} },
    ),
  },
  { required: ['upstream'] },
);

const condition: Schema = object(
  {
    type: { type: 'string' },
    status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
    observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
    lastTransitionTime: { type: 'string', format: 'date-time' },
    reason: { type: 'string' },
    message: { type: 'string' },
  },
  { required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'] },
);

const status: Schema = object({
  observedGeneration: { type: 'integer', format: 'int64' },
  conditions: {
    type: 'array',
    items: condition,
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['type'],
  },
  components: {
    type: 'array',
    items: object(
      {
        name: { type: 'string' },
        desiredReplicas: { type: 'integer' },
        readyReplicas: { type: 'integer' },
        updatedReplicas: { type: 'integer' },
      },
      { required: ['name'] },
    ),
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['name'],
  },
  componentsReady: { type: 'string' },
  endpoints: {
    type: 'array',
    items: object({ name: { type: 'string' }, url: { type: 'string' } }, { required: ['name', 'url'] }),
  },
});

export function chainDataStackCrd(): Schema {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${PLURAL}.${GROUP}` },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: {
        kind: KIND,
        listKind: `${KIND}List`,
        plural: PLURAL,
        singular: KIND.toLowerCase(),
        shortNames: ['cds'],
        categories: ['chaindata'],
      },
      versions: [
        {
          name: VERSION,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
            { name: 'Network', type: 'string', jsonPath: '.spec.network' },
            { name: 'Components', type: 'string', jsonPath: '.status.componentsReady' },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
          schema: {
            openAPIV3Schema: object(
              {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec,
                status,
              },
              {
                description: `${KIND} (${API_VERSION}): one Chain Data Stack, reconciled by the chain-data operator`,
                required: ['spec'],
              },
            ),
          },
        },
      ],
    },
  };
}
