/** Members of the chat's user flows (chat.test.ts, chat-costs.test.ts): new accounts that can receive messages. */
import type { Page } from '@playwright/test';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';
import { expect } from './fixtures';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;

let counter = 0;

/**
 * A new member with a confirmed e-mail address (only those can receive messages), logged in in a
 * browser context of its own. New members have the site's signup credits and free messages.
 */
export async function confirmedMember(openPage: () => Promise<Page>, name: string): Promise<{ page: Page; id: number; name: string }> {
  const page = await openPage();
  await page.goto('/pages/faq');
  counter += 1;
  const unique = `${name}${String(Date.now() % 100000)}${counter}`;
  const email = `e2e-chat-${unique.toLowerCase()}@rendezvous.example`;
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/signup.php', {
    headers: { origin },
    data: { email, name: unique, password: 'a fine password 42', date_of_birth: '1990-04-12', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as { user: { id: number } };
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).length).toBeGreaterThanOrEqual(1);
  const token = new URL(firstLink((await outboxMailsTo(OUTBOX, email))[0]!, '/activate/done')).searchParams.get('token');
  expect((await page.request.post('/api/activate.php', { headers: { origin }, data: { token } })).status()).toBe(200);
  return { page, id: user.id, name: unique };
}
