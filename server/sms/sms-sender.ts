import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import twilio from 'twilio';

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** Delivers the message (Twilio) or stores it (development outbox); resolves with its id. */
  send(message: SmsMessage): Promise<string>;
  readonly kind: 'twilio' | 'outbox';
}

export interface SmsOptions {
  twilio?:
    | {
        accountSid: string;
        authToken: string;
        from: string;
        apiBase?: string | undefined;
      }
    | undefined;
  outboxDir: string;
}

/**
 * Twilio's Messages API through its official client when configured; otherwise a development
 * outbox like the mail outbox: each SMS is written to DATA_DIR/sms-outbox/<time>-<id>.json,
 * where a developer (or a test) reads the code. Nothing is sent anywhere by default.
 */
export function createSmsSender(options: SmsOptions): SmsSender {
  if (options.twilio) return twilioSender(options.twilio);
  const dir = options.outboxDir;
  return {
    kind: 'outbox',
    async send(message) {
      const id = randomUUID();
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.json`;
      const tmp = path.join(dir, `.${name}.tmp`);
      await writeFile(
        tmp,
        JSON.stringify(
          {
            id,
            to: message.to,
            text: message.text,
            sent_at: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      // Written whole, then renamed: a reader never sees half a message.
      await rename(tmp, path.join(dir, name));
      return id;
    },
  };
}

function twilioSender(config: NonNullable<SmsOptions['twilio']>): SmsSender {
  const client = twilio(config.accountSid, config.authToken);
  // TWILIO_API_BASE: a local stand-in of the Messages API (tests); the client builds every
  // URL from its Api domain's base.
  if (config.apiBase) client.api.baseUrl = config.apiBase;
  return {
    kind: 'twilio',
    async send(message) {
      const sent = await client.messages.create({
        to: message.to,
        from: config.from,
        body: message.text,
      });
      return sent.sid;
    },
  };
}
