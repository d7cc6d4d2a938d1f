import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Sent as List-Unsubscribe for notification mails. */
  listUnsubscribe?: string;
  /** Further header fields (List-Unsubscribe-Post, the notice header of notification mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Delivers the message (SMTP) or stores it (development outbox); resolves with its id. */
  send(message: MailMessage): Promise<string>;
  readonly kind: 'smtp' | 'outbox';
}

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:587, smtps://...).
 * Without it, a development outbox: each mail is built by the same nodemailer code into a
 * complete RFC 5322 message and written to DATA_DIR/outbox/<time>-<id>.eml, where a
 * developer (or a test) reads it. Nothing is sent anywhere by default.
 */
export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail(toNodemailer(message));
        return info.messageId;
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message));
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const tmp = path.join(options.outboxDir, `.${name}.tmp`);
      await writeFile(tmp, info.message as Buffer);
      // Written whole, then renamed: a reader never sees half a mail.
      await rename(tmp, path.join(options.outboxDir, name));
      return info.messageId;
    },
  };
}

function toNodemailer(m: MailMessage): SendMailOptions {
  return {
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.listUnsubscribe ? { list: { unsubscribe: m.listUnsubscribe } } : {}),
    ...(m.headers ? { headers: m.headers } : {}),
  };
}
