import { encodeCb58 } from '../../../runtime/formatting/cb58.ts';

/** What the container indexer knows of a container besides its bytes. */
export interface ContainerContext {
  containerId: Uint8Array;
  /** Unix seconds. */
  acceptedAt: bigint;
}

/**
 * The projection stops at a container it cannot read rather than skip data, so every failure names the container
 * and, for an unknown type, the type id.
 */
export function unknownType(what: string, typeId: number): Error {
  return new Error(`unknown ${what} type id ${typeId}`);
}

/**
 * Runs `decode`, prefixing any error with the index and id of the container being decoded (`containerId` may be
 * computed only then).
 */
export function inContainer<T>(
  indexName: string,
  containerId: Uint8Array | (() => Uint8Array),
  decode: () => T,
): T {
  try {
    return decode();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const id = typeof containerId === 'function' ? containerId() : containerId;
    throw new Error(`${indexName} container ${encodeCb58(id)}: ${message}`, { cause: err });
  }
}
