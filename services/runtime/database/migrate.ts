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

/**
 * Applies a service's numbered migrations to its own schema. All of it runs in one transaction under an advisory
 * transaction lock keyed by the schema, so replicas starting together apply each migration exactly once (and, on
 * embedded PostgreSQL, where every connection shares one backend, the transaction itself is the exclusion).
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
    const { rows } = await client.query<{ version: number; name: string }>(
      `SELECT version, name FROM ${schema}.schema_migrations`,
    );
    const applied = new Map(rows.map((r) => [r.version, r.name]));
    for (const [version, name] of applied) {
      const known = migrations.find((m) => m.version === version);
      if (!known) throw new Error(`schema ${schema} has migration ${name}, which this version does not know`);
      if (known.name !== name)
        throw new Error(`schema ${schema} migration ${version} is ${name}, expected ${known.name}`);
    }
    const pending = migrations.filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
    for (const migration of pending) {
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    return pending.map((m) => m.version);
  });
}
