import { createHash } from 'node:crypto';
import { IDENTITIES, type NetworkIdentity } from '../../runtime/avalanche/networks.ts';
import { invalidField, quoted } from '../../runtime/grpc/request-fields.ts';
import { DomainError } from '../../runtime/errors.ts';
import { decodeAddress } from '../../runtime/rest/params.ts';
import { formatBech32 } from '../../runtime/formatting/address.ts';
import { addDays, dateOf, dayStart } from './dates.ts';

/**
 * An export request checked field by field and put in one normal form: what runs, and what two requests must
 * share to be the same export (the idempotency key hashes it).
 */
export const EVM_EXPORT = 'TRANSACTION_EXPORT_EVM';
export const PRIMARY_NETWORK_EXPORTS = [
  'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
] as const;
export const EXPORT_TYPES = [...PRIMARY_NETWORK_EXPORTS, EVM_EXPORT] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export type PrimaryNetworkExportType = (typeof PRIMARY_NETWORK_EXPORTS)[number];

/** Without firstDate, an export covers this many days up to lastDate (see docs/export-worker.md). */
export const DEFAULT_EXPORT_DAYS = 30;
export const MAX_EXPORT_ADDRESSES = 100;
export const MAX_EXPORT_CHAINS = 32;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Avalanche's mainnet launch; nothing older exists to export. */
export const EARLIEST_DATE = '2020-09-21';

export type ExportSpec =
  | {
      type: typeof EVM_EXPORT;
      firstDate: string;
      lastDate: string;
      /** Decimal EVM chain ids, ascending. */
      chains: string[];
      /** 0x, lower-case, ascending. */
      addresses: string[];
    }
  | {
      type: PrimaryNetworkExportType;
      firstDate: string;
      lastDate: string;
      network: NetworkIdentity['name'];
      /** Blockchain ids (cb58), in P, X, C order. */
      chains: string[];
      /** Bech32 without a chain prefix, ascending; none: every address. */
      addresses: string[];
      /** 0x, lower-case, ascending: the C-Chain atomic transactions of these EVM addresses. */
      cChainEvmAddresses: string[];
    };

export interface ExportRequestInput {
  type: string;
  first_date: string;
  last_date: string;
  addresses: string[];
  c_chain_evm_addresses: string[];
  include_chains: string[];
  idempotency_key: string;
}

export interface RequestContext {
  /** The network this stack serves (the primary network's chains are this network's). */
  network: NetworkIdentity['name'];
  /**
   * The EVM chains evm-data indexes, by decimal EVM chain id; undefined: not checked here (see `checkEvmChains`),
   * so that a request is refused for its own faults before evm-data is asked anything.
   */
  evmChains?: ReadonlySet<string>;
  /** Today (UTC), the default lastDate. */
  today: string;
}

export function exportSpecOf(input: ExportRequestInput, context: RequestContext): ExportSpec {
  if (!(EXPORT_TYPES as readonly string[]).includes(input.type))
    throw invalidField('type', `one of ${EXPORT_TYPES.join(', ')}`, input.type);
  const type = input.type as ExportType;
  const { firstDate, lastDate } = datesOf(input, context.today);
  if (type === EVM_EXPORT) {
    if (input.c_chain_evm_addresses.length > 0)
      throw new DomainError(
        'invalid_argument',
        'options.cChainEvmAddresses: expected none in a TRANSACTION_EXPORT_EVM request (its addresses are EVM addresses)',
      );
    return {
      type,
      firstDate,
      lastDate,
      chains: evmChainsOf(input.include_chains, context.evmChains),
      addresses: evmAddressesOf('options.addresses', input.addresses, { atLeastOne: true }),
    };
  }
  const identity = IDENTITIES[context.network];
  return {
    type,
    firstDate,
    lastDate,
    network: context.network,
    chains: primaryChainsOf(input.include_chains, identity),
    addresses: bech32AddressesOf(input.addresses, identity),
    cChainEvmAddresses: evmAddressesOf('options.cChainEvmAddresses', input.c_chain_evm_addresses, {
      atLeastOne: false,
    }),
  };
}

/** What makes two requests the same export: the normal form and the client's idempotency key. */
export function requestKeyOf(spec: ExportSpec, idempotencyKey: string): Buffer {
  if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw invalidField('idempotencyKey', `at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, idempotencyKey);
  return createHash('sha256').update(JSON.stringify(spec)).update('\0').update(idempotencyKey).digest();
}

function datesOf(input: ExportRequestInput, today: string): { firstDate: string; lastDate: string } {
  const parse = (field: string, value: string) => {
    if (dayStart(value) === undefined) throw invalidField(field, 'a date in YYYY-MM-DD', value);
    if (value < EARLIEST_DATE) throw invalidField(field, `a date from ${EARLIEST_DATE} on`, value);
    return value;
  };
  const lastDate = input.last_date === '' ? today : parse('lastDate', input.last_date);
  if (input.first_date === '') {
    // The default window neither reaches before the network began nor starts after today; when it would, the
    // field the client sent (lastDate) is the one at fault.
    const earliest = addDays(lastDate, 1 - DEFAULT_EXPORT_DAYS);
    if (earliest > today)
      throw new DomainError(
        'invalid_argument',
        `lastDate: expected a date at most ${DEFAULT_EXPORT_DAYS - 1} days after today (${today}) without firstDate, got ${quoted(lastDate)}`,
      );
    return { firstDate: earliest < EARLIEST_DATE ? EARLIEST_DATE : earliest, lastDate };
  }
  const firstDate = parse('firstDate', input.first_date);
  if (firstDate > lastDate)
    throw new DomainError(
      'invalid_argument',
      `firstDate: expected a date not after lastDate (${lastDate}), got ${quoted(firstDate)}`,
    );
  if (firstDate > today)
    throw new DomainError(
      'invalid_argument',
      `firstDate: expected a date not after today (${today}), got ${quoted(firstDate)}`,
    );
  return { firstDate, lastDate };
}

/** Refuses an EVM export naming a chain evm-data does not index, by its place in the request. */
export function checkEvmChains(
  input: Pick<ExportRequestInput, 'include_chains'>,
  known: ReadonlySet<string>,
): void {
  input.include_chains.forEach((value, i) => {
    if (known && !known.has(value))
      throw invalidField(
        `options.includeChains[${i}]`,
        `an EVM chain this stack indexes (${[...known].sort(byNumber).join(', ') || 'none'})`,
        value,
      );
  });
}

function evmChainsOf(values: string[], known: ReadonlySet<string> | undefined): string[] {
  const field = 'options.includeChains';
  if (values.length === 0) throw invalidField(field, 'at least one EVM chain id', values);
  if (values.length > MAX_EXPORT_CHAINS)
    throw invalidField(field, `at most ${MAX_EXPORT_CHAINS} chains`, values);
  const chains = new Set<string>();
  values.forEach((value, i) => {
    if (!/^(0|[1-9]\d{0,18})$/.test(value))
      throw invalidField(`${field}[${i}]`, 'an EVM chain id in decimal', value);
    chains.add(value);
  });
  if (known) checkEvmChains({ include_chains: values }, known);
  return [...chains].sort(byNumber);
}

function byNumber(a: string, b: string): number {
  return Number(BigInt(a) - BigInt(b));
}

function evmAddressesOf(field: string, values: string[], options: { atLeastOne: boolean }): string[] {
  if (options.atLeastOne && values.length === 0) throw invalidField(field, 'at least one 0x address', values);
  if (values.length > MAX_EXPORT_ADDRESSES)
    throw invalidField(field, `at most ${MAX_EXPORT_ADDRESSES} addresses`, `${values.length} addresses`);
  const addresses = values.map((value, i) => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(value))
      throw invalidField(`${field}[${i}]`, 'a 20-byte 0x address', value);
    return value.toLowerCase();
  });
  return [...new Set(addresses)].sort();
}

function bech32AddressesOf(values: string[], identity: NetworkIdentity): string[] {
  const field = 'options.addresses';
  if (values.length > MAX_EXPORT_ADDRESSES)
    throw invalidField(field, `at most ${MAX_EXPORT_ADDRESSES} addresses`, `${values.length} addresses`);
  const addresses = values.map((value, i) => {
    const decoded = decodeAddress(value);
    if ('invalid' in decoded || decoded.kind !== 'bech32' || decoded.hrp !== identity.hrp)
      throw invalidField(
        `${field}[${i}]`,
        `a ${identity.name} address (${identity.hrp}1…, optionally P-, X- or C-); EVM addresses go in cChainEvmAddresses`,
        value,
      );
    return formatBech32(identity.hrp, decoded.bytes);
  });
  return [...new Set(addresses)].sort();
}

const CHAIN_ALIASES = { 'p-chain': 'pChainId', 'x-chain': 'xChainId', 'c-chain': 'cChainId' } as const;

function primaryChainsOf(values: string[], identity: NetworkIdentity): string[] {
  const field = 'options.includeChains';
  if (values.length === 0)
    throw invalidField(field, 'at least one chain: p-chain, x-chain or c-chain', values);
  const ours = [identity.pChainId, identity.xChainId, identity.cChainId];
  const chains = new Set<string>();
  values.forEach((value, i) => {
    const alias = CHAIN_ALIASES[value as keyof typeof CHAIN_ALIASES];
    const id = alias ? identity[alias] : value;
    if (ours.includes(id)) return chains.add(id);
    const other = Object.values(IDENTITIES).find(
      (n) => n.name !== identity.name && [n.xChainId, n.cChainId].includes(id),
    );
    throw invalidField(
      `${field}[${i}]`,
      other
        ? `a chain of ${identity.name}, the network this stack serves (that one is ${other.name}'s)`
        : `p-chain, x-chain, c-chain or the blockchain id of one of them on ${identity.name}`,
      value,
    );
  });
  return ours.filter((id) => chains.has(id));
}

/** Today in UTC, as the requests' default lastDate. */
export function todayOf(now: Date): string {
  return dateOf(Math.floor(now.getTime() / 1000));
}
