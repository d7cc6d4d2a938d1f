import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveServerMessage, SendMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import { REQUEST_RETRIES } from '../../common/limits';
import { ApiClientError } from './api-client';
import { ACK_DELAY_MS } from './live-acks';
import { createLiveConnection, RECONNECT_MAX_MS, TYPING_THROTTLE_MS, type LiveSocket, type LiveStatus } from './live-connection';
import { SEND_TIMEOUT_MS } from './live-send';

/** The browser's WebSocket, seen from the page: the test plays the server. */
class FakeSocket implements LiveSocket {
  readyState = 0;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  readonly frames: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.frames.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1005) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server side:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  framesOf(type: string) {
    return this.frames.filter((f) => f.type === type);
  }
}

const read = (up_to: number): LiveEvent => ({ kind: 'read', conversation: 7, up_to, by: 'them', total_unread_messages: 0 });
/** A message event: from the other member, or the member's own (from another tab). */
const said = (id: number, mine: boolean): LiveEvent => ({
  kind: 'message',
  message: { id, conversation: 7, client_id: `client-id-${id}-x`, mine, kind: 'text', text: 'Hi', photo: null, gift: null, created_at: '2026-11-23T10:00:00.000Z', state: 'sent' },
  profile: { id: 42, name: 'Eva', age: 31, city: null, country: 'NL', photo: null, fictional: false },
  conversation_unread: 1,
  total_unread_messages: 1,
});
const message: SendMessage = { profile: 42, client_id: 'client-id-0001', kind: 'text', text: 'Hello there' };
const result = { message: { id: 1 }, wallet: { credits: 3 } } as unknown as SendMessageResponse;

function setup(send: (path: string, body: unknown) => Promise<unknown> = async () => result, pageSeq?: () => number | null) {
  const sockets: FakeSocket[] = [];
  const sleeps: number[] = [];
  // The client's call by endpoint, seen as (path, body, options) for the assertions.
  const post = vi.fn((path: string, body: unknown, options: unknown) => (void options, send(path, body)));
  const api = { post, call: (endpoint: { path: string }, request: { body: unknown }) => post(endpoint.path, request.body, request) };
  const connection = createLiveConnection({
    url: 'wss://rendezvous.example/api/live.php',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    api: api as never,
    random: () => 1,
    sleep: async (ms) => void sleeps.push(ms),
    pageSeq,
  });
  const events: Array<[number, LiveEvent]> = [];
  const statuses: LiveStatus[] = [];
  connection.onEvent((event, seq) => events.push([seq, event]));
  connection.onStatus((s) => statuses.push(s));
  const last = () => sockets[sockets.length - 1]!;
  return { connection, sockets, last, api, sleeps, events, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live connection', () => {
  it('says hello with null first, delivers events in order exactly once and acknowledges them debounced', async () => {
    const t = setup();
    expect(t.sockets).toHaveLength(1);
    expect(t.last().url).toBe('wss://rendezvous.example/api/live.php');
    t.last().open();
    expect(t.last().frames).toEqual([{ type: 'hello', after: null }]);
    t.last().push({ type: 'ready', seq: 10 });
    expect(t.statuses).toEqual(['connecting', 'open']);
    t.last().push({ type: 'event', seq: 11, event: said(5, false) });
    t.last().push({ type: 'event', seq: 11, event: said(5, false) });
    t.last().push({ type: 'event', seq: 12, event: read(2) });
    t.last().push({ type: 'event', seq: 10, event: read(0) });
    expect(t.events.map(([seq]) => seq)).toEqual([11, 12]);
    expect(t.last().framesOf('ack')).toEqual([]);
    await vi.advanceTimersByTimeAsync(ACK_DELAY_MS);
    expect(t.last().framesOf('ack')).toEqual([{ type: 'ack', seq: 12 }]);
    await vi.advanceTimersByTimeAsync(ACK_DELAY_MS * 5);
    expect(t.last().framesOf('ack')).toHaveLength(1);
  });

  it('acknowledges only when a message from the other member came: receipts, likes and its own messages make none', async () => {
    const t = setup();
    t.last().open();
    t.last().push({ type: 'ready', seq: 10 });
    t.last().push({ type: 'event', seq: 11, event: said(5, true) });
    t.last().push({ type: 'event', seq: 12, event: read(5) });
    await vi.advanceTimersByTimeAsync(ACK_DELAY_MS * 3);
    expect(t.last().framesOf('ack')).toEqual([]);
    // A message from them: one acknowledgement, covering everything received.
    t.last().push({ type: 'event', seq: 13, event: said(6, false) });
    t.last().push({ type: 'event', seq: 14, event: read(6) });
    await vi.advanceTimersByTimeAsync(ACK_DELAY_MS);
    expect(t.last().framesOf('ack')).toEqual([{ type: 'ack', seq: 14 }]);
    t.last().push({ type: 'event', seq: 15, event: read(6) });
    await vi.advanceTimersByTimeAsync(ACK_DELAY_MS * 3);
    expect(t.last().framesOf('ack')).toHaveLength(1);
  });

  it("resumes the first connection from the page's live position, asked when the socket opens", async () => {
    let seq: number | null = null;
    const t = setup(undefined, () => seq);
    // The page renders (and says where its data was read) after the connection was created.
    seq = 41;
    t.last().open();
    expect(t.last().frames).toEqual([{ type: 'hello', after: 41 }]);
    // What came while the page loaded is delivered; later connections resume from the events.
    t.last().push({ type: 'event', seq: 42, event: read(42) });
    t.last().push({ type: 'ready', seq: 42 });
    expect(t.events.map(([s]) => s)).toEqual([42]);
    t.last().drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    t.last().open();
    expect(t.last().frames[0]).toEqual({ type: 'hello', after: 42 });
  });

  it('reconnects with growing, capped delays and resumes after the last seq without duplicates', async () => {
    const t = setup();
    t.last().open();
    t.last().push({ type: 'ready', seq: 0 });
    t.last().push({ type: 'event', seq: 1, event: read(1) });
    t.last().push({ type: 'event', seq: 2, event: read(2) });
    t.last().drop();
    expect(t.statuses).toEqual(['connecting', 'open', 'closed']);

    // random() = 1: the full backoff ceiling, doubling from 1 s up to 30 s.
    const delays: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const before = t.sockets.length;
      let waited = 0;
      while (t.sockets.length === before) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      delays.push(waited);
      t.last().drop();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, RECONNECT_MAX_MS, RECONNECT_MAX_MS]);

    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    const socket = t.last();
    socket.open();
    expect(socket.frames[0]).toEqual({ type: 'hello', after: 2 });
    socket.push({ type: 'event', seq: 2, event: read(2) });
    socket.push({ type: 'event', seq: 3, event: read(3) });
    socket.push({ type: 'ready', seq: 3 });
    socket.push({ type: 'event', seq: 3, event: read(3) });
    socket.push({ type: 'event', seq: 4, event: read(4) });
    expect(t.events.map(([seq]) => seq)).toEqual([1, 2, 3, 4]);
    expect(t.statuses.at(-1)).toBe('open');

    // Back to the short delay after a successful resume.
    socket.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.last()).not.toBe(socket);
  });

  it('reloads on reset and continues from its seq', async () => {
    const t = setup();
    const resets = vi.fn();
    t.connection.onReset(resets);
    t.last().open();
    t.last().push({ type: 'ready', seq: 5 });
    t.last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    t.last().open();
    expect(t.last().frames[0]).toEqual({ type: 'hello', after: 5 });
    t.last().push({ type: 'reset', seq: 900 });
    t.last().push({ type: 'ready', seq: 900 });
    t.last().push({ type: 'event', seq: 901, event: read(1) });
    expect(resets).toHaveBeenCalledOnce();
    expect(t.events.map(([seq]) => seq)).toEqual([901]);
  });

  it('stops for good when the server says the member is not logged in, and on close()', async () => {
    const t = setup();
    t.last().open();
    t.last().drop(4401);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2);
    expect(t.sockets).toHaveLength(1);

    const u = setup();
    u.last().open();
    u.last().push({ type: 'ready', seq: 0 });
    u.connection.close();
    expect(u.last().closedWith).toBe(1000);
    expect(u.statuses.at(-1)).toBe('closed');
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2);
    expect(u.sockets).toHaveLength(1);
  });

  it('relays typing both ways, at most one signal per conversation every 2 s', async () => {
    const t = setup();
    const typing = vi.fn();
    t.connection.onTyping(typing);
    t.connection.typing(7); // not open yet: dropped
    t.last().open();
    t.last().push({ type: 'ready', seq: 0 });
    t.connection.typing(7);
    t.connection.typing(7);
    t.connection.typing(8);
    await vi.advanceTimersByTimeAsync(TYPING_THROTTLE_MS - 1);
    t.connection.typing(7);
    await vi.advanceTimersByTimeAsync(1);
    t.connection.typing(7);
    expect(t.last().framesOf('typing')).toEqual([
      { type: 'typing', conversation: 7 },
      { type: 'typing', conversation: 8 },
      { type: 'typing', conversation: 7 },
    ]);
    t.last().push({ type: 'typing', conversation: 9 });
    expect(typing).toHaveBeenCalledWith(9);
  });

  it('one failing listener does not keep events from the others', async () => {
    const t = setup();
    t.connection.onEvent(() => {
      throw new Error('broken screen');
    });
    const errors: unknown[] = [];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (fn) => original(() => {
      try {
        fn();
      } catch (e) {
        errors.push(e);
      }
    });
    try {
      t.last().open();
      t.last().push({ type: 'ready', seq: 0 });
      t.last().push({ type: 'event', seq: 1, event: read(1) });
      await Promise.resolve();
    } finally {
      globalThis.queueMicrotask = original;
    }
    expect(t.events).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});

describe('live connection send', () => {
  it('sends over the open socket and matches the answer by client id', async () => {
    const t = setup();
    t.last().open();
    t.last().push({ type: 'ready', seq: 0 });
    const sent = t.connection.send(message);
    expect(t.last().framesOf('send')).toEqual([{ type: 'send', message }]);
    t.last().push({ type: 'sent', client_id: 'another-client-id', result: { ...result, wallet: { credits: 0 } } as never });
    t.last().push({ type: 'sent', client_id: message.client_id, result });
    await expect(sent).resolves.toEqual(result);
    expect(t.api.post).not.toHaveBeenCalled();
  });

  it('rejects a refusal at once and retries a server error with the same client id', async () => {
    const t = setup();
    t.last().open();
    t.last().push({ type: 'ready', seq: 0 });
    const refused = t.connection.send(message);
    t.last().push({ type: 'send_error', client_id: message.client_id, status: 402, error: { code: 'noCredits', message: 'Geen credits meer' } });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 402, code: 'noCredits', message: 'Geen credits meer' });

    const retried = t.connection.send(message);
    t.last().push({ type: 'send_error', client_id: message.client_id, status: 500, error: { code: 'generic', message: 'x' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.last().framesOf('send')).toHaveLength(3);
    t.last().push({ type: 'sent', client_id: message.client_id, result });
    await expect(retried).resolves.toEqual(result);
    expect(t.sleeps).toEqual([300]);
  });

  it('retries after a timeout and, once the socket is gone, over HTTP with the same client id', async () => {
    const t = setup();
    t.last().open();
    t.last().push({ type: 'ready', seq: 0 });
    const sent = t.connection.send(message);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    expect(t.last().framesOf('send')).toHaveLength(2);
    t.last().drop();
    await expect(sent).resolves.toEqual(result);
    expect(t.api.post).toHaveBeenCalledWith('/api/message.php', message, expect.anything());
    expect(t.sleeps).toEqual([300, 600]);
  });

  it('posts while disconnected, retries network failures up to REQUEST_RETRIES and never a 4xx', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls += 1;
      if (calls < 3) throw new ApiClientError(0, 'network', 'offline');
      if (calls === 3) throw new ApiClientError(503, 'generic', 'busy');
      return result;
    });
    await expect(t.connection.send(message)).resolves.toEqual(result);
    expect(t.api.post.mock.calls.map((c) => (c[1] as SendMessage).client_id)).toEqual(Array(4).fill(message.client_id));
    expect(t.sleeps).toEqual([300, 600, 1200]);

    const offline = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.connection.send(message)).rejects.toMatchObject({ code: 'network' });
    expect(offline.api.post).toHaveBeenCalledTimes(REQUEST_RETRIES + 1);

    const refused = setup(async () => {
      throw new ApiClientError(403, 'blocked', 'Blocked');
    });
    await expect(refused.connection.send(message)).rejects.toMatchObject({ status: 403, code: 'blocked' });
    expect(refused.api.post).toHaveBeenCalledOnce();
  });
});
