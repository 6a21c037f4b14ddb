import { bech32 } from '@scure/base';

/** An Avalanche address as the node writes it: `<chain alias>-` and classic bech32 of the 20 bytes. */
export function formatAddress(chainAlias: string, hrp: string, address: Uint8Array): string {
  return `${chainAlias}-${bech32.encode(hrp, bech32.toWords(address))}`;
}
