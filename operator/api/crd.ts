/**
 * The ChainDataStack CustomResourceDefinition, rendered from the one schema in v1alpha1.ts. `make crds` writes it
 * to crds/ (the source platform engineers read) and into the chart; `make check` fails when a copy is stale.
 *
 * zod's JSON Schema is close to what Kubernetes wants; toStructural makes it a structural schema, which the API
 * server requires of a CRD: no `$schema` or `propertyNames`, integer bounds only where the spec sets them, and the
 * exact `anyOf` form Kubernetes allows for int-or-string.
 */
import { z } from 'zod';
import { chainDataStackSchema, GROUP, KIND, PLURAL, VERSION } from './v1alpha1.ts';

type Schema = Record<string, unknown>;

/** Bounds zod writes for its integer types by themselves; the spec's own bounds are kept. */
const IMPLICIT_BOUNDS = new Set([2147483647, -2147483648, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

export function toStructural(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toStructural);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as Schema;
  if (schema['x-kubernetes-int-or-string'] === true) {
    const { anyOf: _anyOf, ...rest } = schema;
    return { ...rest, anyOf: [{ type: 'integer' }, { type: 'string' }] };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'propertyNames') continue;
    if ((key === 'minimum' || key === 'maximum') && IMPLICIT_BOUNDS.has(value as number)) continue;
    // A string's pattern and its format would say the same twice (zod adds a pattern to iso datetimes).
    if (key === 'pattern' && schema.format === 'date-time') continue;
    // Kubernetes keeps unknown fields where this is set: additionalProperties beside it would contradict it, and
    // an empty properties says nothing.
    const keepsUnknown = schema['x-kubernetes-preserve-unknown-fields'] === true;
    if (keepsUnknown && key === 'additionalProperties') continue;
    if (keepsUnknown && key === 'properties' && Object.keys(value as Schema).length === 0) continue;
    out[key] = key === 'default' || key === 'x-kubernetes-validations' ? value : toStructural(value);
  }
  return out;
}

/** The CRD's openAPIV3Schema: what the API server validates, defaults and explains (`kubectl explain`). */
export function openApiSchema(): Schema {
  const jsonSchema = z.toJSONSchema(chainDataStackSchema, { io: 'input', unrepresentable: 'throw' });
  const schema = toStructural(jsonSchema) as Schema;
  // The API server supplies metadata's own schema (with its descriptions); a CRD may only say it is an object.
  (schema.properties as Record<string, Schema>).metadata = { type: 'object' };
  return schema;
}

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
          schema: { openAPIV3Schema: openApiSchema() },
        },
      ],
    },
  };
}
