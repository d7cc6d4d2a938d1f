import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { LiveServerMessage } from '../../common/chat/chat-schema';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { ServerTranslations } from '../i18n/server-translations';
import { LIVE_PATH } from '../realtime/live-routes';

/** The host the test sessions are made for (settings-test-client's HOST). */
export const LIVE_HOST = 'localhost:3000';
const translations = new ServerTranslations();

export interface ListeningApp {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

/**
 * The real app listening on a free port over `database`: several of them over one
 * database are several processes of one site. With `redisUrl` each has its own Redis bus.
 */
export async function listenApp(database: Database, opts: { redisUrl?: string } = {}): Promise<ListeningApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-live-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: 100_000, ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}) });
  const app = await buildApp({
    config,
    database,
    secrets: { cookieSecret: 'test-cookie-secret-test-cookie-secret', vapidPublicKey: 'test-vapid-public', vapidPrivateKey: 'test-vapid-private' },
    ssrBuild: null,
    translations,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser tab's live connection as the test sees it: every message received, in order. */
export interface LiveClient {
  socket: WebSocket;
  received: LiveServerMessage[];
  /** Resolves with the first received message (from `from` on) that matches. */
  next<T extends LiveServerMessage['type']>(type: T, match?: (m: Extract<LiveServerMessage, { type: T }>) => boolean, timeoutMs?: number): Promise<Extract<LiveServerMessage, { type: T }>>;
  send(message: unknown): void;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): Promise<number>;
}

export async function connectLive(port: number, session: string | null, headers: Record<string, string> = {}): Promise<LiveClient> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, {
    headers: { host: LIVE_HOST, origin: `http://${LIVE_HOST}`, ...(session ? { cookie: `auth.session=${session}` } : {}), ...headers },
  });
  const received: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as LiveServerMessage);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: LiveClient = {
    socket,
    received,
    next(type, match = () => true, timeoutMs = 5000) {
      type M = Extract<LiveServerMessage, { type: typeof type }>;
      const find = () => received.find((m): m is M => m.type === type && match(m as M));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} message within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        const check = () => {
          const m = find();
          if (!m) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(m);
        };
        waiters.add(check);
      });
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
    closed,
    async close() {
      if (socket.readyState === socket.OPEN) socket.close();
      return closed;
    },
  };
  return client;
}

/** Lets messages in flight arrive (to show that nothing more came). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
