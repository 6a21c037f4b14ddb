import type { ServerResponse } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { ApiError, badRequest, unsupportedMediaType } from './errors.ts';
import { decodeProtobufObject } from './protobuf.ts';
import type { Obj, Verb } from './types.ts';

// ---- Requests and responses ----

export interface Reply {
  code: number;
  body: unknown;
}

export function writeReply(res: ServerResponse, code: number, body: unknown): void {
  if (Buffer.isBuffer(body)) {
    res.writeHead(code, { 'Content-Type': 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf' });
    res.end(body);
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(code, {
    'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
  });
  res.end(text);
}

export function verbOf(method: string, name: string, watch: boolean): Verb {
  switch (method) {
    case 'GET':
      return name ? 'get' : watch ? 'watch' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return name ? 'delete' : 'deletecollection';
    default:
      throw new ApiError(
        405,
        'MethodNotAllowed',
        'the server does not allow this method on the requested resource',
      );
  }
}

export function parseBody(raw: Buffer, contentType: string): unknown {
  if (contentType === 'application/vnd.kubernetes.protobuf') return decodeProtobufObject(raw);
  if (contentType.includes('protobuf') || contentType.includes('cbor')) throw unsupportedMediaType();
  const text = raw.toString('utf8');
  if (!text.trim()) throw badRequest('the body of the request was empty');
  try {
    return contentType.includes('yaml') ? parseYaml(text) : JSON.parse(text);
  } catch (e) {
    throw badRequest(`the body of the request was in an unknown format: ${(e as Error).message}`);
  }
}

export function checkBodyName(meta: Obj, name: string): void {
  if (meta.name !== undefined && meta.name !== name) {
    const given = typeof meta.name === 'string' ? meta.name : JSON.stringify(meta.name);
    throw badRequest(`the name of the object (${given}) does not match the name on the URL (${name})`);
  }
}
