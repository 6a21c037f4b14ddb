import { z } from 'zod';
import type { Operation__Output } from '../../generated/proto/chaindata/exportworker/v1/Operation.ts';
import type { ApiDocument } from '../../runtime/rest/documents.ts';
import { IDENTITIES } from '../../runtime/avalanche/networks.ts';
import { decodeAddress, ParamError, rendered } from '../../runtime/rest/params.ts';
import { defineRoute } from './route.ts';

/**
 * §4.4: transaction exports, run by the export worker. The POST answers 201 with the operation as it stands (a
 * repeated request with the same body and Idempotency-Key header answers the same operation); the GET answers the
 * operation with, once its file is written, a download link: an object store's presigned URL, or this gateway's
 * own signed link (export-downloads.ts).
 */
const EXPORT_TYPES = [
  'TRANSACTION_EXPORT_EVM',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
] as const;

/** The document's enum of includeChains for the primary network: the chains of both networks, and their aliases. */
const PRIMARY_CHAINS = [
  ...new Set(Object.values(IDENTITIES).flatMap((n) => [n.pChainId, n.xChainId, n.cChainId])),
  'p-chain',
  'x-chain',
  'c-chain',
] as const;

const MAX_LIST_ITEMS = 100;
const MAX_ITEM_LENGTH = 200;

const got = (input: unknown) => (input === undefined ? 'nothing' : rendered(input));

function dateParam(description: string) {
  const error = (issue: { input?: unknown }) => `expected a date in YYYY-MM-DD, got ${got(issue.input)}`;
  return z
    .string({ error })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error })
    .optional()
    .meta({ description, examples: ['2023-05-01'] });
}

function textListParam(what: string, description: string) {
  const error = (issue: { input?: unknown }) =>
    `expected a list of at most ${MAX_LIST_ITEMS} ${what}, got ${got(issue.input)}`;
  return z
    .array(
      z
        .string({
          error: (issue) => `expected ${what.replace(/s$/, '')} as a string, got ${got(issue.input)}`,
        })
        .max(MAX_ITEM_LENGTH, {
          error: (issue) => `expected at most ${MAX_ITEM_LENGTH} characters, got ${got(issue.input)}`,
        }),
      { error },
    )
    .max(MAX_LIST_ITEMS, { error })
    .optional()
    .meta({ description });
}

const OPTIONS = z
  .object(
    {
      addresses: textListParam(
        'addresses',
        'TRANSACTION_EXPORT_EVM: the 0x addresses whose transactions are exported (required). Primary network: ' +
          'bech32 addresses (P-/X-/C- prefix optional); none: every address.',
      ),
      cChainEvmAddresses: textListParam(
        'addresses',
        'Primary network only: 0x addresses whose C-Chain atomic (import and export) transactions are exported.',
      ),
      includeChains: textListParam(
        'chains',
        'TRANSACTION_EXPORT_EVM: EVM chain ids in decimal, e.g. "43114". Primary network: p-chain, x-chain, ' +
          'c-chain or their blockchain ids.',
      ),
    },
    {
      error: (issue) =>
        `expected an object with includeChains, addresses and cChainEvmAddresses, got ${got(issue.input)}`,
    },
  )
  .meta({ description: 'What to export.' });

function operationDocument(operation: Operation__Output, downloadUrl: string | undefined): ApiDocument {
  const ready = operation.file?.ready ?? false;
  const presigned = operation.metadata?.downloadUrl;
  const metadata = {
    ...(operation.metadata?.code ? { code: operation.metadata.code } : {}),
    ...(ready ? { downloadUrl: presigned ?? downloadUrl } : {}),
    ...(operation.metadata?.nextDate ? { nextDate: operation.metadata.nextDate } : {}),
  };
  return {
    operationId: operation.operationId,
    operationType: operation.operationType,
    operationStatus: operation.operationStatus,
    ...(operation.message !== undefined ? { message: operation.message } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    createdAtTimestamp: operation.createdAtTimestamp,
    updatedAtTimestamp: operation.updatedAtTimestamp,
    // Not in the document: how far a running export has got (and what a finished one holds).
    progress: {
      rowsWritten: operation.progress?.rowsWritten ?? 0,
      bytesWritten: operation.progress?.bytesWritten ?? 0,
      fractionDone: operation.progress?.fractionDone ?? 0,
    },
  };
}

function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string {
  const value = headers['idempotency-key'];
  const key = Array.isArray(value) ? value.join(',') : (value ?? '');
  if (key.length > 255)
    throw new ParamError('Idempotency-Key', `expected a header of at most 255 characters, got ${key.length}`);
  return key;
}

export const postTransactionExportJob = defineRoute({
  method: 'POST',
  path: '/v1/operations/transactions:export',
  operationId: 'postTransactionExportJob',
  summary: 'Create transaction export operation',
  pathParams: {},
  query: {},
  body: {
    type: z
      .enum(EXPORT_TYPES, {
        error: (issue) => `expected one of ${EXPORT_TYPES.join(', ')}, got ${got(issue.input)}`,
      })
      .meta({
        description: 'What the export lists: an EVM chain’s, or the primary network’s, transactions.',
      }),
    firstDate: dateParam(
      'The first day exported (UTC), inclusive; default: 29 days before lastDate (not before 2020-09-21).',
    ),
    lastDate: dateParam('The last day exported (UTC), inclusive; default: today.'),
    startDate: dateParam('Deprecated: firstDate.'),
    endDate: dateParam('Deprecated: lastDate.'),
    options: OPTIONS,
  },
  rules: [
    {
      description: 'TRANSACTION_EXPORT_EVM requires options.addresses and options.includeChains.',
      check: ({ type, options }) => {
        if (options.includeChains === undefined || options.includeChains.length === 0)
          throw new ParamError('options.includeChains', 'is required: expected at least one chain');
        if (type === 'TRANSACTION_EXPORT_EVM' && (options.addresses ?? []).length === 0)
          throw new ParamError(
            'options.addresses',
            'is required for TRANSACTION_EXPORT_EVM: expected at least one 0x address',
          );
      },
    },
    {
      description:
        'TRANSACTION_EXPORT_EVM: options.addresses are 0x addresses and options.includeChains decimal EVM chain ids, ' +
        'with no options.cChainEvmAddresses. Primary network: options.addresses are bech32 addresses, ' +
        'options.cChainEvmAddresses 0x addresses, options.includeChains p-chain, x-chain, c-chain or their ids.',
      check: ({ type, options }) => {
        const each = (
          name: string,
          values: string[] | undefined,
          valid: (value: string) => boolean,
          what: string,
        ) =>
          (values ?? []).forEach((value, i) => {
            if (!valid(value))
              throw new ParamError(`options.${name}[${i}]`, `expected ${what}, got ${rendered(value)}`);
          });
        const evmAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value);
        if (type === 'TRANSACTION_EXPORT_EVM') {
          each('addresses', options.addresses, evmAddress, 'a 20-byte 0x address');
          each(
            'includeChains',
            options.includeChains,
            (v) => /^(0|[1-9]\d{0,18})$/.test(v),
            'an EVM chain id in decimal',
          );
          if ((options.cChainEvmAddresses ?? []).length > 0)
            throw new ParamError(
              'options.cChainEvmAddresses',
              'expected none for TRANSACTION_EXPORT_EVM (its addresses are 0x already)',
            );
          return;
        }
        each(
          'addresses',
          options.addresses,
          (v) => {
            const decoded = decodeAddress(v);
            return !('invalid' in decoded) && decoded.kind === 'bech32';
          },
          'a bech32 address (avax1…/fuji1…, P-/X-/C- prefix optional)',
        );
        each('cChainEvmAddresses', options.cChainEvmAddresses, evmAddress, 'a 20-byte 0x address');
        each(
          'includeChains',
          options.includeChains,
          (v) => (PRIMARY_CHAINS as readonly string[]).includes(v),
          `one of ${PRIMARY_CHAINS.join(', ')}`,
        );
      },
    },
    {
      description:
        'firstDate and startDate (or lastDate and endDate), when both given, must be the same day.',
      check: ({ firstDate, startDate, lastDate, endDate }) => {
        if (firstDate !== undefined && startDate !== undefined && firstDate !== startDate)
          throw new ParamError(
            'startDate',
            `is deprecated for firstDate and differs from it: ${startDate} vs ${firstDate}`,
          );
        if (lastDate !== undefined && endDate !== undefined && lastDate !== endDate)
          throw new ParamError(
            'endDate',
            `is deprecated for lastDate and differs from it: ${endDate} vs ${lastDate}`,
          );
      },
    },
  ],
  successStatus: 201,
  responses: ['OperationStatusResponse'],
  async handle(input, { exportWorker, request }) {
    const operation = await exportWorker.CreateTransactionExport({
      type: input.type,
      first_date: input.firstDate ?? input.startDate ?? '',
      last_date: input.lastDate ?? input.endDate ?? '',
      addresses: input.options.addresses ?? [],
      c_chain_evm_addresses: input.options.cChainEvmAddresses ?? [],
      include_chains: input.options.includeChains ?? [],
      idempotency_key: idempotencyKeyOf(request.headers),
    });
    return operationDocument(operation, undefined);
  },
});

export const getOperationResult = defineRoute({
  method: 'GET',
  path: '/v1/operations/{operationId}',
  operationId: 'getOperationResult',
  summary: 'Get operation',
  pathParams: {
    operationId: z
      .string()
      .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
        error: (issue) =>
          `expected a UUID such as aa22054a-cb7c-4a4e-9b83-59f2ede74138, got ${got(issue.input)}`,
      })
      .meta({ description: 'UUID of given operation' }),
  },
  query: {},
  responses: ['OperationStatusResponse'],
  async handle({ operationId }, { exportWorker, downloadLinks, request }) {
    const operation = await exportWorker.GetOperation({ operation_id: operationId.toLowerCase() });
    return operationDocument(operation, downloadLinks.linkTo(request.origin, operation.operationId));
  },
});
