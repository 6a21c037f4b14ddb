import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inTransaction, type Pool } from './pool.ts';

const MIGRATION_FILE = /^(\d{3,})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const name of files) {
    const match = MIGRATION_FILE.exec(name);
    if (!match) throw new Error(`migration file ${name} must be named NNN_description.sql`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version))
      throw new Error(`two migrations have version ${version}`);
    migrations.push({ version, name, sql: await readFile(join(directory, name), 'utf8') });
  }
  return migrations;
}

/** sha256 of a migration's text, line endings normalised (a checkout's CRLF conversion is not an edit). */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/**
 * Applies a service's numbered migrations to its own schema. All of it runs in one transaction under an advisory
 * transaction lock keyed by the schema, so replicas starting together apply each migration exactly once (and, on
 * embedded PostgreSQL, where every connection shares one backend, the transaction itself is the exclusion).
 * Each applied migration's checksum is recorded, and a migration edited after it was applied is refused: the
 * database holds what the old text did, so the edit would silently never run. Changes ship as new migration files.
 * Returns the versions it applied.
 */
export async function migrate(pool: Pool, schema: string, migrations: Migration[]): Promise<number[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`chain-data:migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    // Schemas migrated before checksums were recorded get theirs on first sight.
    await client.query(`ALTER TABLE ${schema}.schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
    const { rows } = await client.query<{ version: number; name: string; checksum: string | null }>(
      `SELECT version, name, checksum FROM ${schema}.schema_migrations`,
    );
    const applied = new Map(rows.map((r) => [r.version, r]));
    for (const { version, name, checksum } of applied.values()) {
      const known = migrations.find((m) => m.version === version);
      if (!known) throw new Error(`schema ${schema} has migration ${name}, which this version does not know`);
      if (known.name !== name)
        throw new Error(`schema ${schema} migration ${version} is ${name}, expected ${known.name}`);
      const current = migrationChecksum(known.sql);
      if (checksum === null) {
        await client.query(`UPDATE ${schema}.schema_migrations SET checksum = $2 WHERE version = $1`, [
          version,
          current,
        ]);
      } else if (checksum !== current) {
        throw new Error(
          `migration ${name} of schema ${schema} was edited after it was applied (applied sha256 ${checksum}, ` +
            `the file's now ${current}); restore it and ship the change as a new migration file`,
        );
      }
    }
    const pending = migrations.filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
    for (const migration of pending) {
      await client.query(migration.sql);
      await client.query(
        `INSERT INTO ${schema}.schema_migrations (version, name, checksum) VALUES ($1, $2, $3)`,
        [migration.version, migration.name, migrationChecksum(migration.sql)],
      );
    }
    return pending.map((m) => m.version);
  });
}
