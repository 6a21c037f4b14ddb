/**
 * From the services' messages (primary-network, evm-data) to the Data API's JSON. The messages mirror the API
 * documents field for field, so what is left is undoing how @grpc/proto-loader (keepCase, longs and enums as
 * strings, defaults, oneofs) deserializes them:
 *
 * - a proto3 `optional` field that is set comes with a synthetic oneof key naming it (`_staked: "staked"`); one
 *   that is unset is simply absent. The synthetic keys are dropped.
 * - an unset message field is `null`; the API omits the member, so it is dropped.
 * - a `oneof kind` message (Transaction, AnyUtxo, CollectibleBalance, NftToken) is `{kind: "pChain", pChain: {…}}`;
 *   the API has the chosen member itself, so `fromOneof` unwraps it.
 * - `genesisJson` (JSON text) becomes `genesisData`, the object it parses to, or the text when it is not a JSON
 *   object (the API's genesisData is an EvmGenesisDto or a string).
 * - a list's `next_cursor` becomes `nextPageToken`, issued by the page-token helper (absent on the last page).
 *
 * Everything else (non-optional scalars at their defaults, empty repeated fields) is what the API returns.
 */
export type ApiDocument = Record<string, unknown>;

export function toApiDocument(message: object): ApiDocument {
  const document: ApiDocument = {};
  for (const [key, value] of Object.entries(message)) {
    if (value === null || value === undefined || key.startsWith('_')) continue;
    if (key === 'genesisJson') document.genesisData = genesisData(value as string);
    else document[key] = toApiValue(value);
  }
  return document;
}

function toApiValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toApiValue);
  if (typeof value === 'object' && value !== null) return toApiDocument(value);
  return value;
}

export function genesisData(json: string): unknown {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : json;
  } catch {
    return json;
  }
}

export interface OneofMessage {
  kind?: string;
}

/** The member a `oneof kind` message carries; a message with none set breaks the contract (a 500). */
export function fromOneof(message: OneofMessage, messageName: string): object {
  const member = message.kind === undefined ? undefined : (message as Record<string, unknown>)[message.kind];
  if (typeof member !== 'object' || member === null)
    throw new Error(`the service returned a ${messageName} with no member of its oneof set`);
  return member;
}

/** A list response: the page token first (as the API documents order it), then the rest of the document. */
export function toListDocument<T extends { next_cursor: string }>(
  response: T,
  nextPageToken: string | undefined,
): ApiDocument {
  const { next_cursor: _cursor, ...rest } = response;
  return { ...(nextPageToken === undefined ? {} : { nextPageToken }), ...toApiDocument(rest) };
}
