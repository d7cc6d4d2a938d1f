import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createMember, sessionCookie } from '../test-support/test-members';
import { encodeVisit, newVisit, VISIT_COOKIE } from '../domain/visits/visit-cookie';
import { SELECTED_COUNTRY_COOKIE } from '../domain/sites/visitor';

/**
 * Bad input never gets a 5xx (spec section 8: a 5xx is a bug) and never writes: every
 * operation of the OpenAPI document (built from the routes, so a new route is covered
 * without touching this file) gets malformed headers, query strings and bodies.
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
  maximum?: number;
  minimum?: number;
  format?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}
interface Operation {
  method: string;
  url: string;
  query: string[];
  body: JsonSchema | null;
}

const HOST = 'localhost:3000';
let t: TestApp;
let memberCookie: string;
let operations: Operation[];
let address = 0;
beforeAll(async () => {
  // Limits per address are met with a new address per request; the message limit is per member.
  t = await createTestApp({ RATE_LIMIT_MAX: 1_000_000 });
  const member = await createMember(t.database.db);
  // With a genuine visit, as a browser that loaded a page has: page-hidden.php then reads the Referer.
  const visit = encodeURIComponent(t.app.signCookie(encodeVisit(newVisit('/', false, {}))));
  memberCookie = `${await sessionCookie(t.database.db, member.id)}; ${VISIT_COOKIE}=${visit}`;
  const doc = (await t.app.inject({ url: '/api/openapi.json', headers: { host: HOST } })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path.replace('{*}', 'no-such-route.php'),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
}, 120_000);
afterAll(async () => t?.close());

function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

function send(op: Operation, opts: { url?: string; headers?: Record<string, string>; payload?: string; cookie?: string | null }) {
  const cookie = opts.cookie === undefined ? memberCookie : opts.cookie;
  return t.app.inject({
    method: op.method as 'GET',
    url: opts.url ?? op.url,
    remoteAddress: nextAddress(),
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      ...(cookie ? { cookie } : {}),
      ...(opts.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
}

/** A value the schema accepts, so that a body reaches past its other fields. */
function plausible(schema: JsonSchema, name: string): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, k)]));
  if (schema.format === 'email' || name.includes('email')) return 'someone@example.test';
  return 'abcdefgh12';
}

/** Values no schema of that type accepts. */
function wrong(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const always = [{ nested: { deeper: [1, 2, 3] } }, [[['x']]]];
  if (schema.enum) return [...always, 'no-such-value', 12];
  if (type === 'integer' || type === 'number') return [...always, 'abc', '1', 1.5, 2 ** 53, -(2 ** 53), 1e308, true];
  if (type === 'boolean') return [...always, 'true', 2];
  if (type === 'array') return [...always, 'x', { length: 1 }, Array.from({ length: 5_000 }, () => 'x')];
  if (type === 'object') return ['x', 12, []];
  return [...always, 12, true, 'x'.repeat(Math.max(schema.maxLength ?? 100_000, 1_000) + 1)];
}

const MALFORMED_BODIES = ['{', '{"a":', 'null', '[]', '"text"', '12', 'true', '\u0000', '{"a":1}}'];

/** Every row of every table, as text: a request that writes changes it. */
async function snapshot(): Promise<string> {
  const tables = await t.database.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await t.database.db.execute<{ digest: string }>(sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`));
    parts.push(`${name}:${rows.rows[0]!.digest}`);
  }
  return parts.join('\n');
}

function expectNo5xx(failures: string[], label: string, status: number, body: string) {
  if (status >= 500) failures.push(`${status} ${label}: ${body.slice(0, 200)}`);
}

describe('bad input to every API operation', () => {
  it('malformed JSON bodies and bodies with a field of the wrong type: 4xx, never 5xx, and nothing written', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations.filter((o) => o.body)) {
      for (const cookie of [memberCookie, null]) {
        for (const payload of MALFORMED_BODIES) {
          const res = await send(op, { payload, cookie });
          sent += 1;
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${res.statusCode} ${op.method} ${op.url} body ${JSON.stringify(payload)}: ${res.body.slice(0, 200)}`);
        }
        const properties = Object.entries(op.body!.properties ?? {});
        for (const [name, schema] of properties) {
          for (const bad of wrong(schema)) {
            const base = plausible(op.body!, '') as Record<string, unknown>;
            const res = await send(op, { payload: JSON.stringify({ ...base, [name]: bad }), cookie });
            if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${res.statusCode} ${op.method} ${op.url} ${name}=${JSON.stringify(bad).slice(0, 40)}: ${res.body.slice(0, 200)}`);
          }
        }
      }
      // The wrong content type for a JSON body.
      const form = await send(op, { headers: { 'content-type': 'text/plain' }, payload: 'a=1' });
      expectNo5xx(failures, `${op.method} ${op.url} text/plain`, form.statusCode, form.body);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
    expect(await snapshot()).toBe(before);
  }, 300_000);

  it('malformed query strings: never a 5xx', async () => {
    const values = ['', '%', '%E0%A4%A', '-1', '0', '1.5', '99999999999999999999', '1e309', 'NaN', '[]', '{}', 'x'.repeat(5_000), '__proto__', '%C0%AE%C0%AE'];
    const failures: string[] = [];
    for (const op of operations) {
      const names = [...op.query, 'id', '__proto__', 'constructor'];
      for (const name of names) {
        for (const value of values) {
          const url = `${op.url}${op.url.includes('?') ? '&' : '?'}${name}=${value}`;
          const res = await send(op, { url, payload: op.body ? '{}' : undefined });
          expectNo5xx(failures, `${op.method} ${url.slice(0, 120)}`, res.statusCode, res.body);
        }
        const repeated = `${op.url}${op.url.includes('?') ? '&' : '?'}${name}=1&${name}=2`;
        const res = await send(op, { url: repeated, payload: op.body ? '{}' : undefined });
        expectNo5xx(failures, `${op.method} ${repeated}`, res.statusCode, res.body);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('malformed headers (Referer, Origin, cookies, languages, forwarded addresses): never a 5xx', async () => {
    const variants: Array<{ label: string; headers: Record<string, string>; cookie?: string | null }> = [
      { label: 'malformed Referer', headers: { referer: 'http://[::1' } },
      { label: 'Referer without scheme', headers: { referer: '::::' } },
      { label: 'Referer only', headers: { origin: '', referer: 'http://[' } },
      { label: 'malformed Origin', headers: { origin: 'http://%%%' } },
      { label: 'Origin null', headers: { origin: 'null' } },
      { label: 'malformed session cookie', headers: {}, cookie: 'auth.session=%E0%A4%A; i18n_redirected=%%' },
      { label: 'session cookie of the right shape', headers: {}, cookie: `auth.session=${'A'.repeat(43)}` },
      { label: 'garbage visit and country cookies', headers: {}, cookie: `${memberCookie.replace(VISIT_COOKIE, 'old')}; ${VISIT_COOKIE}=s%3A%7B%22broken.sig; ${SELECTED_COUNTRY_COOKIE}=ZZZ%00` },
      { label: 'unknown locale cookie', headers: {}, cookie: `${memberCookie}; i18n_redirected=xx-YY` },
      { label: 'malformed Accept-Language', headers: { 'accept-language': ';;q=abc,,*-*;q=2' } },
      { label: 'malformed X-Forwarded-For', headers: { 'x-forwarded-for': 'not-an-address, ::::', 'x-forwarded-proto': 'gopher' } },
      { label: 'malformed content type', headers: { 'content-type': 'application/json; charset=utf-99' } },
      { label: 'unknown host', headers: { host: 'nowhere.invalid:99999' } },
      { label: 'Sec-Fetch-Site garbage', headers: { 'sec-fetch-site': '%%%' } },
    ];
    const failures: string[] = [];
    for (const op of operations) {
      for (const v of variants) {
        const res = await send(op, { headers: v.headers, cookie: v.cookie, payload: op.body ? '{}' : undefined });
        expectNo5xx(failures, `${op.method} ${op.url} ${v.label}`, res.statusCode, res.body);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
