import { describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions } from '../../db/offers-schema';
import { payments } from '../../db/payments-schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { client, loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

async function code(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await t.database.db.insert(discountCodes).values({ valuePercentageBp: 2500, ...values }).returning();
  return row!;
}

describe('GET /api/discountcode.php', () => {
  it('answers the code object of spec 3, in any case the member types it', async () => {
    await code({ code: 'SPRING25', country: 'NL', currency: 'EUR', minimumOrderMinor: 1500, paymentMethods: ['ideal'] });
    const { api } = await loggedInMember(t);
    const res = await api.get('/api/discountcode.php?code=spring25&utm_source=mail');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 'SPRING25',
      country: 'NL',
      user_id: null,
      expires: null,
      value_type: 'percentage',
      value_percentage: 25,
      currency: 'EUR',
      minimum_order_value: 1500,
      status: 'active',
      validity: 'once-per-user',
      expired: false,
      paymentmethods: ['ideal'],
      kind: 'code',
      server_time: expect.any(String),
    });
  });

  it("says 'Code not found' for unknown, disabled and other members' personal codes, in the member's language", async () => {
    const other = await loggedInMember(t);
    await code({ code: 'OFF', status: 'disabled' });
    await code({ code: 'MINE', memberId: other.member.id });
    const { api } = await loggedInMember(t, {}, 'de');
    for (const text of ['NOPE', 'OFF', 'MINE']) {
      const res = await api.get(`/api/discountcode.php?code=${text}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Code nicht gefunden');
    }
    expect((await other.api.get('/api/discountcode.php?code=mine')).statusCode).toBe(200);
  });

  it("says 'Code already used' for a once-per-user code the member used on a payment that counts", async () => {
    const row = await code({ code: 'ONCE' });
    const { api, member } = await loggedInMember(t, {}, 'nl');
    const [payment] = await t.database.db
      .insert(payments)
      .values({ publicId: `RVCODE${member.id}`, memberId: member.id, siteId: member.siteId, credits: 100, method: 'ideal', provider: 'test', amountMinor: 749, currency: 'EUR', country: 'NL', vatRateBp: 2100, idempotencyKey: 'k' })
      .returning();
    await t.database.db.insert(discountRedemptions).values({ codeId: row.id, memberId: member.id, paymentId: payment!.id, oncePerUser: true });
    const res = await api.get('/api/discountcode.php?code=ONCE');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Code al gebruikt');
  });

  it('has the demo code of the seed to try', async () => {
    const { api } = await loggedInMember(t);
    expect((await api.get('/api/discountcode.php?code=demo20')).json()).toMatchObject({ code: 'DEMO20', value_percentage: 20, validity: 'unlimited', kind: 'code', expired: false });
  });

  it('answers a code too long as bad input', async () => {
    const { api } = await loggedInMember(t, {}, 'es');
    const res = await api.get(`/api/discountcode.php?code=${'X'.repeat(41)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalidInput');
  });

  it('needs a session', async () => {
    expect((await client(t, null).get('/api/discountcode.php?code=SPRING25')).statusCode).toBe(403);
  });
});
