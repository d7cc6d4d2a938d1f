import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreditsPage, PaymentStart } from '../../../common/payments/payment-schemas';
import { members } from '../../db/schema';
import { payments } from '../../db/payments-schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';
import { runPaymentsCommand } from './payments-cli';

const t = testAppForFile();

describe('npm run payments -- refund', () => {
  it('refunds a paid payment at its provider and withdraws the credits once', async () => {
    t.app.testProvider.delivery = () => {};
    const { api, member } = await loggedInMember(t, { creditBalance: 0 });
    const bundle = ((await api.get('/api/credits.php?country=NL')).json() as CreditsPage).bundles[0]!;
    const start = (await api.post('/api/payment.php', { bundle: bundle.id, method: 'ideal', country: 'NL', idempotency_key: randomUUID() })).json() as PaymentStart;
    const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, start.payment_id));
    await t.app.testProvider.act(row!.providerPaymentId!, 'paid', false);
    await api.get(`/api/payment.php?id=${start.payment_id}`);

    const run = (args: string[]) => runPaymentsCommand(t.database.db, t.app.config, args, t.app.paymentRouting);
    expect(await run(['refund', start.payment_id])).toContain('refunded');
    const [after] = await t.database.db.select({ balance: members.creditBalance, paid: members.paidUser }).from(members).where(eq(members.id, member.id));
    expect(after).toEqual({ balance: 0, paid: true });
    await expect(run(['refund', start.payment_id])).rejects.toThrow('only a paid payment');
    await expect(run(['refund', 'RVNOPE'])).rejects.toThrow('No payment');
    await expect(run(['refund'])).rejects.toThrow('Usage');
  });
});
