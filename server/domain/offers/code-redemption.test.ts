import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S, WELCOME_CODE } from '../../../common/limits';
import { discountRedemptions } from '../../db/offers-schema';
import { payments } from '../../db/payments-schema';
import { ApiError } from '../../http/api-error';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { applyCode, redeem } from './code-redemption';

const t = testAppForFile();

describe('redeeming a welcome offer', () => {
  it('lets one of two payments started across the end of the time bonus, one with each code, take the welcome offer', async () => {
    const m = await createMember(t.database.db);
    const windowEnd = m.createdAt.getTime() + TIME_BONUS_WINDOW_S * 1000;
    const order = { memberId: m.id, country: 'NL', currency: 'EUR' as const, amountMinor: 999, method: 'ideal' as const };
    // Each code checked just on its side of the window's end, before either payment is written.
    const bonus = await applyCode(t.database.db, m.siteId, order, TIME_BONUS_CODE, 'en', new Date(windowEnd - 1000));
    const welcome = await applyCode(t.database.db, m.siteId, order, WELCOME_CODE, 'en', new Date(windowEnd + 1000));
    const pay = (applied: typeof bonus) =>
      t.database.db.transaction(async (tx) => {
        const [payment] = await tx
          .insert(payments)
          .values({ publicId: randomUUID().slice(0, 12), memberId: m.id, siteId: m.siteId, credits: 100, method: 'ideal', provider: 'test', amountMinor: applied.amountMinor, currency: 'EUR', country: 'NL', vatRateBp: 2100, idempotencyKey: randomUUID() })
          .returning();
        await redeem(tx, applied, m.id, payment!.id);
      });
    const outcomes = await Promise.allSettled([pay(bonus), pay(welcome)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected')!.reason as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ statusCode: 409, key: 'errors.codeUsed' });
    expect(await t.database.db.select().from(payments).where(eq(payments.memberId, m.id))).toHaveLength(1);
    expect(await t.database.db.select().from(discountRedemptions).where(eq(discountRedemptions.memberId, m.id))).toHaveLength(1);
  });
});
