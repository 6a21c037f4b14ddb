import type { IndexName } from '../../runtime/avalanche/index-names.ts';
import type { ContainerStore } from '../store/container-store.ts';

/**
 * The node's rules for turning indexing off and on (avalanchego indexer/indexer.go), kept per index in the database:
 * - indexing disabled on an index that was indexed before is refused unless incomplete indexes are allowed;
 *   otherwise the index is marked incomplete (for good: it may now miss containers);
 * - indexing enabled on an incomplete index is refused unless incomplete indexes are allowed.
 */
export class IndexingRefusedError extends Error {
  override name = 'IndexingRefusedError';
}

export async function applyIndexingMode(
  store: ContainerStore,
  indexes: readonly IndexName[],
  mode: { enabled: boolean; allowIncomplete: boolean },
): Promise<void> {
  const hasRunBefore = await store.hasRunBefore();
  for (const name of indexes) {
    const state = await store.state(name);
    if (!mode.enabled) {
      if (state.previouslyIndexed && !mode.allowIncomplete) {
        throw new IndexingRefusedError(
          `index ${name}: running would cause index to become incomplete but incomplete indices are disabled (set INDEX_ALLOW_INCOMPLETE=true to run anyway)`,
        );
      }
      await store.setFlags(name, { incomplete: true });
      continue;
    }
    if (!mode.allowIncomplete && state.incomplete && (state.previouslyIndexed || hasRunBefore)) {
      throw new IndexingRefusedError(
        `index ${name}: index is incomplete but incomplete indices are disabled (set INDEX_ALLOW_INCOMPLETE=true to run anyway)`,
      );
    }
    await store.setFlags(name, { previouslyIndexed: true });
  }
}
