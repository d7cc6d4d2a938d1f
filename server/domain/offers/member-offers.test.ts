import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '../../../common/offers/discount-code';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S, WELCOME_CODE, WELCOME_OFFER_HOURS } from '../../../common/limits';
import { discountCodes } from '../../db/offers-schema';
import { companies, members, sites } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { HOST, loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();
const HOUR_MS = 3600 * 1000;

/** A logged-in member who signed up `agoMs` ago (the server's members.created_at). */
async function memberSince(agoMs: number, overrides: Parameters<typeof loggedInMember>[1] = {}, lang = 'en') {
  return loggedInMember(t, { createdAt: new Date(Date.now() - agoMs), ...overrides }, lang);
}

async function codesOf(memberId: number, kind: string) {
  return t.database.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.memberId, memberId), eq(discountCodes.kind, kind)));
}

describe('GET /api/discountcode.php?welcome=true', () => {
  it('answers the time bonus during the first 4 hours, ending 14,400 s after signup by the server clock', async () => {
    const { api, member } = await memberSince(HOUR_MS);
    const res = await api.get('/api/discountcode.php?welcome=true');
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json() as DiscountCode;
    expect(offer).toMatchObject({ code: TIME_BONUS_CODE, kind: 'time-bonus', value_percentage: 25, validity: 'once-per-user', status: 'active', expired: false, user_id: null });
    expect(new Date(offer.expires!).getTime()).toBe(member.createdAt.getTime() + TIME_BONUS_WINDOW_S * 1000);
    expect(Math.abs(new Date(offer.server_time).getTime() - Date.now())).toBeLessThan(5000);
  });

  it('answers WELCOME25 after the 4 hours, ending 48 hours after the time bonus by the server clock', async () => {
    const { api, member } = await memberSince(TIME_BONUS_WINDOW_S * 1000 + 1000);
    const offer = (await api.get('/api/discountcode.php?welcome=true')).json() as DiscountCode;
    expect(offer).toMatchObject({ code: WELCOME_CODE, kind: 'welcome', value_percentage: 25, validity: 'once-per-user', user_id: null, expired: false });
    expect(new Date(offer.expires!).getTime()).toBe(member.createdAt.getTime() + (TIME_BONUS_WINDOW_S + WELCOME_OFFER_HOURS * 3600) * 1000);
    // Asking again changes nothing: the deadline is the member's own, not the time of the first ask.
    const again = (await api.get('/api/discountcode.php?welcome=true')).json() as DiscountCode;
    expect(again.expires).toBe(offer.expires);
  });

  it('writes nothing: many asks leave the codes table as it was', async () => {
    const { api } = await memberSince(5 * HOUR_MS);
    const before = await t.database.db.select().from(discountCodes);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get('/api/discountcode.php?welcome=true')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.database.db.select().from(discountCodes)).toEqual(before);
  });

  it('answers 404 for a member who paid and once the welcome discount is over', async () => {
    const paid = await memberSince(HOUR_MS, { paidUser: true }, 'fr');
    const res = await paid.api.get('/api/discountcode.php?welcome=true');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Code introuvable');

    const over = await memberSince((TIME_BONUS_WINDOW_S + WELCOME_OFFER_HOURS * 3600 + 60) * 1000);
    expect((await over.api.get('/api/discountcode.php?welcome=true')).statusCode).toBe(404);
    const typed = await over.api.get(`/api/discountcode.php?code=${WELCOME_CODE.toLowerCase()}`);
    expect(typed.json()).toMatchObject({ kind: 'welcome', expired: true });
  });
});

describe('TIMEBONUS25 typed as a code', () => {
  it("is the member's own time bonus: running, expired after the window, not found after paying", async () => {
    const young = await memberSince(HOUR_MS);
    const running = (await young.api.get('/api/discountcode.php?code=timebonus25')).json() as DiscountCode;
    expect(running).toMatchObject({ kind: 'time-bonus', expired: false });

    const old = await memberSince(5 * HOUR_MS);
    const expired = await old.api.get('/api/discountcode.php?code=TIMEBONUS25');
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({ kind: 'time-bonus', expired: true });

    await t.database.db.update(members).set({ paidUser: true }).where(eq(members.id, young.member.id));
    expect((await young.api.get('/api/discountcode.php?code=TIMEBONUS25')).statusCode).toBe(404);
    expect((await young.api.get('/api/discountcode.php?welcome=true')).statusCode).toBe(404);
  });
});

describe('POST /api/discountcode.php {offer: stay}', () => {
  async function deleteDiscount(percent: number) {
    const [site] = await t.database.db.select({ companyId: sites.companyId }).from(sites).where(eq(sites.key, 'rendezvous'));
    await t.database.db.update(companies).set({ deleteDiscount: percent }).where(eq(companies.id, site!.companyId));
    await t.app.sites.reload();
  }

  it("makes the member's stay code with the company's delete discount once, for 7 days", async () => {
    await deleteDiscount(40);
    const { api, member } = await memberSince(30 * 24 * HOUR_MS, { paidUser: true });
    const res = await api.post('/api/discountcode.php', { offer: 'stay' });
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json() as DiscountCode;
    expect(offer).toMatchObject({ kind: 'stay', value_percentage: 40, user_id: member.id, validity: 'once-per-user', expired: false });
    expect(offer.code).toMatch(/^STAY-[A-Z2-9]{8}$/);
    const lasts = new Date(offer.expires!).getTime() - new Date(offer.server_time).getTime();
    expect(Math.abs(lasts - 7 * 24 * HOUR_MS)).toBeLessThan(5000);
    expect(((await api.post('/api/discountcode.php', { offer: 'stay' })).json() as DiscountCode).code).toBe(offer.code);
    expect(await codesOf(member.id, 'stay')).toHaveLength(1);
    // A paid member can use it: the stay offer does not end with the first payment.
    expect((await api.get(`/api/discountcode.php?code=${offer.code}`)).statusCode).toBe(200);
  });

  it('answers 404 when the company gives no delete discount, and refuses other offers and strangers', async () => {
    await deleteDiscount(0);
    const { api, member } = await memberSince(HOUR_MS, {}, 'nl');
    const res = await api.post('/api/discountcode.php', { offer: 'stay' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Code niet gevonden');
    expect((await api.post('/api/discountcode.php', { offer: 'free' })).statusCode).toBe(400);
    expect(await codesOf(member.id, 'stay')).toEqual([]);
  });

  it('refuses the offer posted from another website (CSRF) and makes nothing', async () => {
    await deleteDiscount(40);
    const { cookie, member } = await memberSince(HOUR_MS);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/discountcode.php',
      headers: { host: HOST, origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
      payload: { offer: 'stay' },
    });
    expect(res.statusCode).toBe(403);
    expect(await codesOf(member.id, 'stay')).toEqual([]);
  });

  it('is rate limited per address', async () => {
    await deleteDiscount(40);
    const { api } = await memberSince(HOUR_MS);
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await api.post('/api/discountcode.php', { offer: 'stay' })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
  });
});
