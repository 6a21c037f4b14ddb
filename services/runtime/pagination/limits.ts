/**
 * How much one list request may ask for: the Data API's documented page-size maxima, and the bounds on what a
 * request may carry. gateway-data enforces them on its routes and every service again on its own methods (a
 * service is reachable without the gateway), so both sides read them from here.
 */

/** Most lists: 1 to 100 items a page. */
export const MAX_PAGE_SIZE = 100;

/** The network's own blockchains and subnets: 1 to 10000 a page. */
export const MAX_NETWORK_LIST_PAGE_SIZE = 10_000;

/** UTXOs: the v2 route (POST …/utxos) pages up to 1024; its v1 GET twin only up to MAX_PAGE_SIZE. */
export const MAX_UTXO_PAGE_SIZE = 1024;

/** An address's ERC-721 and ERC-1155 balances (balances:listCollectibles). */
export const MAX_COLLECTIBLE_PAGE_SIZE = 500;

/** An address's token balances of one standard (balances:listErc20, :listErc721, :listErc1155). */
export const MAX_TOKEN_BALANCE_PAGE_SIZE = 500;

/** Addresses (or node ids) one request may filter by. */
export const MAX_LISTED_ADDRESSES = 1024;

/**
 * A service's cursor, the sort key of the last item of a page: the longest, a contract and a uint256 token id in
 * hex, is about 110 characters. Anything much longer is not a cursor a service handed out.
 */
export const MAX_CURSOR_LENGTH = 256;
