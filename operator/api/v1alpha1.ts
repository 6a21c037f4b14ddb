/**
 * The ChainDataStack custom resource, chaindatastack.io/v1alpha1, defined once: this zod schema is the source of
 * the CRD's OpenAPI schema (types, defaults, descriptions, CEL rules; crd.ts renders it) and of the TypeScript types
 * the operator reads, which describe an object after the API server has applied the defaults.
 */
import { z } from 'zod';
import { DEFAULT_TIERS } from '../../services/edge/limits/tiers.ts';

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
/** ReadOnlyMany is left out: the export worker writes its files. */
export const EXPORT_VOLUME_ACCESS_MODES = ['ReadWriteOnce', 'ReadWriteOncePod', 'ReadWriteMany'] as const;

/** The stack's components, as the spec names them (camelCase) and as `chain-data <component>` runs them. */
export const COMPONENT_KEYS = [
  'containerIndexer',
  'primaryNetwork',
  'evmData',
  'metrics',
  'exportWorker',
  'nodeRpc',
  'signatureAggregator',
  'gatewayRpc',
  'gatewayData',
  'gatewayMetrics',
] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];
export const GATEWAY_KEYS = [
  'gatewayRpc',
  'gatewayData',
  'gatewayMetrics',
] as const satisfies readonly ComponentKey[];
export type GatewayKey = (typeof GATEWAY_KEYS)[number];

/**
 * Each gateway's command (its children's names) and the HTTP port it listens on, which is also its Service's
 * default port. gateway-metrics' 8090 is its HTTP_PORT default (services/gateway-metrics).
 */
export const GATEWAYS: Record<GatewayKey, { command: string; port: number }> = {
  gatewayRpc: { command: 'gateway-rpc', port: 9650 },
  gatewayData: { command: 'gateway-data', port: 8080 },
  gatewayMetrics: { command: 'gateway-metrics', port: 8090 },
};

/**
 * The longest stack name whose children's names all fit Kubernetes' 63-character limits: the longest is the
 * managed PostgreSQL pod's `controller-revision-hash` label, `<stack>-postgres-<hash of up to 10 characters>`
 * (checked against every built child by the builders' tests). Stack names are DNS labels too, since they prefix
 * Service names.
 */
export const MAX_STACK_NAME_LENGTH = 63 - '-postgres-'.length - 10;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/;
const BLOCKCHAIN_ID = '[1-9A-HJ-NP-Za-km-z]{48,51}';
const CHAIN = new RegExp(`^(P|X|C|${BLOCKCHAIN_ID})$`);
const EVM_CHAIN = new RegExp(`^(C|${BLOCKCHAIN_ID})$`);
const QUANTITY =
  /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;
const DURATION = /^([0-9]+(ms|s|m|h))+$/;

/** A CEL rule of the CRD (x-kubernetes-validations); the API server evaluates it on create and update. */
interface CelRule {
  rule: string;
  message: string;
}

function rules(...list: CelRule[]) {
  return { 'x-kubernetes-validations': list };
}

/** A 32-bit integer, as Kubernetes declares replica counts and ports. */
function int32(description: string) {
  return z.int32().meta({ description, format: 'int32' });
}

function text(description: string) {
  return z.string().meta({ description });
}

function flag(description: string, defaultValue: boolean) {
  return z.boolean().default(defaultValue).meta({ description });
}

function stringMap(description: string) {
  return z.record(z.string(), z.string()).meta({ description });
}

/** An integer or a string such as `250m` or `1Gi`, as a Pod spec's resource quantities are declared. */
const quantity = z
  .union([z.int(), z.string().regex(QUANTITY)])
  .meta({ 'x-kubernetes-int-or-string': true, description: 'a quantity, e.g. 250m, 1, 512Mi or 2Gi' });

/** Requests and limits of one container; the defaults are each component's requests when the spec names none. */
function resources(description: string, defaultRequests?: { cpu: string; memory: string }) {
  const schema = z
    .object({
      requests: z.record(z.string(), quantity).optional().meta({
        description: 'the resources the container is scheduled with, e.g. cpu: 250m, memory: 512Mi',
      }),
      limits: z
        .record(z.string(), quantity)
        .optional()
        .meta({ description: 'the most the container may use, e.g. memory: 2Gi' }),
    })
    .meta({ description });
  return defaultRequests === undefined
    ? schema.optional()
    : schema.default({ requests: defaultRequests }).meta({
        description: `${description}; requests cpu: ${defaultRequests.cpu}, memory: ${defaultRequests.memory} when unset`,
      });
}

function secretKeyRef(description: string, defaultKey: string) {
  return z
    .object({
      name: text('name of a Secret in the stack’s namespace').regex(DNS_LABEL).max(253),
      key: text(`key within the Secret (default ${defaultKey})`).min(1).default(defaultKey),
    })
    .meta({ description });
}

const envVar = z
  .object({
    name: text('variable name').regex(ENV_NAME),
    value: text('the value').optional(),
    valueFrom: z.looseObject({}).optional().meta({
      description: 'a source for the value (secretKeyRef, configMapKeyRef, fieldRef…), as in a Pod spec',
      'x-kubernetes-preserve-unknown-fields': true,
    }),
  })
  .meta({ description: 'an environment variable of the component’s container, as in a Pod spec' });

const autoscaling = z
  .object({
    enabled: flag(
      'scale with a HorizontalPodAutoscaler on CPU utilisation instead of a fixed replica count',
      false,
    ),
    minReplicas: int32('fewest pods the autoscaler keeps').min(1).default(1),
    maxReplicas: int32('most pods the autoscaler runs').min(1).default(3),
    targetCPUUtilizationPercentage: int32('average CPU utilisation (of the requests) to aim for')
      .min(1)
      .max(100)
      .default(80),
  })
  .prefault({})
  .meta({
    description: 'horizontal autoscaling of the component',
    // The API server checks each rule against the schema's own default before nested defaults apply, so a rule
    // must hold for `{}` too: hence the has() guards.
    ...rules({
      rule: '!has(self.enabled) || !self.enabled || self.maxReplicas >= self.minReplicas',
      message: 'autoscaling.maxReplicas must be at least autoscaling.minReplicas',
    }),
  });

const COMPONENTS: Record<ComponentKey, { description: string; requests: { cpu: string; memory: string } }> = {
  containerIndexer: {
    description: 'mirrors the upstream Index APIs (P, X and C) and serves index lookups over gRPC',
    requests: { cpu: '250m', memory: '256Mi' },
  },
  primaryNetwork: {
    description: 'projects P-, X- and C-Chain containers into primary-network data, served over gRPC',
    requests: { cpu: '500m', memory: '512Mi' },
  },
  evmData: {
    description: 'indexes EVM chains (C-Chain and L1s): transactions, transfers, NFTs, contracts, ICM',
    requests: { cpu: '500m', memory: '512Mi' },
  },
  metrics: {
    description:
      'rolls up what evm-data indexes (through its block stream) into the Metrics API’s hour, day, week and month ' +
      'series, in its own schema of the stack’s database; served over gRPC',
    requests: { cpu: '250m', memory: '256Mi' },
  },
  exportWorker: {
    description:
      'runs the Data API’s transaction exports (CSV files) as jobs on the stack’s Redis, reading evm-data and ' +
      'primary-network, in its own schema of the stack’s database; served over gRPC to gateway-data. Its files ' +
      'are kept as spec.exportWorker.storage says',
    requests: { cpu: '250m', memory: '256Mi' },
  },
  nodeRpc: {
    description:
      'answers the node JSON-RPC calls (EVM, platform, X-Chain, info) from the upstream nodes, failing over, ' +
      'with final answers cached; served over gRPC to gateway-rpc',
    requests: { cpu: '250m', memory: '512Mi' },
  },
  signatureAggregator: {
    description:
      'collects Warp signatures from validators as a peer of the Avalanche network (ACP-118) and aggregates them; ' +
      'served over gRPC to gateway-data',
    requests: { cpu: '250m', memory: '256Mi' },
  },
  gatewayRpc: {
    description: 'serves the node JSON-RPC and Index APIs over HTTP',
    requests: { cpu: '100m', memory: '128Mi' },
  },
  gatewayData: { description: 'serves the Data API over HTTP', requests: { cpu: '100m', memory: '128Mi' } },
  gatewayMetrics: {
    description: 'serves the Metrics API over HTTP, from the metrics component',
    requests: { cpu: '100m', memory: '128Mi' },
  },
};

function component(key: ComponentKey) {
  const { description, requests } = COMPONENTS[key];
  return z
    .object({
      enabled: flag('run this component', true),
      replicas: int32('pods to run when autoscaling is off').min(0).default(1),
      resources: resources('compute resources of the component’s container', requests),
      autoscaling,
      env: z
        .array(envVar)
        .optional()
        .meta({
          description:
            'extra environment variables (see the README’s configuration table); they win over the ones the operator renders',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
        }),
    })
    .prefault({})
    .meta({ description });
}

const ingress = z
  .object({
    enabled: flag('publish the gateway through an Ingress', false),
    className: text('IngressClass of the Ingress; the cluster’s default class when unset').optional(),
    annotations: stringMap('annotations of the Ingress, e.g. for cert-manager or the controller').optional(),
    hosts: z
      .array(text('a host name').min(1))
      .optional()
      .meta({ description: 'host names the Ingress serves (at least one when enabled)' }),
    tls: z
      .array(
        z
          .object({
            secretName: text('Secret holding the certificate and key').regex(DNS_LABEL),
            hosts: z
              .array(text('a host name'))
              .optional()
              .meta({ description: 'host names the certificate covers' }),
          })
          .meta({ description: 'a TLS certificate for some of the hosts' }),
      )
      .optional()
      .meta({ description: 'TLS for the Ingress' }),
  })
  .prefault({})
  .meta({
    description: 'an Ingress in front of the gateway’s Service',
    ...rules({
      rule: '!has(self.enabled) || !self.enabled || (has(self.hosts) && size(self.hosts) > 0)',
      message: 'ingress.hosts needs at least one host when ingress.enabled is true',
    }),
  });

function gateway(key: GatewayKey) {
  const { command, port } = GATEWAYS[key];
  return z
    .object({
      service: z
        .object({
          type: z
            .enum(SERVICE_TYPES)
            .default('ClusterIP')
            .meta({ description: 'type of the gateway’s Service' }),
          port: int32(`port of the gateway’s Service (default ${port})`).min(1).max(65535).default(port),
          annotations: stringMap('annotations of the Service, e.g. load balancer settings').optional(),
        })
        .prefault({})
        .meta({ description: 'the Service in front of the gateway' }),
      ingress,
    })
    .prefault({})
    .meta({ description: `how ${command} is published` });
}

const upstream = z
  .object({
    devnet: z
      .object({
        enabled: flag('run the deterministic devnet in the cluster and follow it', false),
        historyHours: int32('hours of simulated history the devnet generates when it starts')
          .min(0)
          .max(24 * 365)
          .default(24),
        seed: text('seed of the devnet’s keys and activity; a fixed default when unset').min(1).optional(),
      })
      .optional()
      .meta({ description: 'a local network for evaluation without real nodes' }),
    nodes: z
      .array(text('a node base URL, e.g. http://avalanchego-0.avalanchego:9650').regex(HTTP_URL).max(2048))
      .min(1)
      .optional()
      .meta({ description: 'node base URLs serving every chain, in priority order' }),
    chains: z
      .array(
        z
          .object({
            chain: text('P, X, C or a blockchain id (cb58)').regex(CHAIN),
            nodes: z
              .array(text('a node base URL').regex(HTTP_URL).max(2048))
              .min(1)
              .meta({ description: 'node base URLs for this chain, in priority order' }),
          })
          .meta({ description: 'the nodes of one chain' }),
      )
      .min(1)
      .optional()
      .meta({
        description:
          'node base URLs for single chains, in priority order: calls for such a chain go there instead of to nodes',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['chain'],
      }),
    genesisUrl: text(
      'URL of the network’s genesis configuration (avalanchego’s genesis JSON, e.g. its genesis_mainnet.json), ' +
        'read by primary-network for the genesis UTXOs; the devnet’s own when the devnet is enabled',
    )
      .regex(HTTP_URL)
      .max(2048)
      .optional(),
    evmChains: z.array(text('C or a blockchain id (cb58)').regex(EVM_CHAIN)).min(1).default(['C']).meta({
      description:
        'EVM chains the stack serves (evm-data indexes them, node-rpc answers their /rpc): C and L1 blockchain ids (cb58)',
    }),
  })
  .meta({
    description: 'the Avalanche nodes the stack follows: real nodes, or the devnet',
    ...rules({
      rule: '(has(self.devnet) && self.devnet.enabled) != (has(self.nodes) || has(self.chains))',
      message: 'upstream: set either node URLs (nodes, chains) or devnet.enabled, exactly one',
    }),
  });

const managedPostgres = z
  .object({
    provider: z
      .enum(DATABASE_PROVIDERS)
      .default('Auto')
      .meta({ description: 'Auto uses CloudNativePG when its CRD is installed, else a StatefulSet' }),
    image: text(
      'PostgreSQL image (StatefulSet provider); runs as uid 70, the postgres user of the alpine images',
    )
      .min(1)
      .default('postgres:17-alpine'),
    instances: int32('PostgreSQL instances (CloudNativePG provider)').min(1).max(9).default(1),
    storage: z
      .object({
        size: text('size of the data volume')
          .regex(/^[0-9]+(\.[0-9]+)?([KMGTPE]i?)?$/)
          .default('10Gi'),
        storageClassName: text(
          'StorageClass of the volume; the cluster’s default class when unset',
        ).optional(),
      })
      .prefault({})
      .meta({ description: 'the data volume' }),
    retainOnDelete: flag(
      'keep the data when the stack is deleted: the volume and the password Secret (StatefulSet provider) or the ' +
        'CloudNativePG Cluster stay, and a stack created again under the same name and namespace uses them; ' +
        'false deletes them with the stack',
      true,
    ),
    resources: resources('compute resources of the PostgreSQL container', { cpu: '250m', memory: '512Mi' }),
  })
  .meta({ description: 'a PostgreSQL created and owned by the operator' });

const database = z
  .object({
    external: z
      .object({ secretRef: secretKeyRef('Secret holding a PostgreSQL connection string', 'dsn') })
      .optional()
      .meta({ description: 'a PostgreSQL 15+ server the stack connects to' }),
    managed: managedPostgres.optional(),
  })
  .prefault({ managed: {} })
  .meta({
    description: 'where the stack keeps its data: a PostgreSQL server of yours, or one the operator runs',
    ...rules({
      rule: 'has(self.external) != has(self.managed)',
      message: 'database: set exactly one of external (a DSN secret) or managed',
    }),
  });

const redis = z
  .object({
    external: z
      .object({
        url: text('redis:// or rediss:// URL')
          .regex(/^rediss?:\/\/[^\s]+$/)
          .optional(),
        secretRef: secretKeyRef('Secret holding the Redis URL', 'url').optional(),
      })
      .optional()
      .meta({
        description: 'a Redis of yours',
        ...rules({
          rule: 'has(self.url) != has(self.secretRef)',
          message: 'redis.external: set exactly one of url or secretRef',
        }),
      }),
    managed: z
      .object({
        image: text('Redis image; runs as uid 999, the redis user of the official images')
          .min(1)
          .default('redis:7-alpine'),
        resources: resources('compute resources of the Redis container', { cpu: '50m', memory: '64Mi' }),
      })
      .optional()
      .meta({ description: 'a Redis created and owned by the operator (its data is not persisted)' }),
  })
  .prefault({ managed: {} })
  .meta({
    description: 'the Redis that holds the stack’s job queues and the gateways’ shared rate limits',
    ...rules({
      rule: 'has(self.external) != has(self.managed)',
      message: 'redis: set exactly one of external or managed',
    }),
  });

const monitoring = z
  .object({
    podMonitor: z
      .object({
        enabled: flag(
          'create a Prometheus Operator PodMonitor (monitoring.coreos.com/v1) scraping every component’s /metrics; needs its CRD',
          false,
        ),
        interval: text('scrape interval, e.g. 30s').regex(DURATION).default('30s'),
        labels: stringMap(
          'extra labels of the PodMonitor, e.g. the one a Prometheus selects PodMonitors by',
        ).optional(),
      })
      .prefault({})
      .meta({ description: 'scraping by the Prometheus Operator' }),
    prometheusRule: z
      .object({
        enabled: flag(
          'create a Prometheus Operator PrometheusRule (monitoring.coreos.com/v1) with the stack’s alerts, each ' +
            'selecting the series the stack’s PodMonitor scrapes; needs its CRD',
          false,
        ),
        labels: stringMap(
          'extra labels of the PrometheusRule, e.g. the one a Prometheus selects rules by',
        ).optional(),
        alertLabels: stringMap(
          'labels added to every alert, e.g. for Alertmanager routes; an alert’s own labels (severity) win',
        ).optional(),
        runbookBaseUrl: text(
          'where the repository’s files are published (e.g. https://git.example/chain-data-stack/blob/v0.1.0/): ' +
            'put in front of each alert’s runbook_url, a path to its section of docs/monitoring.md',
        )
          .regex(HTTP_URL)
          .optional(),
      })
      .prefault({})
      .meta({ description: 'alerting rules for the Prometheus Operator (docs/monitoring.md)' }),
    namespaceSelector: stringMap(
      'labels of the namespaces whose pods may reach the components’ ops port (8081: /metrics, /livez, /readyz) ' +
        'through the stack’s NetworkPolicy; {} admits every namespace',
    ).default({ 'kubernetes.io/metadata.name': 'monitoring' }),
  })
  .prefault({})
  .meta({ description: 'how Prometheus scrapes the stack' });

/** Where export-worker mounts its volume (EXPORT_DIR). */
export const EXPORT_DIR = '/var/lib/chain-data/exports';

const exportDirectory = z
  .object({
    size: text(
      'size of the volume (the claim’s storage request); raising it later needs a StorageClass that allows ' +
        'volume expansion, and it can never shrink',
    )
      .regex(/^[0-9]+(\.[0-9]+)?([KMGTPE]i?)?$/)
      .default('10Gi'),
    storageClassName: text(
      'StorageClass of the volume; the cluster’s default class when unset. Fixed once the claim exists',
    )
      .min(1)
      .optional(),
    accessModes: z
      .array(z.enum(EXPORT_VOLUME_ACCESS_MODES).meta({ description: 'an access mode of the claim' }))
      .min(1)
      .max(EXPORT_VOLUME_ACCESS_MODES.length)
      .default(['ReadWriteOnce'])
      .meta({
        description:
          'access modes of the claim. ReadWriteMany (a StorageClass offering it: NFS, CephFS, EFS, Filestore…) ' +
          'is required when export-worker runs more than one pod, since every replica writes and serves the ' +
          'files; with ReadWriteOnce (the default) its one pod is replaced by Recreate, not a rolling update, so ' +
          'the new pod never waits for a volume the old one holds on another node. Fixed once the claim exists',
        'x-kubernetes-list-type': 'set',
        ...rules({
          rule: "!('ReadWriteOncePod' in self) || size(self) == 1",
          message:
            'exportWorker.storage.directory.accessModes: ReadWriteOncePod cannot be combined with others',
        }),
      }),
  })
  .meta({
    description:
      `a PersistentVolumeClaim, <stack>-export-worker-files, mounted at ${EXPORT_DIR} (EXPORT_DIR) in every ` +
      'export-worker pod; owned by the stack, it is deleted with the stack, or when export-worker is disabled or ' +
      'its files move to s3',
  });

const exportS3 = z
  .object({
    bucket: text('bucket the files are written to (EXPORT_S3_BUCKET)').regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/,
    ),
    prefix: text(
      'key prefix of the files, `<prefix><operation id>.csv` (EXPORT_S3_PREFIX); not starting with /',
    )
      .regex(/^[^/]/)
      .max(512)
      .default('exports/'),
    endpoint: text(
      'endpoint URL of an S3-compatible store, e.g. https://minio.example.com (EXPORT_S3_ENDPOINT); AWS S3 when ' +
        'unset. Download links are presigned URLs of this endpoint, so clients must be able to reach it',
    )
      .regex(HTTP_URL)
      .max(2048)
      .optional(),
    region: text('region of the bucket (EXPORT_S3_REGION)')
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/)
      .default('us-east-1'),
    forcePathStyle: flag(
      'address the bucket in the path (https://endpoint/bucket/key) rather than the host name, as MinIO and ' +
        'most S3-compatible stores need (EXPORT_S3_FORCE_PATH_STYLE)',
      false,
    ),
    credentialsSecretRef: z
      .object({
        name: text('name of a Secret in the stack’s namespace').regex(DNS_LABEL).max(253),
        accessKeyIdKey: text('key within the Secret holding the access key id (default AWS_ACCESS_KEY_ID)')
          .min(1)
          .default('AWS_ACCESS_KEY_ID'),
        secretAccessKeyKey: text(
          'key within the Secret holding the secret access key (default AWS_SECRET_ACCESS_KEY)',
        )
          .min(1)
          .default('AWS_SECRET_ACCESS_KEY'),
      })
      .optional()
      .meta({
        description:
          'Secret holding an access key, given to the pods as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; when ' +
          'unset the AWS SDK finds credentials itself (IRSA, EKS Pod Identity, an instance role: see ' +
          'spec.exportWorker.serviceAccountName)',
      }),
  })
  .meta({ description: 'S3-compatible object storage; download links are the store’s presigned URLs' });

const exportWorker = z
  .object({
    storage: z
      .object({ directory: exportDirectory.optional(), s3: exportS3.optional() })
      .prefault({ directory: {} })
      .meta({
        description:
          'where the export files are kept: a volume (directory, the default) or object storage (s3)',
        ...rules({
          rule: 'has(self.directory) != has(self.s3)',
          message: 'exportWorker.storage: set exactly one of directory or s3',
        }),
      }),
    concurrency: int32('exports one pod runs at once (EXPORT_CONCURRENCY)').min(1).max(64).default(2),
    maxRows: int32(
      'most rows one export file holds (EXPORT_MAX_ROWS); an export that would exceed a limit ends with the day ' +
        'before, completed with a warning naming the day to continue from',
    )
      .min(1)
      .max(100_000_000)
      .default(1_000_000),
    maxBytes: z
      .int()
      .min(1024)
      .max(2 ** 40)
      .default(256 * 1024 * 1024)
      .meta({ description: 'most bytes one export file holds (EXPORT_MAX_BYTES; 256 MiB)', format: 'int64' }),
    retentionDays: int32('days a finished export is kept, its file and its operation (EXPORT_RETENTION_DAYS)')
      .min(1)
      .max(3650)
      .default(7),
    downloadLinks: z
      .object({
        origin: text(
          'origin the links name, as clients reach gateway-data, e.g. https://data.example.com (its PUBLIC_URL); ' +
            'when unset, https://<first host> of gateway-data’s Ingress (http:// when no TLS entry covers that ' +
            'host), or without an Ingress the origin of each request',
        )
          .regex(HTTP_URL)
          .max(2048)
          .optional(),
        ttlSeconds: int32(
          'how long a download link stays valid, in seconds: gateway-data’s signed links ' +
            '(EXPORT_DOWNLOAD_LINK_TTL_SECONDS) and the object store’s presigned URLs ' +
            '(EXPORT_DOWNLOAD_URL_TTL_SECONDS)',
        )
          .min(60)
          .max(7 * 86_400)
          .default(3_600),
      })
      .prefault({})
      .meta({ description: 'the links to finished exports’ files that gateway-data hands out' }),
    serviceAccountName: text(
      'ServiceAccount the export-worker pods run as, e.g. one bound to a cloud role that may write the bucket ' +
        '(IRSA, EKS Pod Identity, GKE workload identity); the namespace’s default when unset. It must exist; its ' +
        'API token is not mounted',
    )
      .regex(DNS_SUBDOMAIN)
      .max(253)
      .optional(),
  })
  .prefault({})
  .meta({
    description:
      'the Data API’s transaction exports, which spec.components.exportWorker runs: where the files are kept, ' +
      'the jobs’ limits, and the download links gateway-data hands out',
  });

/**
 * More than one export-worker pod (replicas, or an autoscaler that may add some) on a volume needs every pod to
 * mount it read-write. The fields have defaults, so after defaulting they are there; the has() guards keep the
 * rule true of anything before.
 */
const EXPORT_REPLICAS_RULE: CelRule = {
  rule: [
    '!has(self.exportWorker) || !has(self.exportWorker.storage) || !has(self.exportWorker.storage.directory)',
    '!has(self.components) || !has(self.components.exportWorker)',
    '(has(self.components.exportWorker.enabled) && !self.components.exportWorker.enabled)',
    "(has(self.exportWorker.storage.directory.accessModes) && 'ReadWriteMany' in self.exportWorker.storage.directory.accessModes)",
    '((!has(self.components.exportWorker.replicas) || self.components.exportWorker.replicas <= 1) && ' +
      '(!has(self.components.exportWorker.autoscaling) || !has(self.components.exportWorker.autoscaling.enabled) || ' +
      '!self.components.exportWorker.autoscaling.enabled || ' +
      '(has(self.components.exportWorker.autoscaling.maxReplicas) && self.components.exportWorker.autoscaling.maxReplicas <= 1)))',
  ].join(' || '),
  message:
    'exportWorker.storage.directory.accessModes must include ReadWriteMany when components.exportWorker runs more ' +
    'than one pod (replicas, or autoscaling.maxReplicas, above 1): every replica writes and serves the files. ' +
    'Or keep the files in object storage (exportWorker.storage.s3)',
};

/** A tier's name and bounds, as the gateways' RATE_LIMIT_TIERS parser (services/edge/limits/tiers.ts) checks them. */
const TIER_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_COMPUTE_UNITS = 1e12;
const DEFAULT_TIER_LIST = DEFAULT_TIERS.map((t) => `${t.name} ${t.perMinute}/${t.perDay}`).join(', ');

function computeUnits(description: string) {
  return z.int().min(1).max(MAX_COMPUTE_UNITS).meta({ description, format: 'int64' });
}

/**
 * The gateways' edge: API keys, rate limits and the request log, in the stack's database (schema `edge`) and, for
 * the limits every replica shares, its Redis.
 */
const edge = z
  .object({
    rateLimits: flag(
      'limit each caller to its tier’s compute units per minute and per day (RATE_LIMITS): callers with an API ' +
        'key by their key’s tier, callers without one by client address at the unauthenticated tier',
      true,
    ),
    tiers: z
      .array(
        z
          .object({
            name: text(
              'name of the tier: lower-case letters, digits and dashes, starting with a letter (at most 32); a ' +
                'default tier’s name replaces that tier',
            ).regex(TIER_NAME),
            perMinute: computeUnits('compute units a caller of this tier may spend per minute (1 to 10^12)'),
            perDay: computeUnits('compute units a caller of this tier may spend per day (1 to 10^12)'),
          })
          .meta({ description: 'one tier' }),
      )
      .max(64)
      .optional()
      .meta({
        description:
          'tiers beside the defaults (RATE_LIMIT_TIERS): each replaces the default tier of its name or adds one. ' +
          `The defaults, perMinute/perDay: ${DEFAULT_TIER_LIST}. Callers without a key are limited at ` +
          'unauthenticated; keys are created at free unless another tier is named',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
      }),
    bootstrapKeys: z
      .object({
        secretName: text('name of a Secret in the stack’s namespace').regex(DNS_LABEL).max(253),
        key: text('key within the Secret (default keys)').min(1).default('keys'),
      })
      .optional()
      .meta({
        description:
          'API keys every gateway makes sure exist when it starts (BOOTSTRAP_API_KEYS), from a Secret of yours: ' +
          'name:tier:key entries separated by commas or newlines, each key 32 to 256 visible ASCII characters ' +
          'and each tier one of the stack’s. Other keys are created with `chain-data keys create` in a gateway pod',
      }),
    requestLogs: z
      .object({
        enabled: flag('log every request of the gateways in the database, for usage (REQUEST_LOGS)', true),
        retentionDays: int32('days the request log is kept (REQUEST_LOG_RETENTION_DAYS)')
          .min(1)
          .max(3650)
          .default(30),
      })
      .prefault({})
      .meta({ description: 'the gateways’ request log, in the stack’s database' }),
    trustedProxyHops: int32(
      'how many proxies in front of each gateway append to X-Forwarded-For (TRUSTED_PROXY_HOPS): the limits ' +
        'count callers without a key by the client address that many hops from the end of the header. When ' +
        'unset, 1 for a gateway published through its Ingress (the Ingress controller) and 0 for the others; add ' +
        'one for each proxy in front of the Ingress controller that appends to the header (a CDN, a load ' +
        'balancer)',
    )
      .min(0)
      .max(16)
      .optional(),
    keyCacheTtlSeconds: int32(
      'how long a gateway trusts an API key it looked up, in seconds (API_KEY_CACHE_TTL_MS; 10 when unset): with ' +
        'Redis, revocations reach every replica at once anyway; without it, a revoked key works this long at most',
    )
      .min(0)
      .max(3600)
      .optional(),
  })
  .prefault({})
  .meta({
    description:
      'the gateways’ API keys, rate limits and request log. The keys are stored as HMAC-SHA256 under the ' +
      'stack’s own secret, which the operator generates once into the Secret <stack>-api-keys and never changes ' +
      '(a new one would invalidate every key); it is kept as long as the stack’s database is',
  });

const spec = z
  .object({
    image: z
      .object({
        repository: text('image repository; the operator’s own when unset').min(1).optional(),
        tag: text('image tag; the operator’s own when unset').min(1).optional(),
        pullPolicy: z.enum(PULL_POLICIES).default('IfNotPresent').meta({ description: 'image pull policy' }),
        pullSecrets: z
          .array(text('name of a Secret of type kubernetes.io/dockerconfigjson').regex(DNS_LABEL))
          .optional()
          .meta({ description: 'Secrets for pulling the image' }),
      })
      .prefault({})
      .meta({ description: 'the image every component runs (the one chain-data image)' }),
    network: z
      .enum(NETWORKS)
      .default('mainnet')
      .meta({
        description: 'Avalanche network whose data the stack serves; cannot change once set',
        ...rules({ rule: 'self == oldSelf', message: 'network is immutable' }),
      }),
    upstream,
    database,
    redis,
    components: z
      .object(
        Object.fromEntries(COMPONENT_KEYS.map((key) => [key, component(key)])) as {
          [K in ComponentKey]: ReturnType<typeof component>;
        },
      )
      .prefault({})
      .meta({ description: 'the components of the stack, each on or off, sized and scaled' }),
    gateways: z
      .object(
        Object.fromEntries(GATEWAY_KEYS.map((key) => [key, gateway(key)])) as {
          [K in GatewayKey]: ReturnType<typeof gateway>;
        },
      )
      .prefault({})
      .meta({ description: 'how the gateways are published: their Services and Ingresses' }),
    tracing: z
      .object({
        otlpEndpoint: text('OTLP collector base URL, e.g. http://collector:4318; no export when unset')
          .regex(HTTP_URL)
          .optional(),
        protocol: z.enum(OTLP_PROTOCOLS).default('http/protobuf').meta({ description: 'OTLP protocol' }),
        samplingRatio: z
          .number()
          .min(0)
          .max(1)
          .default(1)
          .meta({ description: 'share of traces sampled at the root (parent-based below it)' }),
      })
      .optional()
      .meta({ description: 'OpenTelemetry trace export' }),
    monitoring,
    exportWorker,
    indexer: z
      .object({
        enabled: flag('follow the upstream Index APIs', true),
        allowIncomplete: flag('allow running in a way that leaves or uses an incomplete index', false),
      })
      .prefault({})
      .meta({ description: 'the container indexer’s mode' }),
    nodeRpc: z
      .object({
        batchLimit: int32('calls one EVM JSON-RPC batch may hold (40 on the public API nodes)')
          .min(1)
          .max(10_000)
          .default(40),
        debugApi: flag('serve the EVM chains’ debug_ namespace (traces), off on a node by default', false),
        hedgeAfterMs: int32(
          'an EVM read a node has not answered after this many milliseconds goes to the next node too (0: never)',
        )
          .min(0)
          .max(60_000)
          .default(0),
        adminApi: z
          .object({
            credentialSecretRef: secretKeyRef(
              'Secret holding the credential (at least 32 characters) a call must carry as Authorization: Bearer',
              'token',
            ),
          })
          .optional()
          .meta({
            description:
              'serve the C-Chain admin API (/ext/bc/C/admin) to the holder of a credential only; when unset it ' +
              'answers 404, as a node with it off',
          }),
      })
      .prefault({})
      .meta({ description: 'the node JSON-RPC surface gateway-rpc serves through node-rpc' }),
    signatureAggregator: z
      .object({
        budgetMs: int32('how long one request may spend collecting signatures, in milliseconds')
          .min(100)
          .max(600_000)
          .default(10_000),
        appRequestTimeoutMs: int32('how long one validator is waited for per attempt, in milliseconds')
          .min(10)
          .max(60_000)
          .default(5_000),
      })
      .prefault({})
      .meta({ description: 'how the signature aggregator asks the validators' }),
    edge,
  })
  .meta({ description: 'the desired stack', ...rules(EXPORT_REPLICAS_RULE) });

const condition = z
  .object({
    type: text('Ready, Progressing or Degraded'),
    status: z.enum(['True', 'False', 'Unknown']).meta({ description: 'whether the condition holds' }),
    observedGeneration: z
      .int()
      .min(0)
      .optional()
      .meta({ description: 'the metadata.generation the condition was computed from', format: 'int64' }),
    lastTransitionTime: z.iso
      .datetime()
      .meta({ description: 'when the status last changed (RFC 3339)', format: 'date-time' }),
    reason: text('why, in one CamelCase word'),
    message: text('why, in words'),
  })
  .meta({ description: 'one condition of the stack' });

const status = z
  .object({
    observedGeneration: z
      .int()
      .optional()
      .meta({ description: 'the metadata.generation the operator last reconciled', format: 'int64' }),
    conditions: z
      .array(condition)
      .optional()
      .meta({
        description:
          'Ready (every component ready), Progressing (a rollout under way), Degraded (a problem stands)',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['type'],
      }),
    components: z
      .array(
        z
          .object({
            name: text('the component, as `chain-data <component>` runs it'),
            desiredReplicas: z.int().meta({ description: 'pods the component should run', format: 'int32' }),
            readyReplicas: z.int().meta({ description: 'pods that are ready', format: 'int32' }),
            updatedReplicas: z
              .int()
              .meta({ description: 'pods running the current template', format: 'int32' }),
          })
          .meta({ description: 'one component’s pods' }),
      )
      .optional()
      .meta({
        description: 'per-component replica counts',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
      }),
    componentsReady: text('ready/desired components, e.g. 8/8 (the Components column)').optional(),
    endpoints: z
      .array(
        z
          .object({ name: text('the gateway'), url: text('its in-cluster URL') })
          .meta({ description: 'one gateway’s address' }),
      )
      .optional()
      .meta({ description: 'where the gateways answer inside the cluster' }),
  })
  .meta({ description: 'what the operator observed' });

export const chainDataStackSchema = z
  .object({
    apiVersion: text('chaindatastack.io/v1alpha1'),
    kind: text('ChainDataStack'),
    metadata: z.looseObject({}).meta({
      description: 'standard object metadata; the name must be a DNS label that derived names can extend',
    }),
    spec,
    status: status.optional(),
  })
  .meta({
    description: `${KIND} (${API_VERSION}): one Chain Data Stack, reconciled by the chain-data operator`,
    ...rules(
      {
        rule: `size(self.metadata.name) <= ${MAX_STACK_NAME_LENGTH}`,
        message: `metadata.name: at most ${MAX_STACK_NAME_LENGTH} characters, so that the names of the stack's children fit Kubernetes' 63-character limit`,
      },
      {
        rule: `self.metadata.name.matches('${DNS_LABEL.source}')`,
        message:
          "metadata.name: a DNS label (lower-case letters, digits and '-', starting and ending with a letter or digit), since it prefixes Service names",
      },
    ),
  });

export type ChainDataStackSpec = z.output<typeof spec>;
export type ComponentSpec = ChainDataStackSpec['components'][ComponentKey];
export type AutoscalingSpec = ComponentSpec['autoscaling'];
export type GatewaySpec = ChainDataStackSpec['gateways'][GatewayKey];
export type IngressSpec = GatewaySpec['ingress'];
export type DatabaseSpec = ChainDataStackSpec['database'];
export type ManagedPostgresSpec = NonNullable<DatabaseSpec['managed']>;
export type RedisSpec = ChainDataStackSpec['redis'];
export type UpstreamSpec = ChainDataStackSpec['upstream'];
export type EdgeSpec = ChainDataStackSpec['edge'];
export type ResourceRequirements = NonNullable<z.output<ReturnType<typeof resources>>>;
export type Quantity = z.output<typeof quantity>;
export type SecretKeyRef = z.output<ReturnType<typeof secretKeyRef>>;
export type EnvVar = z.output<typeof envVar>;

export const CONDITION_TYPES = ['Ready', 'Progressing', 'Degraded'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** The CRD keeps `type` open (a newer operator may add one); the operator writes only these three. */
export type Condition = Omit<z.output<typeof condition>, 'type' | 'observedGeneration'> & {
  type: ConditionType;
  observedGeneration: number;
};
export type ComponentStatus = NonNullable<z.output<typeof status>['components']>[number];
export type ChainDataStackStatus = Omit<z.output<typeof status>, 'conditions'> & { conditions?: Condition[] };

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
