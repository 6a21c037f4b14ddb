import type { IndexName } from '../runtime/avalanche/index-names.ts';
import type { ContainerSource } from '../container-indexer/api/service.ts';
import type { IndexState, StoredContainer } from '../container-indexer/store/container-store.ts';

/** The devnet's accepted containers, per index, in memory: what a node with indexing enabled has in its index. */
export class MemoryContainers implements ContainerSource {
  private readonly lists = new Map<IndexName, StoredContainer[]>();
  private readonly byIdMaps = new Map<IndexName, Map<string, StoredContainer>>();

  accept(
    indexName: IndexName,
    container: { id: Uint8Array; bytes: Uint8Array; acceptedAtUnixNano: bigint },
  ): StoredContainer {
    const list = this.list(indexName);
    const stored = { ...container, index: BigInt(list.length) };
    list.push(stored);
    this.ids(indexName).set(idKey(container.id), stored);
    return stored;
  }

  count(indexName: IndexName): number {
    return this.list(indexName).length;
  }

  state(indexName: IndexName): Promise<IndexState> {
    return Promise.resolve({
      nextIndex: BigInt(this.list(indexName).length),
      previouslyIndexed: true,
      incomplete: false,
    });
  }

  byIndex(indexName: IndexName, index: bigint): Promise<StoredContainer | undefined> {
    return Promise.resolve(this.list(indexName)[Number(index)]);
  }

  byId(indexName: IndexName, id: Uint8Array): Promise<StoredContainer | undefined> {
    return Promise.resolve(this.ids(indexName).get(idKey(id)));
  }

  byIndexes(indexName: IndexName, indexes: readonly bigint[]): Promise<StoredContainer[]> {
    const list = this.list(indexName);
    const found = [...new Set(indexes)].flatMap((index) => list[Number(index)] ?? []);
    return Promise.resolve(found.sort((a, b) => (a.index < b.index ? -1 : 1)));
  }

  byIds(indexName: IndexName, ids: readonly Uint8Array[]): Promise<StoredContainer[]> {
    const byId = this.ids(indexName);
    const found = new Set(ids.flatMap((id) => byId.get(idKey(id)) ?? []));
    return Promise.resolve([...found].sort((a, b) => (a.index < b.index ? -1 : 1)));
  }

  range(indexName: IndexName, start: bigint, end: bigint): Promise<StoredContainer[]> {
    return Promise.resolve(this.list(indexName).slice(Number(start), Number(end)));
  }

  private list(indexName: IndexName): StoredContainer[] {
    let list = this.lists.get(indexName);
    if (!list) this.lists.set(indexName, (list = [] as StoredContainer[]));
    return list;
  }

  private ids(indexName: IndexName): Map<string, StoredContainer> {
    let map = this.byIdMaps.get(indexName);
    if (!map) this.byIdMaps.set(indexName, (map = new Map<string, StoredContainer>()));
    return map;
  }
}

/** Ids as map keys: hex, which is cheap to compute (cb58 of every accepted id would cost a noticeable share). */
function idKey(id: Uint8Array): string {
  return Buffer.from(id).toString('hex');
}
