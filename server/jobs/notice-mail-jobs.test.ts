import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WELCOME_CODE } from '../../common/limits';
import { messages } from '../db/schema';
import { MAIL_NOTICE } from '../domain/notifications/mail-digests';
import { runNewsCommand } from '../domain/notifications/news-cli';
import { addCreditEntry } from '../domain/credits/credits-repository';
import { noticeMailsTo, settle } from '../test-support/notice-mails';
import { testAppForFile } from '../test-support/test-app-for-file';
import { loggedInMember } from '../test-support/test-client';
import { createMember } from '../test-support/test-members';
import { ENQUEUE_CHUNK, inactivityRemindersJob, newsJob, promotionsJob, unreadRemindersJob, weeklyUpdatesJob, type SendMany } from './notice-mail-jobs';

const t = testAppForFile();
const db = () => t.database.db;
const sendMany: SendMany = (name, data) => t.app.jobs.sendMany(name, data);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const text = (locale: 'de' | 'en', key: string, vars: Record<string, unknown> = {}) => t.app.translations.t(locale)(`notice-mails:${key}`, { siteName: 'Rendezvous', ...vars });

let n = 0;
const member = (fields: Parameters<typeof createMember>[1] = {}) =>
  createMember(db(), { emailConfirmedAt: new Date(), lastActiveAt: new Date(Date.now() - HOUR), name: `Jobs${++n}`, ...fields });

/** Runs a scheduled job as the timetable would, then sends what it queued. */
async function run(job: ReturnType<typeof weeklyUpdatesJob>, now = new Date()) {
  await t.app.jobs.runOnce(job, now);
  await settle(t);
}

describe('unread message reminders', () => {
  it('reminds once of messages unread for a day that no mail covered, and not of newer ones', async () => {
    const anna = await member({ emailOptOuts: ['new_messages'] });
    const fresh = await member({ emailOptOuts: ['new_messages'] });
    const bert = await loggedInMember(t, { emailConfirmedAt: new Date(), paidUser: true });
    await addCreditEntry(db(), { memberId: bert.member.id, amount: 100, kind: 'adjustment' });
    for (const to of [anna.id, anna.id, anna.id, fresh.id, fresh.id]) {
      expect((await bert.api.post('/api/message.php', { profile: to, client_id: `c${++n}x${Date.now()}`, text: 'hi' })).statusCode).toBe(200);
    }
    await settle(t);
    // The first message of each was mailed at once (new conversation); the others were not.
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(1);
    await db()
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(messages.senderId, bert.member.id));
    await t.database.pool.query(`update messages set created_at = now() where conversation_id = (select conversation_id from messages where sender_id = $1 order by id desc limit 1)`, [bert.member.id]);

    await run(unreadRemindersJob(sendMany));
    const mails = await noticeMailsTo(t, anna.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(text('en', 'unreadReminder.subject'));
    expect(mails[1]!.text).toContain(text('en', 'unreadReminder.body', { count: 2 }));
    expect(await noticeMailsTo(t, fresh.email)).toHaveLength(1);

    await run(unreadRemindersJob(sendMany));
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(2);
  });
});

describe('weekly updates', () => {
  it('names the week’s new members of the member’s country and sought gender, once a week', async () => {
    const viewer = await member({ gender: 'female', sexuality: 'hetero', country: 'NL', language: 'de' });
    const optedOut = await member({ gender: 'female', country: 'NL', emailOptOuts: ['weekly_updates'] });
    await member({ gender: 'male', country: 'NL', name: 'Jan', city: 'Utrecht' });
    await member({ gender: 'male', country: 'NL', name: 'Piet', city: null });
    await member({ gender: 'male', country: 'DE', name: 'Klaus' });
    await member({ gender: 'male', country: 'NL', name: 'Oud', createdAt: new Date(Date.now() - 10 * DAY) });
    await member({ gender: 'male', country: 'NL', name: 'Hidden', invisible: true });
    await run(weeklyUpdatesJob(sendMany));
    const mails = await noticeMailsTo(t, viewer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(text('de', 'weeklyUpdate.subject'));
    expect(mails[0]!.text).toContain(text('de', 'weeklyUpdate.body', { count: 2, country: 'Niederlande' }));
    expect(mails[0]!.text).toContain('Jan, Utrecht');
    expect(mails[0]!.text).toContain('Piet');
    for (const absent of ['Klaus', 'Oud', 'Hidden']) expect(mails[0]!.text).not.toContain(absent);
    expect(await noticeMailsTo(t, optedOut.email)).toHaveLength(0);

    await run(weeklyUpdatesJob(sendMany));
    expect(await noticeMailsTo(t, viewer.email)).toHaveLength(1);
  });
});

describe('inactivity reminders', () => {
  it('reminds members away a week, at most every 14 days', async () => {
    const away = await member({ lastActiveAt: new Date(Date.now() - 8 * DAY) });
    const recent = await member({ lastActiveAt: new Date(Date.now() - 2 * DAY) });
    await run(inactivityRemindersJob(sendMany));
    expect((await noticeMailsTo(t, away.email)).map((m) => m.subject)).toEqual([text('en', 'reminder.subject')]);
    expect(await noticeMailsTo(t, recent.email)).toHaveLength(0);
    await run(inactivityRemindersJob(sendMany), new Date(Date.now() + 7 * DAY));
    expect(await noticeMailsTo(t, away.email)).toHaveLength(1);
    await run(inactivityRemindersJob(sendMany), new Date(Date.now() + 15 * DAY));
    expect(await noticeMailsTo(t, away.email)).toHaveLength(2);
  });
});

describe('promotions', () => {
  it('mails the welcome discount before it ends, only to members who allow promotions and never paid', async () => {
    const ago = (h: number) => new Date(Date.now() - h * HOUR);
    const due = await member({ createdAt: ago(45) });
    const optedOut = await member({ createdAt: ago(45), emailOptOuts: ['promotions'] });
    const paid = await member({ createdAt: ago(45), paidUser: true });
    const early = await member({ createdAt: ago(10) });
    await run(promotionsJob(sendMany));
    const mails = await noticeMailsTo(t, due.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(WELCOME_CODE);
    expect(mails[0]!.text).toContain('/credits');
    for (const other of [optedOut, paid, early]) expect(await noticeMailsTo(t, other.email)).toHaveLength(0);
    await run(promotionsJob(sendMany));
    expect(await noticeMailsTo(t, due.email)).toHaveLength(1);
  });
});

describe('news', () => {
  it('mails a stored news text in each member’s language to the members who allow news, once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rv-news-'));
    const file = path.join(dir, 'news.json');
    await writeFile(file, JSON.stringify({ en: { subject: 'Our new app', body: 'It is here.\n\nTry it.' }, de: { subject: 'Unsere neue App', body: 'Sie ist da.\n\nProbier sie aus.' } }));
    const english = await member();
    const german = await member({ language: 'de' });
    const danish = await member({ language: 'da' });
    const optedOut = await member({ emailOptOuts: ['news'] });
    const elsewhere = await member({ siteKey: 'flirtdate' });
    expect(await runNewsCommand(db(), ['send', '--site', 'rendezvous', '--file', file])).toMatch(/^News #\d+ for rendezvous stored/);
    await expect(runNewsCommand(db(), ['send', '--site', 'rendezvous', '--file', path.join(dir, 'missing.json')])).rejects.toThrow(/Cannot read/);
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify({ de: { subject: 'x', body: 'y' } }));
    await expect(runNewsCommand(db(), ['send', '--site', 'rendezvous', '--file', path.join(dir, 'bad.json')])).rejects.toThrow(/"en" text is required/);
    await run(newsJob(sendMany));
    expect((await noticeMailsTo(t, english.email)).map((m) => m.subject)).toEqual(['Our new app']);
    expect((await noticeMailsTo(t, german.email)).map((m) => m.subject)).toEqual(['Unsere neue App']);
    expect((await noticeMailsTo(t, german.email))[0]!.text).toContain('Probier sie aus.');
    expect((await noticeMailsTo(t, danish.email)).map((m) => m.subject)).toEqual(['Our new app']);
    expect(await noticeMailsTo(t, optedOut.email)).toHaveLength(0);
    expect(await noticeMailsTo(t, elsewhere.email)).toHaveLength(0);
    await run(newsJob(sendMany));
    expect(await noticeMailsTo(t, english.email)).toHaveLength(1);
    expect(await runNewsCommand(db(), ['list'])).toMatch(/"Our new app" · queued .* · \d+ sent/);
  });
});

describe('enqueueing', () => {
  it('queues one job per allowed member in chunks of set-based statements', async () => {
    const before = await t.app.jobs.waiting(MAIL_NOTICE);
    expect(before).toBe(0);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `with made as (insert into members (site_id, email, status, email_confirmed_at, name, gender, birth_date, country, email_opt_outs)
         select (select id from sites where key = 'rendezvous'), 'bulk' || i || '@example.test', 'active', now(), 'Bulk ' || i, 'female', date '1990-01-01', 'NL',
                case when i % 10 = 0 then array['weekly_updates'] else '{}'::text[] end
         from generate_series(1, $1) i returning 1)
       select count(*)::int as n from made`,
      [ENQUEUE_CHUNK + 500],
    );
    expect(rows[0]!.n).toBe(ENQUEUE_CHUNK + 500);
    const { rows: allowed } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from members m where status = 'active' and email_confirmed_at is not null and not ('weekly_updates' = any(email_opt_outs)) and not (notifications_disabled && array['bounce','fbl'])`,
    );
    await t.app.jobs.runOnce(weeklyUpdatesJob(sendMany), new Date(Date.now() + 14 * DAY));
    expect(await t.app.jobs.waiting(MAIL_NOTICE)).toBe(allowed[0]!.n);
    await t.database.pool.query(`delete from pgboss.job where name = $1`, [MAIL_NOTICE]);
  });
});
