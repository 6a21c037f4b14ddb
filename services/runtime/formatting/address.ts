import { bech32 } from '@scure/base';
import { encodeCb58 } from './cb58.ts';

/** An Avalanche address as the node writes it: `<chain alias>-` and classic bech32 of the 20 bytes. */
export function formatAddress(chainAlias: string, hrp: string, address: Uint8Array): string {
  return `${chainAlias}-${formatBech32(hrp, address)}`;
}

/** The bech32 part alone, as the Data API writes addresses (`avax1…`, `fuji1…`). */
export function formatBech32(hrp: string, address: Uint8Array): string {
  return bech32.encode(hrp, bech32.toWords(address));
}

/** ids.NodeID as the node writes it: `NodeID-` and the cb58 of its bytes. */
export function formatNodeId(nodeId: Uint8Array): string {
  return `NodeID-${encodeCb58(nodeId)}`;
}
