import type { LiveClientMessage, LiveEvent, LiveServerMessage, SendMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import { api } from './api';
import { ApiClientError, type ApiClient } from './api-client';
import { createAcks } from './live-acks';
import { createLiveSender } from './live-send';
import { createListeners } from './listeners';

export const LIVE_PATH = '/api/live.php';
/** At most one typing signal per conversation this often. */
export const TYPING_THROTTLE_MS = 2000;
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

/**
 * The tab's live connection: one socket, resumed after the last event delivered (exactly
 * once, in order), reconnected with backoff; receipts (live-acks.ts) and sends
 * (live-send.ts) ride on it.
 */
export function createLiveConnection(env: LiveConnectionEnv): LiveConnection & { close(): void } {
  const random = env.random ?? Math.random;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const events = createListeners<[LiveEvent, number]>();
  const typings = createListeners<[number]>();
  const resets = createListeners<[]>();
  const statuses = createListeners<[LiveStatus]>();
  const typingSentAt = new Map<number, number>();

  let socket: LiveSocket | null = null;
  let status: LiveStatus = 'closed';
  /** The last seq delivered to the listeners; null until the first hello was answered. */
  let lastSeq: number | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let stopped = false;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    statuses.call(next);
  };
  const isOpen = () => socket?.readyState === OPEN;
  const write = (message: LiveClientMessage) => {
    if (isOpen()) socket!.send(JSON.stringify(message));
  };
  const acks = createAcks((seq) => write({ type: 'ack', seq }), isOpen);
  const sender = createLiveSender({ api: env.api, sleep, write, isOpen });

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
      acks.flush();
      sender.dropAll();
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
        acks.received(message.seq, message.event.kind === 'message' && !message.event.message.mine);
        events.call(message.event, message.seq);
        acks.schedule();
        return;
      case 'reset':
        lastSeq = message.seq;
        acks.reset(message.seq);
        resets.call();
        return;
      case 'ready':
        lastSeq = Math.max(lastSeq ?? 0, message.seq);
        attempts = 0;
        setStatus('open');
        // Events that came just before the previous connection dropped are acknowledged now.
        acks.flush();
        return;
      case 'typing':
        typings.call(message.conversation);
        return;
      case 'sent':
      case 'send_error':
        sender.answer(message);
    }
  }

  const removeOnline = env.onOnline?.(() => {
    if (reconnectTimer === null || stopped) return;
    clearTimeout(reconnectTimer);
    attempts = 0;
    connect();
  });
  connect();

  return {
    onEvent: events.add,
    onTyping: typings.add,
    onReset: resets.add,
    onStatus(listener) {
      const off = statuses.add(listener);
      listener(status);
      return off;
    },
    typing(conversation) {
      const now = Date.now();
      if (!isOpen() || now - (typingSentAt.get(conversation) ?? -Infinity) < TYPING_THROTTLE_MS) return;
      typingSentAt.set(conversation, now);
      write({ type: 'typing', conversation });
    },
    send: (message: SendMessage): Promise<SendMessageResponse> => sender.send(message),
    close() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      removeOnline?.();
      acks.flush();
      const ws = socket;
      socket = null;
      ws?.close(1000, 'logged out');
      sender.dropAll();
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
