import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountCodes } from '../../db/offers-schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';
import { demoSiteId } from '../../test-support/test-members';
import { runOffersCommand } from './offers-cli';

const t = testAppForFile();
const run = (args: string[]) => runOffersCommand(t.database.db, args);

async function rowOf(code: string) {
  const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

describe('npm run offers', () => {
  it('creates a code with every limit, which members can then look up', async () => {
    const out = await run(['create', '--code', 'summer20', '--percent', '20', '--site', 'rendezvous', '--country', 'nl', '--minimum', '15.00', '--currency', 'eur', '--methods', 'ideal,creditcard', '--expires', '2099-12-31', '--validity', 'unlimited']);
    expect(out).toContain('Created SUMMER20 20% off');
    expect(await rowOf('SUMMER20')).toMatchObject({
      siteId: await demoSiteId(t.database.db),
      valuePercentageBp: 2000,
      country: 'NL',
      minimumOrderMinor: 1500,
      currency: 'EUR',
      paymentMethods: ['ideal', 'creditcard'],
      expiresAt: new Date('2100-01-01T00:00:00Z'),
      validity: 'unlimited',
      status: 'active',
      kind: 'code',
      memberId: null,
    });
    const { api } = await loggedInMember(t);
    expect((await api.get('/api/discountcode.php?code=summer20')).json()).toMatchObject({ code: 'SUMMER20', value_percentage: 20, validity: 'unlimited', kind: 'code' });
  });

  it('makes a code for every site, once per member, by default', async () => {
    await run(['create', '--code', 'ALLSITES', '--percent', '12.5']);
    expect(await rowOf('ALLSITES')).toMatchObject({ siteId: null, valuePercentageBp: 1250, validity: 'once-per-user', expiresAt: null, country: null, minimumOrderMinor: null, paymentMethods: null });
  });

  it('refuses bad arguments and writes nothing', async () => {
    const before = (await t.database.db.select().from(discountCodes)).length;
    await expect(run(['create', '--code', 'FREE', '--percent', '100'])).rejects.toThrow('--percent');
    await expect(run(['create', '--code', 'NOPCT'])).rejects.toThrow('--percent');
    await expect(run(['create', '--code', 'MIN', '--percent', '10', '--minimum', '15'])).rejects.toThrow('--minimum and --currency go together');
    await expect(run(['create', '--code', 'MIN', '--percent', '10', '--minimum', '15,00', '--currency', 'EUR'])).rejects.toThrow('an amount like 15.00');
    await expect(run(['create', '--code', 'METHOD', '--percent', '10', '--methods', 'ideal,cash'])).rejects.toThrow('--methods');
    await expect(run(['create', '--code', 'PAST', '--percent', '10', '--expires', '2020-01-01'])).rejects.toThrow('a day in the future');
    await expect(run(['create', '--code', 'LAND', '--percent', '10', '--country', 'XX'])).rejects.toThrow('--country');
    await expect(run(['create', '--code', 'NO SPACES', '--percent', '10'])).rejects.toThrow('--code');
    await expect(run(['create', '--code', 'X'.repeat(41), '--percent', '10'])).rejects.toThrow('--code');
    await expect(run(['create', '--code', 'WHERE', '--percent', '10', '--site', 'nowhere'])).rejects.toThrow('No site nowhere');
    await expect(run(['create', '--code', 'timebonus25', '--percent', '10'])).rejects.toThrow('exists already');
    await expect(run(['create', '--code', 'ODD', '--percent', '10', '--colour', 'red'])).rejects.toThrow('Usage');
    await expect(run(['rename'])).rejects.toThrow('Usage');
    await expect(run([])).rejects.toThrow('Usage');
    expect((await t.database.db.select().from(discountCodes)).length).toBe(before);
  });

  it('lists the operator codes with their uses, and disables one so members no longer find it', async () => {
    await run(['create', '--code', 'AUTUMN15', '--percent', '15']);
    const listed = await run(['list']);
    expect(listed).toMatch(/^TIMEBONUS25 25% off · every site · time-bonus · once-per-user · active · no expiry · 0 used$/m);
    expect(listed).toMatch(/^AUTUMN15 15% off · every site · code · once-per-user · active · no expiry · 0 used$/m);
    expect(await run(['disable', 'autumn15'])).toBe('Disabled AUTUMN15.');
    expect(await run(['list'])).toContain('AUTUMN15 15% off · every site · code · once-per-user · disabled');
    const { api } = await loggedInMember(t);
    expect((await api.get('/api/discountcode.php?code=AUTUMN15')).statusCode).toBe(404);
    await expect(run(['disable', 'NOPE'])).rejects.toThrow('No code NOPE');
    await expect(run(['disable'])).rejects.toThrow('Usage');
  });

  it('keeps 100 % off out of the table itself', async () => {
    await expect(t.database.db.insert(discountCodes).values({ code: 'ALLFREE', valuePercentageBp: 10_000 })).rejects.toThrow();
    expect(await rowOf('ALLFREE')).toBeUndefined();
  });
});
