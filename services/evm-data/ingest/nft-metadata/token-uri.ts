/**
 * Turns the URI a token contract returns (ERC-721 `tokenURI`, ERC-1155 `uri`) into something the fetcher can
 * read: an HTTP(S) URL, the bytes of a data: URI, or the reason it cannot be read. Pure: no I/O, no clock.
 */

export type InvalidUriStatus = 'INVALID_TOKEN_URI' | 'INVALID_TOKEN_URI_SCHEME';

export type ResolvedUri =
  | { kind: 'http'; url: string }
  | { kind: 'data'; mediaType: string; body: Buffer }
  | { kind: 'invalid'; status: InvalidUriStatus; reason: string };

export interface IpfsOptions {
  /**
   * Base of the IPFS HTTP gateway, e.g. `https://ipfs.io` or `https://gateway.example/some/prefix`. Trailing
   * slashes are removed and `/ipfs/<cid><rest>` is appended, so do not end it with `/ipfs` yourself.
   */
  ipfsGatewayUrl: string;
}

const UINT256_MAX = (1n << 256n) - 1n;

/** RFC 3986 scheme, followed by the colon that ends it. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * CIDv0 (base58btc, `Qm…`) and CIDv1 in the multibase encodings gateways accept (base32 `b…`, base36 `k…`, …)
 * are all alphanumeric; anything else cannot be a CID, and sending it to the gateway would only cost a request.
 */
const CID = /^[a-z0-9]+$/i;

/**
 * ERC-1155's `{id}` substitution: the token id as 64 lower-case hex digits without 0x. Applied to ERC-721 URIs
 * too: no real ERC-721 URI contains a literal `{id}`, and some contracts reuse one base URI for both standards.
 */
export function substituteTokenId(tokenUri: string, tokenId: bigint): string {
  if (!tokenUri.includes('{id}')) return tokenUri;
  if (tokenId < 0n || tokenId > UINT256_MAX) throw new RangeError(`token id ${tokenId} is not a uint256`);
  return tokenUri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

/**
 * `ipfs://<cid>[/<path>]` and the legacy `ipfs://ipfs/<cid>[/<path>]` become `<gateway>/ipfs/<cid>[/<path>]`;
 * the path, query and fragment are kept byte for byte (they are already URI-encoded by whoever minted the token).
 * Returns undefined when there is no usable CID.
 */
export function ipfsToGatewayUrl(ipfsUri: string, options: IpfsOptions): string | undefined {
  // The scheme is case-insensitive (IPFS:// occurs); the CID and path are not, so they are sliced off as they are.
  let rest = ipfsUri.slice('ipfs://'.length);
  if (/^ipfs\//i.test(rest)) rest = rest.slice('ipfs/'.length);
  const end = rest.search(/[/?#]/);
  const cid = end === -1 ? rest : rest.slice(0, end);
  if (!CID.test(cid)) return undefined;
  const gateway = options.ipfsGatewayUrl.replace(/\/+$/, '');
  return `${gateway}/ipfs/${rest}`;
}

/** Where the token's metadata lives, or why it cannot be read. */
export function resolveTokenUri(tokenUri: string, tokenId: bigint, options: IpfsOptions): ResolvedUri {
  // Contracts pad fixed-size strings with spaces or NULs; neither can be part of a URI.
  const uri = substituteTokenId(tokenUri, tokenId).replace(/^[\s\0]+|[\s\0]+$/g, '');
  if (uri === '') return invalid('INVALID_TOKEN_URI', 'the token URI is empty');
  const scheme = SCHEME.exec(uri)?.[1]?.toLowerCase();
  if (scheme === undefined) return invalid('INVALID_TOKEN_URI', 'the token URI has no scheme');
  switch (scheme) {
    case 'http':
    case 'https':
      return resolveHttp(uri);
    case 'ipfs':
      return resolveIpfs(uri, options);
    case 'data':
      return parseDataUri(uri);
    default:
      return invalid('INVALID_TOKEN_URI_SCHEME', `unsupported scheme ${scheme}:`);
  }
}

/**
 * A URI found inside metadata (`image`, `animation_url`), made usable by a client that only speaks HTTP: ipfs://
 * through the gateway; every other URI (https:, data:, ar:, …) is returned as it is, since the client may know
 * what to do with it and rewriting it could only lose information.
 */
export function clientUri(uri: string, options: IpfsOptions): string {
  const trimmed = uri.trim();
  if (!/^ipfs:\/\//i.test(trimmed)) return uri;
  return ipfsToGatewayUrl(trimmed, options) ?? uri;
}

function resolveHttp(uri: string): ResolvedUri {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return invalid('INVALID_TOKEN_URI', 'the token URI is not a valid URL');
  }
  if (url.hostname === '') return invalid('INVALID_TOKEN_URI', 'the token URI has no host');
  return { kind: 'http', url: url.href };
}

function resolveIpfs(uri: string, options: IpfsOptions): ResolvedUri {
  if (!/^ipfs:\/\//i.test(uri)) return invalid('INVALID_TOKEN_URI', 'an ipfs URI must start with ipfs://');
  const gatewayUrl = ipfsToGatewayUrl(uri, options);
  if (gatewayUrl === undefined) return invalid('INVALID_TOKEN_URI', 'the ipfs URI has no valid CID');
  return resolveHttp(gatewayUrl);
}

/**
 * RFC 2397: `data:[<mediatype>][;base64],<data>`. Everything after the first comma is the payload, including any
 * `#`: on-chain JSON routinely carries unescaped `#` (`"name":"Punk #1"`, colours), so no fragment is split off.
 * Parameters that are not `attr=value` (the common `;utf8,` or `;charset=utf-8` spellings) are tolerated.
 */
export function parseDataUri(uri: string): ResolvedUri {
  const comma = uri.indexOf(',');
  if (comma === -1) return invalid('INVALID_TOKEN_URI', 'the data URI has no comma');
  const header = uri.slice('data:'.length, comma).trim();
  const payload = uri.slice(comma + 1);
  const params = header.split(';').map((p) => p.trim());
  const isBase64 = params.length > 1 && params.at(-1)?.toLowerCase() === 'base64';
  if (isBase64) params.pop();
  const mediaType = params[0] === '' ? 'text/plain;charset=US-ASCII' : params.join(';');
  const bytes = percentDecode(payload);
  if (!isBase64) return { kind: 'data', mediaType, body: bytes };
  const body = decodeBase64(bytes.toString('latin1'));
  if (body === undefined) return invalid('INVALID_TOKEN_URI', 'the data URI payload is not valid base64');
  return { kind: 'data', mediaType, body };
}

/**
 * URL percent-decoding to bytes: `%XX` becomes one byte, every other character its UTF-8 bytes, and a `%` that
 * starts no valid escape stays a literal `%` (unlike decodeURIComponent, which throws on it: raw JSON in data URIs
 * often contains `100%`).
 */
export function percentDecode(text: string): Buffer {
  const input = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i++) {
    const byte = input[i]!;
    if (byte === 0x25 && i + 2 < input.length && isHex(input[i + 1]!) && isHex(input[i + 2]!)) {
      out[length++] = parseInt(String.fromCharCode(input[i + 1]!, input[i + 2]!), 16);
      i += 2;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}

/**
 * Forgiving base64 (whitespace ignored, padding optional, the URL-safe alphabet accepted), but not Buffer's
 * silently-skip-garbage decoding: a payload with stray characters is a broken URI, not metadata to guess at.
 */
function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/[\t\n\f\r ]/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) return undefined;
  if (compact.replace(/=+$/, '').length % 4 === 1) return undefined;
  return Buffer.from(compact, 'base64');
}

function invalid(status: InvalidUriStatus, reason: string): ResolvedUri {
  return { kind: 'invalid', status, reason };
}
