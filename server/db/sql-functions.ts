import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

/** One file of `server/db/functions/`: the whole source of the functions it defines. */
export interface FunctionFile {
  name: string;
  sql: string;
  hash: string;
}

/** The applied files' hashes, beside drizzle's own bookkeeping (outside the app's schema). */
const APPLIED_TABLE = 'drizzle.__sql_function_files';

/** The .sql files of `folder`, in file name order (the order they are applied in). */
export async function readFunctionFiles(folder: string): Promise<FunctionFile[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(folder, name), 'utf8');
      return { name, sql, hash: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Applies the function files whose text changed since they were last applied (decision 0017),
 * after drizzle's versioned migrations. Each file is `CREATE OR REPLACE` statements, run whole.
 * One transaction under an advisory lock: two processes starting at once apply a file once,
 * and a file that fails leaves the previous functions and hashes in place.
 * Answers the names of the files it applied.
 */
export async function applyFunctionFiles(pool: pg.Pool, folder: string): Promise<string[]> {
  const files = await readFunctionFiles(folder);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Before the table is created: CREATE TABLE IF NOT EXISTS can still collide when two run it.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('rendezvous: sql function files'))");
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(`CREATE TABLE IF NOT EXISTS ${APPLIED_TABLE} (name text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ name: string; hash: string }>(`SELECT name, hash FROM ${APPLIED_TABLE}`);
    const applied = new Map(rows.map((row) => [row.name, row.hash]));
    const changed = files.filter((file) => applied.get(file.name) !== file.hash);
    for (const file of changed) {
      await client.query(file.sql);
      await client.query(
        `INSERT INTO ${APPLIED_TABLE} (name, hash) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET hash = excluded.hash, applied_at = now()`,
        [file.name, file.hash],
      );
    }
    await client.query('COMMIT');
    return changed.map((file) => file.name);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
