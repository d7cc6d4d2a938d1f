import { z } from 'zod';

/** What a push notification is about: a message, a like, a match (spec 4: a pushed message reloads chats and likes). */
export const PUSH_KINDS = ['message', 'like', 'match'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The encrypted payload the server pushes and the service worker (version 2, spec 9) shows.
 * It names no more than a lock screen should: by default no message text.
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  /** In the member's language: "New message", "Anna likes you". */
  title: z.string().max(200),
  body: z.string().max(500),
  /** A path on the site the click opens: the conversation, or the likes page. */
  url: z.string().startsWith('/').max(500),
  /** One notification per conversation or liker: a newer one replaces it. */
  tag: z.string().max(100),
  /** The app badge: unread messages plus new likes (spec 4). */
  badge: z.number().int().min(0),
  icon: z.string().max(500).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** What the service worker tells open tabs (postMessage); `type` keeps them apart from others. */
export const workerMessageSchema = z.discriminatedUnion('type', [
  /** A push arrived: tabs reload chats and likes (spec 4). */
  z.object({ type: z.literal('rendezvous:pushed'), kind: z.enum(PUSH_KINDS) }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** Where the service worker is served (scope /) and its version (spec 9). */
export const SERVICE_WORKER_PATH = '/sw.js';
