import type { TFunction } from 'i18next';
import type { PushPayload } from '../../../common/notifications/push-payload';

/** The site icon of the manifest (the installed app's 192 px icon). */
export const PUSH_ICON = '/icons/192.png';
/** A message push waits a day for an offline device; a like three (it stays true longer). */
export const MESSAGE_PUSH_TTL_SECONDS = 24 * 60 * 60;
export const LIKE_PUSH_TTL_SECONDS = 3 * 24 * 60 * 60;
/** Characters of a message's text a push shows (when the member allows text at all). */
export const PUSH_TEXT_PREVIEW_LENGTH = 120;

// The app's routes (app/paths.ts: chats()/<id>, likes(), likesTab('matches')); the server does not import the app.
const chatPath = (conversationId: number) => `/chats/${conversationId}`;
const LIKES_PATH = '/likes';
const MATCHES_PATH = '/likes/matches';

export interface MessagePushInput {
  senderName: string;
  conversationId: number;
  kind: string;
  body: string;
  /** The member's setting: show the text on the lock screen (off by default). */
  showText: boolean;
  badge: number;
}

/**
 * "Anna sent you a message": the title names the sender; the body holds the text only when
 * the member turned that on, otherwise a neutral line (a lock screen is seen by others).
 */
export function messagePush(t: TFunction, input: MessagePushInput): PushPayload {
  return {
    kind: 'message',
    title: t('push:message.title', { name: input.senderName }),
    body: input.showText ? messagePreview(t, input.kind, input.body) : t('push:message.body'),
    url: chatPath(input.conversationId),
    tag: `chat-${input.conversationId}`,
    badge: input.badge,
    icon: PUSH_ICON,
  };
}

function messagePreview(t: TFunction, kind: string, body: string): string {
  if (kind === 'photo') return t('push:message.photo');
  if (kind === 'gift') return t('push:message.gift');
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > PUSH_TEXT_PREVIEW_LENGTH ? `${text.slice(0, PUSH_TEXT_PREVIEW_LENGTH - 1)}…` : text;
}

/** "New like" / "It's a match", naming the member; one notification per liker. */
export function likePush(t: TFunction, input: { likerId: number; likerName: string; match: boolean; badge: number }): PushPayload {
  const key = input.match ? 'match' : 'like';
  return {
    kind: key,
    title: t(`push:${key}.title`),
    body: t(`push:${key}.body`, { name: input.likerName }),
    url: input.match ? MATCHES_PATH : LIKES_PATH,
    tag: `like-${input.likerId}`,
    badge: input.badge,
    icon: PUSH_ICON,
  };
}
