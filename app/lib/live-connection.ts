import type { LiveClientMessage, LiveEvent, LiveServerMessage, SendMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import { REQUEST_RETRIES, REQUEST_RETRY_BASE_MS } from '../../common/limits';
import { chatEndpoints } from '../../common/chat/chat-endpoints';
import { api } from './api';
import { ApiClientError, type ApiClient } from './api-client';

export const LIVE_PATH = '/api/live.php';
/** Received events are acknowledged (delivery receipts) this long after the last one came. */
export const ACK_DELAY_MS = 300;
/** At most one typing signal per conversation this often. */
export const TYPING_THROTTLE_MS = 2000;
/** A send without an answer this long is retried (with the same client id). */
export const SEND_TIMEOUT_MS = 10_000;
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** The server's close codes after which reconnecting cannot help (not logged in, foreign origin). */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveConnection {
  onEvent(listener: (event: LiveEvent, seq: number) => void): () => void;
  onTyping(listener: (conversation: number) => void): () => void;
  onReset(listener: () => void): () => void;
  /** Called at once with the current status, then on every change ('open': resumed and live). */
  onStatus(listener: (status: LiveStatus) => void): () => void;
  typing(conversation: number): void; // throttled: at most one signal per 2 s per conversation
  send(message: SendMessage): Promise<SendMessageResponse>;
}

/** The browser APIs the connection uses (a fake in tests). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveConnectionEnv {
  url: string;
  createSocket(url: string): LiveSocket;
  api: Pick<ApiClient, 'call'>;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Registers a callback for "the network is back" (reconnect at once); returns its removal. */
  onOnline?: (callback: () => void) => () => void;
  /**
   * Where the first hello resumes: the live position the page's data was read at (null: from
   * now on). Asked when the socket opens, after the page has rendered and said it.
   */
  pageSeq?: () => number | null;
}

const OPEN = 1;
type Pending = { settle: (reply: Extract<LiveServerMessage, { type: 'sent' | 'send_error' }> | null) => void };

/** Not an ApiError: the send may not have arrived, so it is retried with the same client id. */
class TransientError extends Error {}

export function createLiveConnection(env: LiveConnectionEnv): LiveConnection & { close(): void } {
  const random = env.random ?? Math.random;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const eventListeners = new Set<(event: LiveEvent, seq: number) => void>();
  const typingListeners = new Set<(conversation: number) => void>();
  const resetListeners = new Set<() => void>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  const pending = new Map<string, Pending>();
  const typingSentAt = new Map<number, number>();

  let socket: LiveSocket | null = null;
  let status: LiveStatus = 'closed';
  /** The last seq delivered to the listeners; null until the first hello was answered. */
  let lastSeq: number | null = null;
  /** The last seq of an event this tab received (what acknowledgements report), and the last acknowledged. */
  let receivedSeq = 0;
  let ackedSeq = 0;
  /**
   * A message from the other member came since the last acknowledgement: only those make
   * delivery receipts, so a tab that received only its own messages, receipts, likes or
   * badges acknowledges nothing (half the acknowledgements of a chat, each a frame and a
   * look at the event log on the server). The next one covers everything up to it.
   */
  let receiptDue = false;
  let ackTimer: ReturnType<typeof setTimeout> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let stopped = false;

  const call = <A extends unknown[]>(listeners: Set<(...args: A) => void>, ...args: A) => {
    for (const listener of [...listeners]) {
      try {
        listener(...args);
      } catch (error) {
        // One broken listener must not stop the others; the error still reaches the console.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    call(statusListeners, next);
  };
  const write = (message: LiveClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  function connect(): void {
    reconnectTimer = null;
    if (stopped) return;
    setStatus('connecting');
    const ws = env.createSocket(env.url);
    socket = ws;
    ws.onopen = () => write({ type: 'hello', after: lastSeq ?? env.pageSeq?.() ?? null });
    ws.onmessage = (e) => {
      if (socket !== ws || typeof e.data !== 'string') return;
      let message: LiveServerMessage;
      try {
        message = JSON.parse(e.data) as LiveServerMessage;
      } catch {
        return;
      }
      receive(message);
    };
    ws.onerror = () => undefined; // A close follows; it decides.
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      flushAck();
      // Sends waiting on this socket are retried (over HTTP, or the next socket).
      for (const [id, p] of pending) {
        pending.delete(id);
        p.settle(null);
      }
      setStatus('closed');
      if (stopped || FINAL_CLOSE_CODES.has(e.code)) return;
      scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    // Exponential backoff with jitter: thousands of tabs do not all return in the same second.
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempts);
    attempts += 1;
    reconnectTimer = setTimeout(connect, ceiling / 2 + (random() * ceiling) / 2);
  }

  function receive(message: LiveServerMessage): void {
    switch (message.type) {
      case 'event':
        // Exactly once, in order: what was already delivered is dropped.
        if (lastSeq !== null && message.seq <= lastSeq) return;
        lastSeq = message.seq;
        receivedSeq = message.seq;
        if (message.event.kind === 'message' && !message.event.message.mine) receiptDue = true;
        call(eventListeners, message.event, message.seq);
        if (receiptDue) scheduleAck();
        return;
      case 'reset':
        lastSeq = message.seq;
        receivedSeq = Math.min(receivedSeq, message.seq);
        ackedSeq = Math.min(ackedSeq, message.seq);
        call(resetListeners);
        return;
      case 'ready':
        lastSeq = Math.max(lastSeq ?? 0, message.seq);
        attempts = 0;
        setStatus('open');
        // Events that came just before the previous connection dropped are acknowledged now.
        flushAck();
        return;
      case 'typing':
        call(typingListeners, message.conversation);
        return;
      case 'sent':
      case 'send_error':
        pending.get(message.client_id)?.settle(message);
    }
  }

  function scheduleAck(): void {
    if (ackTimer) clearTimeout(ackTimer);
    ackTimer = setTimeout(flushAck, ACK_DELAY_MS);
  }

  function flushAck(): void {
    if (ackTimer) clearTimeout(ackTimer);
    ackTimer = null;
    if (!receiptDue || receivedSeq <= ackedSeq || socket?.readyState !== OPEN) return;
    receiptDue = false;
    ackedSeq = receivedSeq;
    write({ type: 'ack', seq: receivedSeq });
  }

  function sendOverSocket(message: SendMessage): Promise<SendMessageResponse> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(null), SEND_TIMEOUT_MS);
      const settle: Pending['settle'] = (reply) => {
        clearTimeout(timer);
        if (pending.get(message.client_id)?.settle === settle) pending.delete(message.client_id);
        if (!reply) reject(new TransientError('no answer'));
        else if (reply.type === 'sent') resolve(reply.result);
        else if (reply.status >= 500 || reply.status === 429) reject(new TransientError(reply.error.message));
        else reject(new ApiClientError(reply.status, reply.error.code, reply.error.message));
      };
      pending.set(message.client_id, { settle });
      write({ type: 'send', message });
    });
  }

  async function sendOverHttp(message: SendMessage): Promise<SendMessageResponse> {
    try {
      const result = await env.api.call(chatEndpoints.send, { body: message, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (result === false) throw new ApiClientError(403, 'authRequired', 'authRequired');
      return result;
    } catch (error) {
      if (error instanceof ApiClientError && error.status > 0 && error.status < 500 && error.status !== 429) throw error;
      throw new TransientError(error instanceof Error ? error.message : 'network');
    }
  }

  async function send(message: SendMessage): Promise<SendMessageResponse> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await (socket?.readyState === OPEN ? sendOverSocket(message) : sendOverHttp(message));
      } catch (error) {
        if (!(error instanceof TransientError)) throw error;
        if (attempt >= REQUEST_RETRIES) throw new ApiClientError(0, 'network', error.message);
        // The same client id on every attempt: the server stores and charges the message once.
        await sleep(REQUEST_RETRY_BASE_MS * 2 ** attempt);
      }
    }
  }

  const removeOnline = env.onOnline?.(() => {
    if (reconnectTimer === null || stopped) return;
    clearTimeout(reconnectTimer);
    attempts = 0;
    connect();
  });
  connect();

  const listen = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  return {
    onEvent: (listener) => listen(eventListeners, listener),
    onTyping: (listener) => listen(typingListeners, listener),
    onReset: (listener) => listen(resetListeners, listener),
    onStatus(listener) {
      const off = listen(statusListeners, listener);
      listener(status);
      return off;
    },
    typing(conversation) {
      const now = Date.now();
      if (socket?.readyState !== OPEN || now - (typingSentAt.get(conversation) ?? -Infinity) < TYPING_THROTTLE_MS) return;
      typingSentAt.set(conversation, now);
      write({ type: 'typing', conversation });
    },
    send,
    close() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      removeOnline?.();
      flushAck();
      const ws = socket;
      socket = null;
      ws?.close(1000, 'logged out');
      for (const [id, p] of pending) {
        pending.delete(id);
        p.settle(null);
      }
      setStatus('closed');
    },
  };
}

let instance: (LiveConnection & { close(): void }) | null = null;
let pageSeq: number | null = null;

/**
 * The page's data was read at live position `seq` (the user object's live_seq): the tab's first
 * connection replays every event after it, also those that came while the page loaded.
 */
export function notePageSeq(seq: number): void {
  pageSeq = pageSeq === null ? seq : Math.min(pageSeq, seq);
}

/** The tab's live connection, opened on first use (logged-in members only). */
export function liveConnection(): LiveConnection {
  if (instance) return instance;
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') {
    return serverRendering;
  }
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  instance = createLiveConnection({
    url: `${protocol}//${window.location.host}${LIVE_PATH}`,
    createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
    api,
    pageSeq: () => pageSeq,
    onOnline(callback) {
      window.addEventListener('online', callback);
      return () => window.removeEventListener('online', callback);
    },
  });
  return instance;
}

/** Stops the connection when the member logs out; the next liveConnection() opens a new one. */
export function closeLiveConnection(): void {
  instance?.close();
  instance = null;
  pageSeq = null;
}

/** Server rendering: nothing connects (the tab's connection starts in the browser). */
const serverRendering: LiveConnection = {
  onEvent: () => () => undefined,
  onTyping: () => () => undefined,
  onReset: () => () => undefined,
  onStatus(listener) {
    listener('closed');
    return () => undefined;
  },
  typing: () => undefined,
  send: () => Promise.reject(new ApiClientError(0, 'network', 'not in a browser')),
};
