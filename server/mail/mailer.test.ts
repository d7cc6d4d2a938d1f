import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from './mailer';

const message: MailMessage = {
  from: 'Rendezvous <no-reply@rendezvous.example>',
  to: 'anna@example.test',
  subject: 'Bevestig je e-mailadres',
  text: 'Hallo Anna, bevestig je adres: https://rendezvous.example/activate',
  html: '<p>Hallo Anna, <a href="https://rendezvous.example/activate">bevestig je adres</a></p>',
  listUnsubscribe: 'https://rendezvous.example/notifications',
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('SMTP mailer', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a real message over SMTP with text, HTML and List-Unsubscribe', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, outboxDir: '/nonexistent' });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@rendezvous.example', to: ['anna@example.test'] });
    expect(received[0]!.data).toContain('Subject: Bevestig je e-mailadres');
    expect(received[0]!.data).toContain('multipart/alternative');
    expect(received[0]!.data).toMatch(/List-Unsubscribe: <https:\/\/rendezvous\.example\/notifications>/);
    expect(received[0]!.data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

describe('development outbox', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rv-outbox-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes each mail as a complete .eml file and sends nothing', async () => {
    const mailer = createMailer({ outboxDir: dir });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(first).toContain('To: anna@example.test');
    expect(first).toContain('Subject: Bevestig je e-mailadres');
    expect(first).toContain('Content-Type: text/html');
  });
});
