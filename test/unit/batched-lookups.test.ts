import { expect } from 'chai';
import type { Container__Output } from '../../services/generated/proto/chaindata/containerindexer/v1/Container.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { batchedLookups } from '../../services/runtime/node-api/batched-lookups.ts';
import type { ContainerIndexClient } from '../../services/runtime/node-api/index-api.ts';

const container = (index: number): Container__Output => ({
  id: `id-${index}`,
  bytes: Buffer.from([index]),
  timestamp_unix_nano: String(index),
  index: String(index),
});
const STORED = [0, 1, 2, 3].map(container);

/**
 * A container indexer serving P/block (STORED) with the service's answers, X/vtx not served, that records its calls
 * and fails them all with `failure` when set.
 */
function fakeIndexer() {
  const calls: string[] = [];
  const state: { failure?: DomainError } = {};
  const served = (name: string | undefined) => {
    if (state.failure) throw state.failure;
    if (name !== 'P/block') throw new DomainError('unimplemented', `index ${name} is not served`);
  };
  // eslint-disable-next-line @typescript-eslint/require-await -- async turns a throw into a rejection
  const answer = async <T>(method: string, work: () => T): Promise<T> => {
    calls.push(method);
    return work();
  };
  const byIndex = (index: unknown) => STORED.find((c) => c.index === String(index));
  const byId = (id: unknown) => STORED.find((c) => c.id === id);
  const notFound = (message: string) => new DomainError('not_found', message);
  const client = {} as ContainerIndexClient;
  client.GetContainerByIndex = (req) =>
    answer('GetContainerByIndex', () => {
      served(req.index_name);
      const found = byIndex(req.index);
      if (!found) throw notFound(`no container at index ${String(req.index)}`);
      return found;
    });
  client.GetContainerByID = (req) =>
    answer('GetContainerByID', () => {
      served(req.index_name);
      const found = byId(req.id);
      if (!found) throw notFound('not found');
      return found;
    });
  client.GetIndex = (req) =>
    answer('GetIndex', () => {
      served(req.index_name);
      const found = byId(req.id);
      if (!found) throw notFound('not found');
      return { index: found.index };
    });
  client.IsAccepted = (req) =>
    answer('IsAccepted', () => {
      served(req.index_name);
      return { is_accepted: byId(req.id) !== undefined };
    });
  client.GetContainersByIndex = (req) =>
    answer('GetContainersByIndex', () => {
      served(req.index_name);
      return {
        containers: STORED.filter((c) => req.indexes!.map(String).includes(c.index)),
        unanswered: [],
      };
    });
  client.GetContainersByID = (req) =>
    answer('GetContainersByID', () => {
      served(req.index_name);
      return { containers: STORED.filter((c) => req.ids!.includes(c.id)), unanswered: [] };
    });
  client.GetLastAccepted = () => answer('GetLastAccepted', () => STORED.at(-1)!);
  return { client, calls, state };
}

type Lookup = (client: ContainerIndexClient) => Promise<unknown>;

/** Every lookup the batches serve, of every outcome. */
const LOOKUPS: Record<string, Lookup> = {
  'by index, found': (c) => c.GetContainerByIndex({ index_name: 'P/block', index: '2' }),
  'by index, found again': (c) => c.GetContainerByIndex({ index_name: 'P/block', index: '2' }),
  'by index, missing': (c) => c.GetContainerByIndex({ index_name: 'P/block', index: '9' }),
  'by index, not served': (c) => c.GetContainerByIndex({ index_name: 'X/vtx', index: '1' }),
  'by id, found': (c) => c.GetContainerByID({ index_name: 'P/block', id: 'id-1' }),
  'by id, missing': (c) => c.GetContainerByID({ index_name: 'P/block', id: 'id-9' }),
  'index of an id, found': (c) => c.GetIndex({ index_name: 'P/block', id: 'id-3' }),
  'index of an id, missing': (c) => c.GetIndex({ index_name: 'P/block', id: 'id-9' }),
  'accepted, yes': (c) => c.IsAccepted({ index_name: 'P/block', id: 'id-0' }),
  'accepted, no': (c) => c.IsAccepted({ index_name: 'P/block', id: 'id-8' }),
  'accepted, not served': (c) => c.IsAccepted({ index_name: 'X/vtx', id: 'id-0' }),
};

/** What a lookup answered, or the kind and text of its failure. */
const outcome = (lookup: Promise<unknown>) =>
  lookup.then(
    (value) => value,
    (err: DomainError) => `${err.kind}: ${err.message}`,
  );

/** What the same lookups answer made one at a time, each alone in its turn (as the single calls answer). */
async function alone(client: ContainerIndexClient): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const [name, lookup] of Object.entries(LOOKUPS)) answers[name] = await outcome(lookup(client));
  return answers;
}

/** The same lookups all made in one turn. */
async function together(client: ContainerIndexClient): Promise<Record<string, unknown>> {
  const names = Object.keys(LOOKUPS);
  const answers = await Promise.all(names.map((name) => outcome(LOOKUPS[name]!(client))));
  return Object.fromEntries(names.map((name, i) => [name, answers[i]]));
}

describe('batchedLookups', function () {
  it('answers lookups made together exactly as each alone, in one batch call per index and kind', async function () {
    const indexer = fakeIndexer();
    const batched = batchedLookups(indexer.client);
    const single = await alone(indexer.client);
    expect(single).to.deep.include({
      'by index, missing': 'not_found: no container at index 9',
      'by id, missing': 'not_found: not found',
      'index of an id, found': { index: '3' },
      'accepted, no': { is_accepted: false },
      'by index, not served': 'unimplemented: index X/vtx is not served',
    });
    indexer.calls.length = 0;
    expect(await together(batched)).to.deep.equal(single);
    expect([...indexer.calls].sort()).to.deep.equal([
      'GetContainerByID', // X/vtx's one id alone
      'GetContainerByIndex', // X/vtx's one index alone
      'GetContainersByID', // P/block's ids
      'GetContainersByIndex', // P/block's indexes
    ]);
  });

  it('answers a lookup alone in its turn with the single call', async function () {
    const indexer = fakeIndexer();
    const batched = batchedLookups(indexer.client);
    expect(await alone(batched)).to.deep.equal(await alone(indexer.client));
    expect(indexer.calls.filter((c) => c.startsWith('GetContainers'))).to.deep.equal([]);
  });

  it('fails every lookup of a failed batch call as its single call fails (deadline, unavailable)', async function () {
    for (const failure of [
      new DomainError('deadline_exceeded', 'Deadline exceeded'),
      new DomainError('unavailable', 'No connection established'),
    ]) {
      const indexer = fakeIndexer();
      indexer.state.failure = failure;
      const single = await alone(indexer.client);
      expect(new Set(Object.values(single))).to.deep.equal(new Set([`${failure.kind}: ${failure.message}`]));
      expect(await together(batchedLookups(indexer.client))).to.deep.equal(single);
    }
  });

  it('leaves the other methods as they are', async function () {
    const indexer = fakeIndexer();
    expect(await batchedLookups(indexer.client).GetLastAccepted({ index_name: 'P/block' })).to.deep.equal(
      STORED.at(-1),
    );
  });
});
