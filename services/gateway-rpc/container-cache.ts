import type { Container__Output } from '../generated/proto/chaindata/containerindexer/v1/Container.ts';
import type { EncodingName } from '../runtime/formatting/encoding.ts';
import { EncodedGoJson } from '../runtime/gorilla-rpc/go-json.ts';
import { formatContainer, type AcceptedContainerCache } from '../runtime/node-api/index-api.ts';
import { answeredFromCache } from '../runtime/telemetry/http-server-span.ts';

/**
 * Accepted containers never change: the container at an index, and the index of an id, stay what they are once
 * the indexer has them. The gateway keeps those asked again (bounded by entries) so repeated lookups skip the gRPC
 * call: a hit only marks its entry used, and when the cache is full entries leave oldest first, one used since it was
 * last looked at going round again unused (CLOCK, as final-answers.ts; moving every hit to the back of the map cost
 * each a delete and an insert). Answers that can change (last accepted, "not accepted", ranges) are never cached. A cached
 * container's reply is encoded once per encoding asked for and kept with it, so a hit neither formats nor encodes.
 */
export class ContainerCache implements AcceptedContainerCache {
  private readonly capacity: number;
  private readonly byPosition = new Map<string, { container: Container__Output; used: boolean }>();
  private readonly positionById = new Map<string, string>();
  // Keyed by the container object: an encoding goes when its container leaves the cache.
  private readonly encoded = new WeakMap<Container__Output, Map<EncodingName, EncodedGoJson>>();

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  byIndex(indexName: string, index: string): Container__Output | undefined {
    return this.touch(`${indexName}#${index}`);
  }

  byId(indexName: string, id: string): Container__Output | undefined {
    const position = this.positionById.get(`${indexName}#${id}`);
    return position === undefined ? undefined : this.touch(position);
  }

  remember(indexName: string, container: Container__Output): Container__Output {
    if (this.capacity === 0) return container;
    const position = `${indexName}#${container.index}`;
    this.byPosition.delete(position);
    this.byPosition.set(position, { container, used: false });
    this.positionById.set(`${indexName}#${container.id}`, position);
    while (this.byPosition.size > this.capacity) {
      const [oldest, entry] = this.byPosition.entries().next().value!;
      this.byPosition.delete(oldest);
      // The container just kept goes round too (after all the others had their chance, it would be the oldest).
      if (entry.used || oldest === position) {
        entry.used = false;
        this.byPosition.set(oldest, entry);
      } else {
        // Positions are `<index name>#<index>`; index names contain no '#'.
        this.positionById.delete(`${oldest.slice(0, oldest.indexOf('#'))}#${entry.container.id}`);
      }
    }
    return container;
  }

  formatted(container: Container__Output, encoding: EncodingName): unknown {
    if (this.capacity === 0) return formatContainer(container, encoding);
    let byEncoding = this.encoded.get(container);
    if (byEncoding === undefined)
      this.encoded.set(container, (byEncoding = new Map<EncodingName, EncodedGoJson>()));
    let reply = byEncoding.get(encoding);
    if (reply === undefined)
      byEncoding.set(encoding, (reply = new EncodedGoJson(formatContainer(container, encoding))));
    return reply;
  }

  get size(): number {
    return this.byPosition.size;
  }

  private touch(position: string): Container__Output | undefined {
    const entry = this.byPosition.get(position);
    if (entry === undefined) return undefined;
    if (!entry.used) entry.used = true;
    // Every Index API method that finds its container here answers without asking the indexer.
    answeredFromCache();
    return entry.container;
  }
}
