/**
 * What geth's notifications carry, made from what its calls return, so that a head or a log replayed from
 * `eth_getBlockByNumber` / `eth_getLogs` reads as the notification would have (devnet, node-rpc and gateway-rpc use
 * these).
 */

/** The fields of geth's block object that a header (a newHeads notification) does not have. */
const NOT_IN_HEADER = new Set(['transactions', 'uncles', 'size', 'totalDifficulty']);

export function headerOfBlock(block: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([key]) => !NOT_IN_HEADER.has(key)));
}
