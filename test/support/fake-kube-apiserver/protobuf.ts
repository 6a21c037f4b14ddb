import { badRequest, unsupportedMediaType } from './errors.ts';
import { withoutUndefined } from './json.ts';
import type { KubeObject, Obj, ObjectMeta } from './types.ts';

// ---- Protobuf request bodies ----

interface ProtoField {
  no: number;
  varint: bigint;
  bytes: Buffer;
}

/** Protocol buffers wire format, enough for the varint and length-delimited fields Kubernetes types use. */
function protoFields(buf: Buffer): ProtoField[] {
  const fields: ProtoField[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[pos++];
      if (byte === undefined) throw badRequest('truncated protobuf body');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
  };
  while (pos < buf.length) {
    const tag = Number(varint());
    const field: ProtoField = { no: tag >> 3, varint: 0n, bytes: Buffer.alloc(0) };
    const wire = tag & 7;
    if (wire === 0) field.varint = varint();
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      const length = Number(varint());
      field.bytes = buf.subarray(pos, pos + length);
      pos += length;
    } else throw badRequest('unsupported protobuf wire type');
    fields.push(field);
  }
  return fields;
}

class ProtoMessage {
  readonly fields: ProtoField[];
  constructor(buf: Buffer | undefined) {
    this.fields = protoFields(buf ?? Buffer.alloc(0));
  }
  /** Go writes empty non-pointer strings too; like JSON's omitempty, they count as unset. */
  string(no: number): string | undefined {
    return this.fields.find((f) => f.no === no)?.bytes.toString('utf8') || undefined;
  }
  bool(no: number): boolean | undefined {
    const f = this.fields.find((x) => x.no === no);
    return f && f.varint !== 0n;
  }
  int(no: number): number | undefined {
    const f = this.fields.find((x) => x.no === no);
    return f && Number(f.varint);
  }
  message(no: number): ProtoMessage | undefined {
    const f = this.fields.find((x) => x.no === no);
    return f && new ProtoMessage(f.bytes);
  }
  repeated(no: number): ProtoMessage[] {
    return this.fields.filter((f) => f.no === no).map((f) => new ProtoMessage(f.bytes));
  }
  strings(no: number): string[] {
    return this.fields.filter((f) => f.no === no).map((f) => f.bytes.toString('utf8'));
  }
  /** A map field: repeated entries with key 1 and value 2; bytes values become base64, as in JSON. */
  map(no: number, bytes = false): Record<string, string> | undefined {
    const entries = this.repeated(no);
    if (entries.length === 0) return undefined;
    return Object.fromEntries(
      entries.map((e) => {
        const value = e.fields.find((f) => f.no === 2)?.bytes ?? Buffer.alloc(0);
        return [e.string(1) ?? '', bytes ? value.toString('base64') : value.toString('utf8')];
      }),
    );
  }
}

/** k8s.io/apimachinery ObjectMeta (generated.proto field numbers), client-settable fields only. */
function protoObjectMeta(m: ProtoMessage | undefined): ObjectMeta {
  if (!m) return {};
  const owners = m.repeated(13).map((o) =>
    withoutUndefined({
      apiVersion: o.string(5) ?? '',
      kind: o.string(1) ?? '',
      name: o.string(3) ?? '',
      uid: o.string(4) ?? '',
      controller: o.bool(6),
      blockOwnerDeletion: o.bool(7),
    }),
  );
  const finalizers = m.strings(14);
  return withoutUndefined({
    name: m.string(1),
    generateName: m.string(2),
    namespace: m.string(3),
    resourceVersion: m.string(6),
    labels: m.map(11),
    annotations: m.map(12),
    ownerReferences: owners.length > 0 ? owners : undefined,
    finalizers: finalizers.length > 0 ? finalizers : undefined,
  });
}

/** DeleteOptions, which helm and kubectl's typed clients send with DELETE. */
function protoDeleteOptions(m: ProtoMessage): Obj {
  const preconditions = m.message(2);
  const dryRun = m.strings(5);
  return withoutUndefined({
    preconditions:
      preconditions &&
      withoutUndefined({ uid: preconditions.string(1), resourceVersion: preconditions.string(2) }),
    orphanDependents: m.bool(3),
    propagationPolicy: m.string(4),
    dryRun: dryRun.length > 0 ? dryRun : undefined,
  });
}

/** TokenRequest (`kubectl create token`): the spec's audiences and expirationSeconds; boundObjectRef is not kept. */
function protoTokenRequest(obj: KubeObject, raw: ProtoMessage): KubeObject {
  const spec = raw.message(2);
  const audiences = spec?.strings(1) ?? [];
  const expirationSeconds = spec?.int(4);
  return {
    ...obj,
    spec: withoutUndefined({ audiences: audiences.length > 0 ? audiences : undefined, expirationSeconds }),
  };
}

/**
 * kubectl's typed commands (`create namespace`, `configmap`, `secret`, `serviceaccount`, `token`) send protobuf:
 * the `k8s\0` magic, then a runtime.Unknown holding the type and the object's bytes. Only those kinds are decoded.
 */
export function decodeProtobufObject(buf: Buffer): KubeObject {
  if (buf.subarray(0, 4).toString('latin1') !== 'k8s\0') throw unsupportedMediaType();
  const unknown = new ProtoMessage(buf.subarray(4));
  const typeMeta = unknown.message(1);
  const apiVersion = typeMeta?.string(1) ?? '';
  const kind = typeMeta?.string(2) ?? '';
  const raw = unknown.message(2) ?? new ProtoMessage(undefined);
  if (kind === 'DeleteOptions') return protoDeleteOptions(raw) as KubeObject;
  const obj: KubeObject = { apiVersion, kind, metadata: protoObjectMeta(raw.message(1)) };
  if (apiVersion === 'authentication.k8s.io/v1' && kind === 'TokenRequest')
    return protoTokenRequest(obj, raw);
  if (apiVersion !== 'v1') throw unsupportedMediaType();
  if (kind === 'Namespace') return obj;
  if (kind === 'ServiceAccount')
    return withoutUndefined({ ...obj, automountServiceAccountToken: raw.bool(4) });
  if (kind === 'ConfigMap') {
    return withoutUndefined({
      ...obj,
      data: raw.map(2),
      binaryData: raw.map(3, true),
      immutable: raw.bool(4),
    });
  }
  if (kind === 'Secret') {
    const fields = {
      data: raw.map(2, true),
      type: raw.string(3),
      stringData: raw.map(4),
      immutable: raw.bool(5),
    };
    return withoutUndefined({ ...obj, ...fields });
  }
  throw unsupportedMediaType();
}
