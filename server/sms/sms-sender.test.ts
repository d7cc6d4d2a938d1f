import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender } from './sms-sender';

interface Seen {
  url: string;
  authorization: string;
  form: URLSearchParams;
}

/** A local stand-in of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json). */
function twilioStandIn() {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization ?? '', form });
      if (form.get('To') === '+15005550001') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${seen.length}`, status: 'queued', to: form.get('To'), from: form.get('From'), body: form.get('Body') }));
    });
  });
  return { server, seen };
}

describe('SMS sender', () => {
  const standIn = twilioStandIn();
  let base = '';
  let outbox = '';

  beforeAll(async () => {
    standIn.server.listen(0, '127.0.0.1');
    await once(standIn.server, 'listening');
    base = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    outbox = await mkdtemp(path.join(tmpdir(), 'rv-sms-'));
  });
  afterAll(async () => {
    standIn.server.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('sends through Twilio’s official client when configured', async () => {
    const sms = createSmsSender({ twilio: { accountSid: 'AC123', authToken: 'secret-token', from: 'Rendezvous', apiBase: base }, outboxDir: outbox });
    expect(sms.kind).toBe('twilio');
    const id = await sms.send({ to: '+31612345678', text: '123456 is your code' });
    expect(id).toBe('SM1');
    const [request] = standIn.seen;
    expect(request!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request!.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(Object.fromEntries(request!.form)).toMatchObject({ To: '+31612345678', From: 'Rendezvous', Body: '123456 is your code' });
    await expect(sms.send({ to: '+15005550001', text: 'x' })).rejects.toThrow();
    expect(await readdir(outbox)).toHaveLength(0);
  });

  it('writes each SMS to the development outbox by default', async () => {
    const sms = createSmsSender({ outboxDir: outbox });
    expect(sms.kind).toBe('outbox');
    const id = await sms.send({ to: '+31612345678', text: '654321 is your code' });
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(outbox, files[0]!), 'utf8'))).toMatchObject({ id, to: '+31612345678', text: '654321 is your code' });
  });
});
