import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ embeddedDataDir: null, poolSize: 1 });
});
afterAll(async () => database?.close());

describe('the embedded database', () => {
  it('answers the next query after a failed one (the pool replaces the connection it dropped)', async () => {
    const { pool } = database;
    await expect(pool.query('select 1 / 0')).rejects.toThrow('division by zero');
    expect((await pool.query<{ x: number }>('select 1 as x')).rows).toEqual([{ x: 1 }]);
    await expect(pool.query({ text: 'select $1::int as x', values: ['not a number'] })).rejects.toThrow('invalid input syntax');
    expect((await pool.query<{ x: number }>('select 2 as x')).rows).toEqual([{ x: 2 }]);
  });
});
