/**
 * The CRD rendered from the one zod schema: structural as Kubernetes requires, and described field by field, so
 * `kubectl explain chaindatastack` explains everything (the real API server's view of it is tested in
 * test/integration/operator-real-apiserver.test.ts).
 */
import { expect } from 'chai';
import { openApiSchema } from '../../operator/api/crd.ts';
import { chainDataStackSchema } from '../../operator/api/v1alpha1.ts';

type Schema = Record<string, unknown>;

/** Every field of the schema, as `kubectl explain` names it (`spec.components.evmData.replicas`), with its schema. */
export function fieldsOf(schema: Schema, path = ''): [string, Schema][] {
  const fields: [string, Schema][] = [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, property] of Object.entries(properties)) {
    const at = path ? `${path}.${name}` : name;
    fields.push([at, property]);
    fields.push(...fieldsOf(property, at));
    const items = property.items as Schema | undefined;
    if (items) fields.push(...fieldsOf(items, at));
    const values = property.additionalProperties as Schema | undefined;
    if (values && typeof values === 'object') fields.push(...fieldsOf(values, `${at}.*`));
  }
  return fields;
}

describe('ChainDataStack CRD schema', () => {
  const schema = openApiSchema();

  it('describes every field, status included', () => {
    const fields = fieldsOf(schema);
    expect(fields.length).to.be.greaterThan(150);
    const undescribed = fields
      .filter(([path, field]) => path !== 'metadata' && typeof field.description !== 'string')
      .map(([path]) => path);
    expect(undescribed).to.deep.equal([]);
    expect(fields.map(([path]) => path)).to.include.members([
      'status.conditions.lastTransitionTime',
      'spec.database.managed.retainOnDelete',
      'spec.monitoring.podMonitor.enabled',
    ]);
  });

  it('is structural: a type on every node, anyOf only in the int-or-string form', () => {
    const visit = (node: Schema, path: string) => {
      if (node['x-kubernetes-int-or-string'] === true) {
        expect(node.anyOf, path).to.deep.equal([{ type: 'integer' }, { type: 'string' }]);
        return;
      }
      expect(node.type, `${path} has a type`).to.be.a('string');
      for (const key of ['anyOf', 'oneOf', 'allOf', 'not', '$ref', '$schema', 'propertyNames']) {
        expect(node, path).to.not.have.property(key);
      }
      for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) {
        visit(child, `${path}.${name}`);
      }
      if (node.items) visit(node.items as Schema, `${path}[]`);
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        visit(node.additionalProperties as Schema, `${path}.*`);
      }
    };
    visit(schema, '');
  });

  it('types the operator’s view of a stack from the same schema (defaults applied)', () => {
    const parsed = chainDataStackSchema.parse({
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name: 'devnet' },
      spec: { upstream: { devnet: { enabled: true } } },
    });
    expect(parsed.spec.components.evmData).to.deep.include({ enabled: true, replicas: 1 });
    expect(parsed.spec.components.evmData.resources).to.deep.equal({
      requests: { cpu: '500m', memory: '512Mi' },
    });
    expect(parsed.spec.database.managed).to.deep.include({ provider: 'Auto', retainOnDelete: true });
    expect(parsed.spec.gateways.gatewayRpc.service.port).to.equal(9650);
  });

  const stack = (spec: Record<string, unknown>) =>
    chainDataStackSchema.safeParse({
      apiVersion: 'chaindatastack.io/v1alpha1',
      kind: 'ChainDataStack',
      metadata: { name: 'exports' },
      spec: { upstream: { devnet: { enabled: true } }, ...spec },
    });

  it('runs export-worker by default, its files on a ReadWriteOnce volume, with the worker’s own limits', () => {
    const parsed = stack({});
    expect(parsed.success).to.equal(true);
    const spec = parsed.data!.spec;
    expect(spec.components.exportWorker).to.deep.include({ enabled: true, replicas: 1 });
    expect(spec.components.exportWorker.resources).to.deep.equal({
      requests: { cpu: '250m', memory: '256Mi' },
    });
    expect(spec.exportWorker).to.deep.equal({
      storage: { directory: { size: '10Gi', accessModes: ['ReadWriteOnce'] } },
      concurrency: 2,
      maxRows: 1_000_000,
      maxBytes: 256 * 1024 * 1024,
      retentionDays: 7,
      downloadLinks: { ttlSeconds: 3_600 },
    });
    const s3 = stack({
      exportWorker: { storage: { s3: { bucket: 'exports', credentialsSecretRef: { name: 'keys' } } } },
    });
    expect(s3.data!.spec.exportWorker.storage).to.deep.equal({
      s3: {
        bucket: 'exports',
        prefix: 'exports/',
        region: 'us-east-1',
        forcePathStyle: false,
        credentialsSecretRef: {
          name: 'keys',
          accessKeyIdKey: 'AWS_ACCESS_KEY_ID',
          secretAccessKeyKey: 'AWS_SECRET_ACCESS_KEY',
        },
      },
    });
  });

  it('refuses export settings the worker would refuse, naming the field', () => {
    const refused = (exportWorker: unknown) => {
      const parsed = stack({ exportWorker });
      expect(parsed.success, JSON.stringify(exportWorker)).to.equal(false);
      return parsed.error!.issues.map((i) => i.path.join('.'));
    };
    expect(refused({ storage: { directory: { accessModes: ['ReadOnlyMany'] } } })).to.deep.equal([
      'spec.exportWorker.storage.directory.accessModes.0',
    ]);
    expect(refused({ storage: { directory: { accessModes: [] } } })).to.deep.equal([
      'spec.exportWorker.storage.directory.accessModes',
    ]);
    expect(refused({ storage: { directory: { size: 'ten gigs' } } })).to.deep.equal([
      'spec.exportWorker.storage.directory.size',
    ]);
    expect(refused({ storage: { s3: {} } })).to.deep.equal(['spec.exportWorker.storage.s3.bucket']);
    // The worker's own rules for bucket, prefix and region, so a stack it would refuse is refused at admission.
    expect(refused({ storage: { s3: { bucket: 'b' } } })).to.deep.equal([
      'spec.exportWorker.storage.s3.bucket',
    ]);
    expect(refused({ storage: { s3: { bucket: 'exports', prefix: '/exports/' } } })).to.deep.equal([
      'spec.exportWorker.storage.s3.prefix',
    ]);
    expect(refused({ storage: { s3: { bucket: 'exports', region: 'eu west' } } })).to.deep.equal([
      'spec.exportWorker.storage.s3.region',
    ]);
    expect(refused({ storage: { s3: { bucket: 'exports', endpoint: 'minio:9000' } } })).to.deep.equal([
      'spec.exportWorker.storage.s3.endpoint',
    ]);
    expect(refused({ concurrency: 0 })).to.deep.equal(['spec.exportWorker.concurrency']);
    expect(refused({ maxBytes: 2 ** 41 })).to.deep.equal(['spec.exportWorker.maxBytes']);
    expect(refused({ retentionDays: 0 })).to.deep.equal(['spec.exportWorker.retentionDays']);
    expect(refused({ downloadLinks: { ttlSeconds: 30 } })).to.deep.equal([
      'spec.exportWorker.downloadLinks.ttlSeconds',
    ]);
    expect(refused({ serviceAccountName: 'Exports_Writer' })).to.deep.equal([
      'spec.exportWorker.serviceAccountName',
    ]);
  });

  it('runs the gateways’ edge by default: rate limits on, the request log kept 30 days, no tiers of its own', () => {
    const parsed = stack({});
    expect(parsed.success).to.equal(true);
    // trustedProxyHops and keyCacheTtlSeconds stay unset: the operator decides the first per gateway (its
    // Ingress), the gateways the second.
    expect(parsed.data!.spec.edge).to.deep.equal({
      rateLimits: true,
      requestLogs: { enabled: true, retentionDays: 30 },
    });
    const full = stack({
      edge: {
        tiers: [{ name: 'enterprise', perMinute: 100_000, perDay: 1e12 }],
        bootstrapKeys: { secretName: 'gateway-keys' },
        requestLogs: { enabled: false },
        trustedProxyHops: 16,
        keyCacheTtlSeconds: 0,
      },
    });
    expect(full.success).to.equal(true);
    expect(full.data!.spec.edge).to.deep.equal({
      rateLimits: true,
      tiers: [{ name: 'enterprise', perMinute: 100_000, perDay: 1e12 }],
      bootstrapKeys: { secretName: 'gateway-keys', key: 'keys' },
      requestLogs: { enabled: false, retentionDays: 30 },
      trustedProxyHops: 16,
      keyCacheTtlSeconds: 0,
    });
  });

  it('refuses edge settings the gateways would refuse, naming the field', () => {
    const refused = (edge: unknown) => {
      const parsed = stack({ edge });
      expect(parsed.success, JSON.stringify(edge)).to.equal(false);
      return parsed.error!.issues.map((i) => i.path.join('.'));
    };
    const tier = (t: Record<string, unknown>) => ({
      tiers: [{ name: 'pro', perMinute: 1, perDay: 1, ...t }],
    });
    // RATE_LIMIT_TIERS' own rules (services/edge/limits/tiers.ts): a name, and 1 to 10^12 compute units.
    expect(refused(tier({ name: 'Pro' }))).to.deep.equal(['spec.edge.tiers.0.name']);
    expect(refused(tier({ name: '9lives' }))).to.deep.equal(['spec.edge.tiers.0.name']);
    expect(refused(tier({ name: `t${'x'.repeat(32)}` }))).to.deep.equal(['spec.edge.tiers.0.name']);
    expect(refused(tier({ perMinute: 0 }))).to.deep.equal(['spec.edge.tiers.0.perMinute']);
    expect(refused(tier({ perDay: 1e12 + 1 }))).to.deep.equal(['spec.edge.tiers.0.perDay']);
    expect(refused(tier({ perDay: 1.5 }))).to.deep.equal(['spec.edge.tiers.0.perDay']);
    expect(refused({ tiers: [{ name: 'pro', perMinute: 1 }] })).to.deep.equal(['spec.edge.tiers.0.perDay']);
    expect(refused({ bootstrapKeys: {} })).to.deep.equal(['spec.edge.bootstrapKeys.secretName']);
    expect(refused({ bootstrapKeys: { secretName: 'Keys' } })).to.deep.equal([
      'spec.edge.bootstrapKeys.secretName',
    ]);
    expect(refused({ bootstrapKeys: { secretName: 'keys', key: '' } })).to.deep.equal([
      'spec.edge.bootstrapKeys.key',
    ]);
    expect(refused({ requestLogs: { retentionDays: 0 } })).to.deep.equal([
      'spec.edge.requestLogs.retentionDays',
    ]);
    expect(refused({ requestLogs: { retentionDays: 3651 } })).to.deep.equal([
      'spec.edge.requestLogs.retentionDays',
    ]);
    expect(refused({ trustedProxyHops: 17 })).to.deep.equal(['spec.edge.trustedProxyHops']);
    expect(refused({ trustedProxyHops: -1 })).to.deep.equal(['spec.edge.trustedProxyHops']);
    expect(refused({ keyCacheTtlSeconds: 3601 })).to.deep.equal(['spec.edge.keyCacheTtlSeconds']);
    expect(refused({ rateLimits: 'yes' })).to.deep.equal(['spec.edge.rateLimits']);
  });

  it('keys the tiers by name in the CRD, so the API server refuses a tier listed twice', () => {
    const schema = openApiSchema() as {
      properties: { spec: { properties: { edge: { properties: Record<string, Schema> } } } };
    };
    const edge = schema.properties.spec.properties.edge;
    expect(edge.properties.tiers).to.deep.include({
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
    });
    expect((edge.properties.tiers!.items as Schema).properties).to.deep.include({
      perDay: {
        type: 'integer',
        minimum: 1,
        maximum: 1e12,
        format: 'int64',
        description: 'compute units a caller of this tier may spend per day (1 to 10^12)',
      },
    });
    expect(edge.properties.tiers!.description).to.include(
      'The defaults, perMinute/perDay: unauthenticated 6000/1200000, free 8000/2000000,',
    );
  });

  it('carries the CEL rules zod can’t check: one storage, ReadWriteMany for more than one pod', () => {
    const schema = openApiSchema() as {
      properties: {
        spec: Schema & { properties: Record<string, Schema & { properties: Record<string, Schema> }> };
      };
    };
    const rulesOf = (node: Schema) =>
      ((node['x-kubernetes-validations'] ?? []) as { message: string }[]).map((r) => r.message);
    const spec = schema.properties.spec;
    expect(rulesOf(spec)).to.deep.equal([
      'exportWorker.storage.directory.accessModes must include ReadWriteMany when components.exportWorker runs more than one pod (replicas, or autoscaling.maxReplicas, above 1): every replica writes and serves the files. Or keep the files in object storage (exportWorker.storage.s3)',
    ]);
    const storage = spec.properties.exportWorker!.properties.storage!;
    expect(rulesOf(storage)).to.deep.equal(['exportWorker.storage: set exactly one of directory or s3']);
    expect(storage.default).to.deep.equal({ directory: {} });
    const accessModes = (storage.properties as Record<string, { properties: Record<string, Schema> }>)
      .directory!.properties.accessModes!;
    expect(rulesOf(accessModes)).to.deep.equal([
      'exportWorker.storage.directory.accessModes: ReadWriteOncePod cannot be combined with others',
    ]);
  });
});
