import type { EvmDataServiceHandlers } from '../../generated/proto/chaindata/evmdata/v1/EvmDataService.ts';
import { DomainError } from '../../runtime/errors.ts';
import { decodeCb58 } from '../../runtime/formatting/cb58.ts';
import { hex } from '../../runtime/formatting/encoding.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { AsyncImplementation } from '../../runtime/grpc/server.ts';
import { keysetPage } from '../../runtime/pagination/keyset.ts';
import { MAX_PAGE_SIZE } from '../../runtime/pagination/limits.ts';
import type { ChainRegistry, EvmChain } from '../chains.ts';
import { icmCursor, type IcmChainFilter, type IcmListFilter } from '../store/icm-messages.ts';
import type { EvmDataReader, IcmRecord } from '../store/reader.ts';
import { icmMessage, type AddressBook, type ChainNames } from './documents.ts';

/** The ICM message list across chains (GET /v1/icm/messages) and single messages (GET /v1/icm/messages/{id}). */
type Handlers = AsyncImplementation<EvmDataServiceHandlers>;

export interface IcmDependencies {
  registry: ChainRegistry;
  reader: EvmDataReader;
  chainNames: ChainNames;
  addressBook(chain: EvmChain, addresses: Buffer[]): Promise<AddressBook>;
}

const ADDRESS_LENGTH = 20;
const MESSAGE_ID_LENGTH = 32;
const CHAIN_NAME = 'an EVM chain id (decimal) or a blockchain id (cb58 of 32 bytes)';

/** The IcmMessage documents of a page: each send's fee token named from its source chain's contracts. */
export async function icmMessageDocuments(page: IcmRecord[], deps: IcmDependencies) {
  const books = new Map<number, AddressBook>();
  for (const m of page) {
    const chain = m.send && deps.registry.byId(m.send.chain);
    if (chain && !books.has(chain.id))
      books.set(
        chain.id,
        await deps.addressBook(
          chain,
          page.flatMap((p) => (p.send ? [p.send.fee_token] : [])),
        ),
      );
  }
  return page.map((m) => icmMessage(m, deps.chainNames, (id) => books.get(id)!));
}

export function icmHandlers(deps: IcmDependencies): Pick<Handlers, 'ListIcmMessages' | 'GetIcmMessage'> {
  const { registry, reader } = deps;

  /**
   * A chain a filter names, as the client named it; 'none' when it is an EVM chain id no indexed chain has (its
   * blockchain id, which the messages carry, is then unknown: no message can be shown to match).
   */
  function chainFilter(name: string, text: string): IcmChainFilter | 'none' | undefined {
    if (text === '') return undefined;
    field.text(name, text, { maxLength: 80, what: CHAIN_NAME });
    if (/^[1-9]\d{0,29}$/.test(text)) {
      const chain = registry.chains.find((c) => c.evmChainId.toString() === text);
      return chain ? { chain: chain.id, blockchainId: Buffer.from(chain.blockchainId) } : 'none';
    }
    let bytes: Uint8Array | undefined;
    try {
      bytes = decodeCb58(text);
    } catch {
      bytes = undefined;
    }
    if (bytes?.length !== 32) throw field.invalidField(name, CHAIN_NAME, text);
    return { chain: registry.byBlockchainId(bytes)?.id ?? null, blockchainId: Buffer.from(bytes) };
  }

  return {
    async ListIcmMessages(request) {
      const source = chainFilter('sourceBlockchainId', request.source_blockchain_id);
      const destination = chainFilter('destinationBlockchainId', request.destination_blockchain_id);
      const either = chainFilter('blockchainId', request.blockchain_id);
      const from = field.optionalBytes('from', request.from, ADDRESS_LENGTH);
      const to = field.optionalBytes('to', request.to, ADDRESS_LENGTH);
      const network = field.text('network', request.network, {
        maxLength: 32,
        what: 'a network name (mainnet or fuji)',
      });
      const pageSize = field.pageSize(request.page_size, MAX_PAGE_SIZE);
      const cursor = field.cursor(request.cursor);
      if (
        (network !== '' && network !== registry.identity.name) ||
        source === 'none' ||
        destination === 'none' ||
        either === 'none'
      )
        return { messages: [], next_cursor: '' };
      const filter: IcmListFilter = {
        ...(source ? { source } : {}),
        ...(destination ? { destination } : {}),
        ...(either ? { either } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      };
      const rows = await reader.icm.list(filter, pageSize + 1, cursor);
      const { items, nextCursor } = keysetPage(rows, pageSize, icmCursor);
      return { messages: await icmMessageDocuments(items, deps), next_cursor: nextCursor };
    },

    async GetIcmMessage(request) {
      const messageId = field.bytes('messageId', request.message_id, MESSAGE_ID_LENGTH);
      const message = await reader.icm.message(messageId);
      if (!message)
        throw new DomainError(
          'not_found',
          `messageId: no ICM message ${hex(messageId)} is indexed on this deployment's chains`,
        );
      const [document] = await icmMessageDocuments([message], deps);
      return document!;
    },
  };
}
