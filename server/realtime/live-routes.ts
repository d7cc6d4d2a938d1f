import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { AUTH_SESSION_COOKIE } from '../../common/limits';
import { liveSessionHashes } from '../domain/auth/session-repository';
import { hashToken, sessionIdle } from '../domain/auth/sessions';
import type { MemberRow } from '../domain/members/account-repository';
import { AckBatcher } from './ack-batcher';
import { isDistributedBus } from './redis-bus';
import { CLOSE_BAD_ORIGIN, CLOSE_NOT_LOGGED_IN, LiveSession, type LiveContext } from './live-session';
import { PingSweep } from './ping-sweep';

export const LIVE_PATH = '/api/live.php';
/** Every connection is pinged this often; one that did not answer the previous ping is dropped, one whose session ended is closed. */
export const PING_INTERVAL_MS = 30_000;
/** The pings of an interval go out in this many slices, one a second (ping-sweep.ts). */
const PING_SLICES = 30;
/** Frames one member may send per second over all their connections (sends, acks, typing). */
export const FRAMES_PER_SECOND = 30;
/** Far beyond the limit: not a busy browser but a script; the connection is closed. */
const ABUSE_FACTOR = 5;
/** A frame never needs more: a text message is at most 10,000 characters. */
const MAX_FRAME_BYTES = 64 * 1024;

/** The ping sweep of each listening server's live connections (tests run one without waiting). */
const sweeps = new WeakMap<object, () => void>();

/** Pings every live connection of the app now, dropping those that did not answer the last ping. */
export function pingLiveConnections(app: FastifyInstance): void {
  sweeps.get(app.server)?.();
}

/** A browser's WebSocket always carries Origin: a page of another site must not ride the member's cookie. */
function sameOrigin(request: FastifyRequest): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

const MEMBER = Symbol('live member');
type LiveRequest = FastifyRequest & { [MEMBER]?: MemberRow | null };

/**
 * GET /api/live.php: the member's live connection (a WebSocket). The browser says hello
 * with the last seq it saw and receives what it missed, then live events, typing signals
 * and the answers to its sends (protocol: common/chat/chat-schema.ts).
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } });
  }
  const sessions = new Set<LiveSession>();
  /** Per member with a connection: frames in the current second. */
  const rate = new Map<number, { connections: number; second: number; frames: number }>();

  const acks = new AckBatcher(app.chat, app.log, (memberId) => rate.has(memberId));
  const ctx: LiveContext = {
    chat: app.chat,
    translations: app.translations,
    log: app.log,
    acks,
    get bus() {
      return app.liveBus;
    },
    admit(memberId) {
      const entry = rate.get(memberId);
      if (!entry) return 'ok';
      const second = Math.floor(Date.now() / 1000);
      if (entry.second !== second) {
        entry.second = second;
        entry.frames = 0;
      }
      entry.frames += 1;
      return entry.frames <= FRAMES_PER_SECOND ? 'ok' : entry.frames <= FRAMES_PER_SECOND * ABUSE_FACTOR ? 'over' : 'abuse';
    },
  };

  /**
   * Connections whose session ended elsewhere (a log-out on another device, a password reset
   * or change, a deleted account) are closed: they must not go on receiving the member's events.
   */
  const closeEndedSessions = async (open: LiveSession[]) => {
    const now = new Date();
    const { seenSince } = sessionIdle(app.config.SESSION_IDLE_HOURS, now);
    const live = await liveSessionHashes(app.database.db, [...new Set(open.map((s) => s.sessionHash))], now, seenSince);
    for (const session of open) if (!live.has(session.sessionHash)) session.socket.close(CLOSE_NOT_LOGGED_IN, 'not logged in');
  };

  // One timer for all connections (an idle connection costs no timer of its own), pinging a
  // slice of them each second (ping-sweep.ts): a connection that did not answer its previous
  // ping is dropped, one whose session ended is closed.
  const sweep = new PingSweep(sessions, PING_SLICES, (batch) => {
    const answered: LiveSession[] = [];
    for (const session of batch) {
      if (!session.alive) {
        session.socket.terminate();
        continue;
      }
      session.alive = false;
      session.socket.ping();
      answered.push(session);
    }
    if (answered.length > 0) closeEndedSessions(answered).catch((err: unknown) => app.log.warn({ err }, 'live session check failed'));
  });
  const pinger = setInterval(() => sweep.tick(), PING_INTERVAL_MS / PING_SLICES);
  pinger.unref();
  sweeps.set(app.server, () => sweep.now());

  let stopResync: (() => void) | null = null;
  app.addHook('onReady', async () => {
    const bus = app.liveBus;
    if (isDistributedBus(bus)) stopResync = bus.onResync(() => sessions.forEach((s) => s.catchUp()));
  });
  app.addHook('preClose', async () => {
    clearInterval(pinger);
    sweeps.delete(app.server);
    stopResync?.();
    // Going away: the browsers reconnect (to another process, or to this one restarted).
    for (const session of sessions) session.socket.close(1001, 'server shutting down');
    await acks.flush();
  });

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: { hide: true },
      // Resolved before the upgrade so that the socket handler attaches its listeners at once.
      preHandler: async (request: LiveRequest) => {
        request[MEMBER] = sameOrigin(request) ? await request.currentMember() : null;
      },
    },
    (socket, request: LiveRequest) => {
      if (!sameOrigin(request)) return socket.close(CLOSE_BAD_ORIGIN, 'origin not allowed');
      const member = request[MEMBER];
      // The request outlives the upgrade (the socket's error handler keeps it): hold no row there.
      request[MEMBER] = undefined;
      const token = request.cookies[AUTH_SESSION_COOKIE];
      if (!member || !token) return socket.close(CLOSE_NOT_LOGGED_IN, 'not logged in');

      const session = new LiveSession(ctx, socket, member.id, member.siteId, hashToken(token), request.visitor.locale);
      sessions.add(session);
      const entry = rate.get(session.memberId);
      if (entry) entry.connections += 1;
      else rate.set(session.memberId, { connections: 1, second: 0, frames: 0 });

      // The upgrade's error listener closes over the request and reply, and the raw socket
      // still points at the upgrade's response: a few KB per idle connection. Replaced by a
      // listener that holds nothing (an unclean disconnect needs no more than closing).
      socket.removeAllListeners('error');
      socket.on('error', () => socket.terminate());
      const raw = request.raw.socket as { _httpMessage?: { detachSocket?(s: unknown): void } | null } | null;
      raw?._httpMessage?.detachSocket?.(raw);
      socket.on('message', (data, isBinary) => session.onFrame(data, isBinary));
      socket.on('pong', () => (session.alive = true));
      socket.once('close', () => {
        sessions.delete(session);
        const e = rate.get(session.memberId);
        if (e && --e.connections === 0) {
          rate.delete(session.memberId);
          acks.forget(session.memberId);
        }
        session.closed();
      });
    },
  );
}
