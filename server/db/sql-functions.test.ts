import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { applyFunctionFiles, readFunctionFiles } from './sql-functions';
import { projectPath } from '../project-paths';
import { openTestDatabase } from '../test-support/test-database';

const FUNCTIONS = projectPath('server/db/functions');
const MIGRATIONS = projectPath('server/db/migrations');

let database: Database;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  folder = await mkdtemp(path.join(tmpdir(), 'rv-functions-'));
  await cp(FUNCTIONS, folder, { recursive: true });
});
afterAll(async () => {
  await database?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function probe(): Promise<string> {
  const { rows } = await database.pool.query<{ answer: string }>('SELECT rv_test_probe() AS answer');
  return rows[0]!.answer;
}

const probeFile = (answer: string) => `CREATE OR REPLACE FUNCTION rv_test_probe() RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT '${answer}' $$;\n`;

describe('the SQL function files', () => {
  it('give a migrated database every function with its signature', async () => {
    const { rows } = await database.pool.query<{ signature: string }>(
      "SELECT p.oid::regprocedure::text AS signature FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'rv\\_%' ORDER BY 1",
    );
    expect(rows.map((row) => row.signature)).toEqual([
      'rv_chat_send(text,integer,integer,integer,text,text,text,integer,text,integer,integer,integer)',
      'rv_chat_send_many(jsonb)',
      'rv_chat_side(integer,integer)',
      // The credit ledger's trigger functions stay in the migrations that create their triggers.
      'rv_credit_entries_added()',
      'rv_credit_entry_changed()',
      'rv_member_listed(text,text,boolean)',
      'rv_message_event(jsonb,jsonb,integer,integer)',
      'rv_message_json(integer,integer,boolean,text,text,text,text,text,integer,integer,text,timestamp with time zone)',
      'rv_tile_json(boolean,integer,text,date,text,text,boolean,text,integer,integer)',
      'rv_tile_json(integer,text,date,text,text,boolean,text,integer,integer)',
    ]);
  });

  it('are the only source of the functions they define: no migration defines one of them', async () => {
    const defined = (await readFunctionFiles(FUNCTIONS)).flatMap((file) => [...file.sql.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)].map((m) => m[1]!));
    expect([...new Set(defined)].sort()).toEqual(['rv_chat_send', 'rv_chat_send_many', 'rv_chat_side', 'rv_member_listed', 'rv_message_event', 'rv_message_json', 'rv_tile_json']);
    for (const name of (await readdir(MIGRATIONS)).filter((n) => n.endsWith('.sql'))) {
      const text = await readFile(path.join(MIGRATIONS, name), 'utf8');
      for (const fn of defined) expect(text, `${name} defines ${fn}`).not.toMatch(new RegExp(`(CREATE|ALTER)( OR REPLACE)? FUNCTION ${fn}\\(`));
    }
  });

  it('skip files whose text is unchanged, and apply a new or changed file', async () => {
    expect(await applyFunctionFiles(database.pool, folder)).toEqual([]);

    await writeFile(path.join(folder, 'zz-probe.sql'), probeFile('first'));
    expect(await applyFunctionFiles(database.pool, folder)).toEqual(['zz-probe.sql']);
    expect(await probe()).toBe('first');
    expect(await applyFunctionFiles(database.pool, folder)).toEqual([]);

    await writeFile(path.join(folder, 'zz-probe.sql'), probeFile('second'));
    expect(await applyFunctionFiles(database.pool, folder)).toEqual(['zz-probe.sql']);
    expect(await probe()).toBe('second');
  });

  it('leave the functions and hashes as they were when a file fails', async () => {
    await writeFile(path.join(folder, 'zz-probe.sql'), probeFile('third'));
    await writeFile(path.join(folder, 'zzz-broken.sql'), 'CREATE OR REPLACE FUNCTION rv_test_broken() RETURNS int LANGUAGE sql AS $$ SELECT no_such_column $$;\n');
    await expect(applyFunctionFiles(database.pool, folder)).rejects.toThrow('no_such_column');
    expect(await probe()).toBe('second');

    await rm(path.join(folder, 'zzz-broken.sql'));
    expect(await applyFunctionFiles(database.pool, folder)).toEqual(['zz-probe.sql']);
    expect(await probe()).toBe('third');
  });

  it('apply a changed file once when two processes start at once', async () => {
    // The first step holds its transaction open a while, so that the second surely starts meanwhile.
    await writeFile(path.join(folder, 'zz-probe.sql'), `${probeFile('fourth')}SELECT pg_sleep(0.3);\n`);
    const [first, second] = await Promise.all([applyFunctionFiles(database.pool, folder), applyFunctionFiles(database.pool, folder)]);
    expect([...first, ...second]).toEqual(['zz-probe.sql']);
    expect(await probe()).toBe('fourth');
  });
});
