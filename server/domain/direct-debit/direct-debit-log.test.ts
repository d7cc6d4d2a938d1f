import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loggedInMember } from '../../test-support/test-client';
import { lastSmsCode } from '../../test-support/sms-outbox';

const IBAN = 'DE89370400440532013000';
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(async () => t?.close());

describe('direct debit and the log', () => {
  it('writes neither the IBAN nor the SMS code, even at the most detailed level', async () => {
    const { api } = await loggedInMember(t, { country: 'DE', emailConfirmedAt: new Date() });
    const bundles = (await api.get('/api/credits.php?country=DE')).json<{ bundles: { id: number }[] }>().bundles;
    const mobile = '+4915112345678';
    const body = {
      bundle: bundles[0]!.id,
      country: 'DE',
      holder: 'Jonas Weber',
      street: 'Hauptstraße',
      house_number: '5',
      postal_code: '10115',
      city: 'Berlin',
      mobile,
      idempotency_key: randomUUID(),
    };
    // A bad IBAN (an error answer) and a good one.
    expect((await api.post(directDebitEndpoints.sendCode.path, { ...body, iban: `${IBAN}9` })).statusCode).toBe(400);
    const sent = await api.post(directDebitEndpoints.sendCode.path, { ...body, iban: IBAN });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastSmsCode(t, mobile);
    const paid = await api.post(directDebitEndpoints.verify.path, { verification_id: sent.json<{ verification_id: string }>().verification_id, code });
    expect(paid.statusCode, paid.body).toBe(200);
    const log = lines.join('');
    expect(log).toContain(directDebitEndpoints.verify.path);
    expect(log).not.toContain(IBAN);
    expect(log).not.toContain('0532 0130');
    // Digits on either side are a time or a duration, not the code.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
