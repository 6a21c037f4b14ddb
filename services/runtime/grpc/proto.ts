import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

export const PROTO_ROOT = fileURLToPath(new URL('../../../proto/', import.meta.url));

/**
 * Loads a proto under proto/ with the options the generated types were made with (scripts in the Makefile's
 * `generate` target): field names as written, 64-bit integers as decimal strings, enums as names.
 */
export function loadProto<T>(relativePath: string): T {
  const definition = loadProtoDefinition(relativePath);
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

/** The package definition of a proto under proto/, loaded as loadProto loads it (e.g. to list a service's methods). */
export function loadProtoDefinition(relativePath: string): protoLoader.PackageDefinition {
  return protoLoader.loadSync(relativePath, {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
}
