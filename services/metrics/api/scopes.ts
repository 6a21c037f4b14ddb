import { DomainError } from '../../runtime/errors.ts';
import * as field from '../../runtime/grpc/request-fields.ts';
import type { RollupReader } from '../store/reader.ts';

/** The scopes a chain id may name besides an EVM chain: all chains, or one network's. */
export const SCOPES = ['total', 'mainnet', 'testnet'] as const;

const isScopeName = (value: string) => (SCOPES as readonly string[]).includes(value);

/** A decimal EVM chain id, canonical (no leading zeros). */
export const evmChainId = (value: string): string =>
  field.decimalText(
    'chainId',
    field.text('chainId', value, { what: 'a decimal EVM chain id' }),
    field.MAX_UINT256,
  );

/** A decimal EVM chain id (canonical) or a scope name, as the chain metrics take it. */
export function scopeOf(chainId: string): string {
  if (isScopeName(chainId)) return chainId;
  if (!/^\d+$/.test(chainId))
    throw field.invalidField('chainId', 'a decimal EVM chain id, total, mainnet or testnet', chainId);
  return evmChainId(chainId);
}

export const notFollowed = (chainId: string): DomainError =>
  new DomainError(
    'not_found',
    `chainId: chain ${field.quoted(chainId)} is not one whose metrics are served (see ListChains)`,
  );

/** NOT_FOUND naming `chainId` unless `scope` (from scopeOf) is a scope name or a chain the rollups follow. */
export async function ensureFollowed(reader: RollupReader, scope: string, chainId: string): Promise<void> {
  if (!isScopeName(scope) && !(await reader.chain(scope))) throw notFollowed(chainId);
}
