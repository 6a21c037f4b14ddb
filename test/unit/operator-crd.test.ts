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
});
