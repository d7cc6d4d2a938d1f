import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreditsPage, PaymentStart } from '../../../common/payments/payment-schemas';
import { creditEntries, members } from '../../db/schema';
import { payments } from '../../db/payments-schema';
import { addCreditEntry } from '../credits/credits-repository';
import { deliverWebhook } from '../../test-support/payment-webhooks';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

type Op =
  | { kind: 'buy'; outcome: 'paid' | 'failed' | 'canceled' | 'pending' }
  | { kind: 'webhook'; payment: number; copies: number }
  | { kind: 'spend'; credits: number }
  | { kind: 'reverse'; payment: number; as: 'refunded' | 'charged_back' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), outcome: fc.constantFrom('paid' as const, 'failed' as const, 'canceled' as const, 'pending' as const) }),
  fc.record({ kind: fc.constant('webhook' as const), payment: fc.nat(5), copies: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('spend' as const), credits: fc.integer({ min: 1, max: 150 }) }),
  fc.record({ kind: fc.constant('reverse' as const), payment: fc.nat(5), as: fc.constantFrom('refunded' as const, 'charged_back' as const) }),
);

const deliver = (id: string) => deliverWebhook(t, 'test', `id=${id}`);

describe('the credits ledger under random payment histories', () => {
  it('always sums to the balance, never goes below zero, and grants each payment at most once', async () => {
    t.app.testProvider.delivery = () => {};
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const { api, member } = await loggedInMember(t, { creditBalance: 0 });
        const page = (await api.get('/api/credits.php?country=NL')).json() as CreditsPage;
        const providerIds: string[] = [];
        let spent = 0;
        for (const o of ops) {
          if (o.kind === 'buy') {
            const bundle = page.bundles[providerIds.length % page.bundles.length]!;
            const start = (await api.post('/api/payment.php', { bundle: bundle.id, method: 'ideal', country: 'NL', idempotency_key: randomUUID() })).json() as PaymentStart;
            const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, start.payment_id));
            providerIds.push(row!.providerPaymentId!);
            await t.app.testProvider.act(row!.providerPaymentId!, o.outcome, false);
          } else if (o.kind === 'webhook' && providerIds.length > 0) {
            const id = providerIds[o.payment % providerIds.length]!;
            await Promise.all(Array.from({ length: o.copies }, () => deliver(id)));
          } else if (o.kind === 'spend') {
            // Spending goes through the ledger like a message would: only what the balance holds.
            const [row] = await t.database.db.select({ balance: members.creditBalance }).from(members).where(eq(members.id, member.id));
            const amount = Math.min(o.credits, row!.balance);
            if (amount > 0) await addCreditEntry(t.database.db, { memberId: member.id, amount: -amount, kind: 'message', idempotencyKey: `spend:${member.id}:${spent++}` });
          } else if (o.kind === 'reverse' && providerIds.length > 0) {
            const id = providerIds[o.payment % providerIds.length]!;
            await t.app.testProvider.simulate(id, o.as);
            await deliver(id);
          }
        }
        const [sum] = await t.database.db
          .select({ total: sql<number>`coalesce(sum(${creditEntries.amount}), 0)::int`, purchases: sql<number>`count(*) filter (where ${creditEntries.kind} = 'purchase')::int` })
          .from(creditEntries)
          .where(eq(creditEntries.memberId, member.id));
        const [row] = await t.database.db.select({ balance: members.creditBalance }).from(members).where(eq(members.id, member.id));
        const paid = await t.database.db.select().from(payments).where(sql`${payments.memberId} = ${member.id} and ${payments.paidAt} is not null`);
        expect(sum!.total).toBe(row!.balance);
        expect(row!.balance).toBeGreaterThanOrEqual(0);
        expect(sum!.purchases).toBe(paid.length);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
