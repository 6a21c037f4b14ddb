import type { Pool } from '../../runtime/database/pool.ts';
import { DomainError } from '../../runtime/errors.ts';
import { issueKey, keyHash, type IssuedKey } from '../keys/api-key.ts';

export interface ApiKeyRecord {
  id: string;
  name: string;
  tier: string;
  keyHash: Buffer;
  createdAt: Date;
  revokedAt: Date | undefined;
}

interface ApiKeyRow {
  id: string;
  name: string;
  tier: string;
  key_hash: Buffer;
  created_at: Date;
  revoked_at: Date | null;
}

const recordOf = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  tier: row.tier,
  keyHash: row.key_hash,
  createdAt: row.created_at,
  revokedAt: row.revoked_at ?? undefined,
});

const COLUMNS = 'id, name, tier, key_hash, created_at, revoked_at';

/** The `edge.api_keys` table: issuing, listing, revoking and finding keys. */
export class ApiKeyStore {
  private readonly pool: Pool;
  private readonly secret: string;

  constructor(pool: Pool, secret: string) {
    this.pool = pool;
    this.secret = secret;
  }

  /** Issues a key; the returned key is the only time it exists outside its holder's hands. */
  async create(name: string, tier: string): Promise<IssuedKey & { record: ApiKeyRecord }> {
    const issued = issueKey();
    const { rows } = await this.pool.query<ApiKeyRow>(
      `INSERT INTO edge.api_keys (id, name, tier, key_hash) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [issued.id, name, tier, keyHash(this.secret, issued.key)],
    );
    return { ...issued, record: recordOf(rows[0]!) };
  }

  /**
   * Adds a key an operator chose (the bootstrap keys of a stack's Secret), or changes the name and tier of the one it
   * already is. A key in the issued form keeps its id; any other text gets an id derived from its hash.
   */
  async ensure(id: string, key: string, name: string, tier: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO edge.api_keys (id, name, tier, key_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, tier = EXCLUDED.tier, key_hash = EXCLUDED.key_hash,
         revoked_at = NULL`,
      [id, name, tier, keyHash(this.secret, key)],
    );
  }

  async list(): Promise<ApiKeyRecord[]> {
    const { rows } = await this.pool.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM edge.api_keys ORDER BY created_at, id`,
    );
    return rows.map(recordOf);
  }

  async find(id: string): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.pool.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM edge.api_keys WHERE id = $1`, [
      id,
    ]);
    return rows[0] && recordOf(rows[0]);
  }

  /** Revokes a key (idempotent: a revoked key stays revoked at its first revocation time). */
  async revoke(id: string): Promise<ApiKeyRecord> {
    const { rows } = await this.pool.query<ApiKeyRow>(
      `UPDATE edge.api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    if (!rows[0]) throw new DomainError('not_found', `no API key has id ${JSON.stringify(id)}`);
    return recordOf(rows[0]);
  }
}
