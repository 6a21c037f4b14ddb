import { bech32 } from '@scure/base';
import { decodeCb58, encodeCb58 } from './cb58.ts';

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

/** The bytes of a NodeID formatNodeId wrote (throws on a bad checksum). */
export function parseNodeId(text: string): Uint8Array {
  return decodeCb58(text.slice(NODE_ID_PREFIX.length));
}

const NODE_ID_PREFIX = 'NodeID-';
