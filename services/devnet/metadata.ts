import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';

/**
 * The token metadata the devnet's NFT collections point at, one behaviour per token id so that every outcome a
 * metadata indexer must handle occurs: valid JSON for most tokens, then invalid JSON, an oversized document and a
 * server error. (The devnet's second collection points at a closed port: unreachable.)
 */
export type MetadataBehaviour = 'valid' | 'invalid-json' | 'oversized' | 'server-error';

/** Larger than any metadata document an indexer should accept. */
export const OVERSIZED_METADATA_BYTES = 2 * 1024 * 1024;

export function metadataBehaviour(tokenId: bigint): MetadataBehaviour {
  switch (tokenId % 10n) {
    case 7n:
      return 'invalid-json';
    case 8n:
      return 'oversized';
    case 9n:
      return 'server-error';
    default:
      return 'valid';
  }
}

export function mountMetadata(router: Router): void {
  router.get('/metadata/:chainId/critters/:tokenId', (ctx) => {
    const tokenId = parseTokenId(ctx.params.tokenId!, 10);
    if (tokenId === undefined) return;
    serve(ctx, tokenId, `Critter #${tokenId}`);
  });
  // ERC-1155 clients substitute {id} with the id as 64 lower-case hex digits.
  router.get('/metadata/:chainId/items/:file', (ctx) => {
    const match = /^([0-9a-f]{64})\.json$/.exec(ctx.params.file!);
    const tokenId = match ? parseTokenId(match[1]!, 16) : undefined;
    if (tokenId === undefined) return;
    serve(ctx, tokenId, `Item ${tokenId}`);
  });
}

function parseTokenId(text: string, radix: 10 | 16): bigint | undefined {
  if (radix === 10 && !/^\d{1,78}$/.test(text)) return undefined;
  return BigInt(radix === 16 ? `0x${text}` : text);
}

function serve(ctx: RouterContext, tokenId: bigint, name: string): void {
  const document = {
    name,
    description: `A devnet token (id ${tokenId}).`,
    image: `ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/${tokenId}.png`,
    attributes: [
      { trait_type: 'Rarity', value: ['common', 'rare', 'epic'][Number(tokenId % 3n)] },
      { trait_type: 'Level', value: Number(tokenId % 50n) },
    ],
  };
  switch (metadataBehaviour(tokenId)) {
    case 'valid':
      ctx.body = document;
      return;
    case 'invalid-json':
      ctx.type = 'application/json';
      ctx.body = `${JSON.stringify(document).slice(0, -1)},`;
      return;
    case 'oversized':
      ctx.body = { ...document, description: 'x'.repeat(OVERSIZED_METADATA_BYTES) };
      return;
    case 'server-error':
      ctx.status = 500;
      ctx.body = 'metadata store unavailable';
  }
}
