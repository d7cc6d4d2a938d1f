import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { mailReport } from '../../test-support/mail-reports';
import { runMailFeedbackCommand } from './mail-feedback-cli';
import { decide, noticeHeaderReader, takeMailFeedback } from './mail-feedback';
import { NOTICE_HEADER, noticeHeaderValue, noticeKeysOf } from './notice-token';
import { parseMailReport } from './mail-feedback-report';

const report = mailReport;

describe('parseMailReport', () => {
  it('reads a Postfix hard bounce (5.1.1 user unknown) with the returned message', async () => {
    const parsed = await parseMailReport(report('postfix-5.1.1-user-unknown.eml'));
    expect(parsed).toMatchObject({ kind: 'delivery-status', recipients: [{ address: 'gone.member@example.net', action: 'failed', status: '5.1.1' }] });
    expect(parsed?.original).toMatchObject({ from: 'support@rendezvous.example', to: ['gone.member@example.net'] });
    expect(decide(parsed!)).toEqual({ reason: 'bounce', addresses: ['gone.member@example.net'] });
  });

  it('reads a delay for a full mailbox (4.2.2) as no reason to stop mail', async () => {
    const parsed = await parseMailReport(report('postfix-4.2.2-mailbox-full.eml'));
    expect(parsed).toMatchObject({ kind: 'delivery-status', recipients: [{ address: 'full.member@example.org', action: 'delayed', status: '4.2.2' }] });
    expect(parsed?.original?.from).toBe('support@rendezvous.example');
    expect(decide(parsed!)).toBeNull();
  });

  it('reads an ARF abuse report as Yahoo sends it (Original-Rcpt-To, the whole message)', async () => {
    const parsed = await parseMailReport(report('arf-abuse-yahoo.eml'));
    expect(parsed).toMatchObject({ kind: 'feedback-report', feedbackType: 'abuse', recipients: ['complaining.member@yahoo.com'], originalMailFrom: 'support@rendezvous.example' });
    expect(decide(parsed!)).toEqual({ reason: 'fbl', addresses: ['complaining.member@yahoo.com'] });
  });

  it('finds the recipient of an ARF report without Original-Rcpt-To in the returned headers', async () => {
    const parsed = await parseMailReport(report('arf-abuse-rfc5965.eml'));
    expect(parsed).toMatchObject({ kind: 'feedback-report', feedbackType: 'abuse', recipients: ['complainer@mailbox.example'] });
    expect(parsed?.original?.from).toBe('support@rendezvous.example');
  });

  it('reads a report with CRLF line ends as the mail server hands it over', async () => {
    const parsed = await parseMailReport(report('postfix-5.1.1-user-unknown.eml').replace(/\n/g, '\r\n'));
    expect(decide(parsed!)).toEqual({ reason: 'bounce', addresses: ['gone.member@example.net'] });
  });

  it('takes a failed delivery with a 4.x.x status, and a feedback type that is no complaint, as no reason', async () => {
    const expired = report('postfix-5.1.1-user-unknown.eml').replace('Status: 5.1.1', 'Status: 4.4.7');
    expect(decide((await parseMailReport(expired))!)).toBeNull();
    const notSpam = report('arf-abuse-yahoo.eml').replace('Feedback-Type: abuse', 'Feedback-Type: not-spam');
    expect(decide((await parseMailReport(notSpam))!)).toBeNull();
    const fraud = report('arf-abuse-yahoo.eml').replace('Feedback-Type: abuse', 'Feedback-Type: fraud');
    expect(decide((await parseMailReport(fraud))!)?.reason).toBe('fbl');
  });

  it('answers null for what is no report', async () => {
    expect(await parseMailReport('From: a@example.com\nTo: b@example.com\nSubject: hello\n\nJust a mail.\n')).toBeNull();
    expect(await parseMailReport('not a mail at all')).toBeNull();
    // A report whose machine-readable part is missing.
    const noStatus = report('postfix-5.1.1-user-unknown.eml').replace('Content-Type: message/delivery-status', 'Content-Type: text/plain');
    expect(await parseMailReport(noStatus)).toBeNull();
  });
});

const t = testAppForFile();

async function disabledOf(memberId: number): Promise<string[]> {
  const [row] = await t.database.db.select({ disabled: members.notificationsDisabled }).from(members).where(eq(members.id, memberId));
  return row!.disabled;
}

const defaultSite = async () => (await createMember(t.database.db, { email: `probe-${Date.now()}@example.test` })).siteId;

describe('takeMailFeedback', () => {
  it('records a hard bounce once for the member of the sending site, and leaves the same address on another site alone', async () => {
    const address = `Bounced-${Date.now()}@example.net`;
    const member = await createMember(t.database.db, { email: address });
    const elsewhere = await createMember(t.database.db, { email: address, siteKey: 'flirtdate' });
    const raw = report('postfix-5.1.1-user-unknown.eml', address.toLowerCase());
    expect(await takeMailFeedback(t.database.db, raw, { siteId: member.siteId })).toEqual({ outcome: 'recorded', reason: 'bounce', members: 1 });
    expect(await disabledOf(member.id)).toEqual(['bounce']);
    expect(await disabledOf(elsewhere.id)).toEqual([]);
    // The same report again changes nothing.
    expect(await takeMailFeedback(t.database.db, raw, { siteId: member.siteId })).toEqual({ outcome: 'already_recorded', reason: 'bounce', members: 0 });
    expect(await disabledOf(member.id)).toEqual(['bounce']);
  });

  it('adds a spam complaint beside an earlier reason', async () => {
    const address = `complainer-${Date.now()}@yahoo.example`;
    const member = await createMember(t.database.db, { email: address, notificationsDisabled: ['listunsubscribe'] });
    expect(await takeMailFeedback(t.database.db, report('arf-abuse-yahoo.eml', address), { siteId: member.siteId })).toEqual({ outcome: 'recorded', reason: 'fbl', members: 1 });
    expect(await disabledOf(member.id)).toEqual(['listunsubscribe', 'fbl']);
  });

  it('changes nothing for a soft bounce or an unknown address', async () => {
    const address = `full-${Date.now()}@example.org`;
    const member = await createMember(t.database.db, { email: address });
    expect(await takeMailFeedback(t.database.db, report('postfix-4.2.2-mailbox-full.eml', address), { siteId: member.siteId })).toEqual({ outcome: 'ignored', reason: null, members: 0 });
    expect(await takeMailFeedback(t.database.db, report('postfix-5.1.1-user-unknown.eml', `nobody-${Date.now()}@example.net`), { siteId: member.siteId })).toEqual({
      outcome: 'unknown_recipient',
      reason: 'bounce',
      members: 0,
    });
    expect(await disabledOf(member.id)).toEqual([]);
  });

  it('finds the member on the door site when the report does not show who sent the mail', async () => {
    const address = `headless-${Date.now()}@example.net`;
    const member = await createMember(t.database.db, { email: address, siteKey: 'flirtdate' });
    // The returned message left out: only the delivery report remains.
    const raw = report('postfix-5.1.1-user-unknown.eml', address).replace(/Content-Description: Undelivered Message\nContent-Type: message\/rfc822[\s\S]*?(?=--3F2A41C0123\.1795688102\/mail\.rendezvous\.example--)/, '');
    expect((await parseMailReport(raw))?.original).toBeNull();
    expect(await takeMailFeedback(t.database.db, raw, { siteId: await defaultSite() })).toMatchObject({ outcome: 'unknown_recipient' });
    expect(await takeMailFeedback(t.database.db, raw, { siteId: member.siteId })).toMatchObject({ outcome: 'recorded', reason: 'bounce' });
  });
});

describe('a returned message that names its member (the notice header of notification mails)', () => {
  const keys = noticeKeysOf('the cookie secret of this test');
  const memberOf = noticeHeaderReader(keys.notice);
  const withNotice = (raw: string, memberId: number, signedWith = keys) =>
    raw.replace('From: Rendezvous <support@rendezvous.example>', `${NOTICE_HEADER}: ${noticeHeaderValue(signedWith, { memberId, type: 'weekly_updates' })}\nFrom: Rendezvous <support@rendezvous.example>`);

  it('finds the member of a complaint whose recipient the provider redacted', async () => {
    const member = await createMember(t.database.db, { email: `redacted-${Date.now()}@outlook.example` });
    const redacted = withNotice(report('arf-abuse-yahoo.eml', 'redacted@redacted.example'), member.id).replace(/Original-Rcpt-To: .*\n/, '');
    expect(await takeMailFeedback(t.database.db, redacted, { siteId: member.siteId })).toMatchObject({ outcome: 'unknown_recipient' });
    expect(await takeMailFeedback(t.database.db, redacted, { siteId: member.siteId, memberOf })).toEqual({ outcome: 'recorded', reason: 'fbl', members: 1 });
    expect(await disabledOf(member.id)).toEqual(['fbl']);
  });

  it('ignores a forged header: the member is found by address or not at all', async () => {
    const member = await createMember(t.database.db, { email: `forged-${Date.now()}@outlook.example` });
    const forged = withNotice(report('arf-abuse-yahoo.eml', 'redacted@redacted.example'), member.id, noticeKeysOf('another secret')).replace(/Original-Rcpt-To: .*\n/, '');
    expect(await takeMailFeedback(t.database.db, forged, { siteId: member.siteId, memberOf })).toMatchObject({ outcome: 'unknown_recipient' });
    expect(await disabledOf(member.id)).toEqual([]);
  });

  it('records a bounce for that member only while the bounced address is still theirs', async () => {
    const member = await createMember(t.database.db, { email: `moved-${Date.now()}@example.net` });
    const old = withNotice(report('postfix-5.1.1-user-unknown.eml', `old-${member.email}`), member.id);
    expect(await takeMailFeedback(t.database.db, old, { siteId: member.siteId, memberOf })).toMatchObject({ outcome: 'unknown_recipient' });
    expect(await disabledOf(member.id)).toEqual([]);
    const current = withNotice(report('postfix-5.1.1-user-unknown.eml', member.email), member.id);
    expect(await takeMailFeedback(t.database.db, current, { siteId: member.siteId, memberOf })).toEqual({ outcome: 'recorded', reason: 'bounce', members: 1 });
  });
});

describe('npm run mail-feedback', () => {
  it('takes a report from standard input and says what it did', async () => {
    const address = `piped-${Date.now()}@example.net`;
    const member = await createMember(t.database.db, { email: address });
    const run = (raw: string, argv: string[] = []) => runMailFeedbackCommand(t.database.db, argv, Buffer.from(raw));
    expect(await run(report('postfix-5.1.1-user-unknown.eml', address))).toBe('Recorded "bounce": e-mail notifications stopped for 1 member(s).');
    expect(await run(report('postfix-5.1.1-user-unknown.eml', address))).toBe('"bounce" was already recorded: nothing changed.');
    expect(await run('Subject: hi\n\nhello\n')).toBe('Not a delivery status notification or feedback report: nothing changed.');
    expect(await disabledOf(member.id)).toEqual(['bounce']);
    await expect(run('')).rejects.toThrow('No message');
    await expect(run(report('arf-abuse-yahoo.eml', address), ['--site', 'nope'])).rejects.toThrow('No site nope');
  });
});
