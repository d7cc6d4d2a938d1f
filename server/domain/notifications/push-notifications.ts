import type { FastifyInstance } from 'fastify';
import type { PushPayload } from '../../../common/notifications/push-payload';
import { FALLBACK_LOCALE, isLocale } from '../../../common/reference/countries';
import { memberVisibility } from '../members/members-repository';
import type { LikeNotice, MessageNotice } from './notification-queues';
import { LIKE_PUSH_TTL_SECONDS, likePush, MESSAGE_PUSH_TTL_SECONDS, messagePush } from './push-content';
import { findLikerName, findPushRecipient, findUnreadMessageFor, forgetPushDevices, markPushDelivered, pushBadge, pushDevicesOf, type PushRecipient } from './push-repository';
import type { PushDelivery, PushOutcome } from './push-sender';

/** Web Push to the recipient's devices about a new message. */
export async function pushAboutMessage(app: FastifyInstance, notice: MessageNotice): Promise<void> {
  const db = app.database.db;
  const recipient = await reachableRecipient(app, notice.recipientId);
  if (!recipient) return;
  const message = await findUnreadMessageFor(db, notice.messageId, recipient.id);
  if (!message || (await blockedBetween(app, recipient, message.senderId))) return;
  const payload = messagePush(translatorOf(app, recipient), {
    senderName: message.senderName,
    conversationId: message.conversationId,
    kind: message.kind,
    body: message.body,
    showText: recipient.pushMessageText,
    badge: await pushBadge(db, recipient.siteId, recipient.id),
  });
  await pushToDevices(app, recipient, payload, { ttlSeconds: MESSAGE_PUSH_TTL_SECONDS, urgency: 'high' });
}

/** Web Push to the liked member's devices about a like or match. */
export async function pushAboutLike(app: FastifyInstance, notice: LikeNotice): Promise<void> {
  const db = app.database.db;
  const recipient = await reachableRecipient(app, notice.recipientId);
  if (!recipient) return;
  const likerName = await findLikerName(db, notice.likerId, recipient.id);
  if (likerName === null || (await blockedBetween(app, recipient, notice.likerId))) return;
  const payload = likePush(translatorOf(app, recipient), {
    likerId: notice.likerId,
    likerName,
    match: notice.match,
    badge: await pushBadge(db, recipient.siteId, recipient.id),
  });
  await pushToDevices(app, recipient, payload, { ttlSeconds: LIKE_PUSH_TTL_SECONDS, urgency: 'normal' });
}

/** A member who still has an account (not deleted, pending deletion or disabled). */
async function reachableRecipient(app: FastifyInstance, memberId: number): Promise<PushRecipient | null> {
  const recipient = await findPushRecipient(app.database.db, memberId);
  return recipient && (recipient.status === 'active' || recipient.status === 'not_confirmed') ? recipient : null;
}

/** The one visibility rule's blocks, either way: a block made after the event silences its push. */
async function blockedBetween(app: FastifyInstance, recipient: PushRecipient, otherId: number): Promise<boolean> {
  const seen = await memberVisibility(app.database.db, recipient.siteId, recipient.id, otherId);
  return seen.blockedMe || seen.blockedByMe;
}

function translatorOf(app: FastifyInstance, recipient: PushRecipient) {
  return app.translations.t(isLocale(recipient.language) ? recipient.language : FALLBACK_LOCALE);
}

/**
 * Sends to every device on its own, so one device's failure does not hold back the others.
 * Expired (404/410) and non-public (SSRF) subscriptions are forgotten. When a device fails in
 * a way that may pass (network, 429, 5xx) the job throws after the others were sent, and its
 * retry sends to every device again: delivery is at least once, and the repeat carries the
 * same tag and topic, so it replaces the notification shown rather than adding one (decision 0025).
 */
async function pushToDevices(app: FastifyInstance, recipient: PushRecipient, payload: PushPayload, options: Omit<PushDelivery, 'subject' | 'topic'>): Promise<void> {
  const db = app.database.db;
  const devices = await pushDevicesOf(db, recipient.id);
  if (devices.length === 0) return;
  const delivery: PushDelivery = { ...options, subject: `mailto:${app.sites.settingsOf(recipient.siteId).support_email}`, topic: payload.tag };
  const results = await Promise.allSettled(devices.map((device) => app.pushSender.send(device, payload, delivery)));
  const byOutcome = new Map<PushOutcome | 'failed', number[]>();
  let firstError: unknown;
  results.forEach((result, i) => {
    const outcome = result.status === 'fulfilled' ? result.value : 'failed';
    if (result.status === 'rejected') firstError ??= result.reason;
    byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), devices[i]!.id]);
  });
  const ids = (outcome: PushOutcome | 'failed') => byOutcome.get(outcome) ?? [];
  if (ids('refused').length > 0) app.log.warn({ member: recipient.id, devices: ids('refused') }, 'push endpoint refused: not a public address');
  if (ids('rejected').length > 0) app.log.warn({ member: recipient.id, devices: ids('rejected') }, 'push rejected by the push service');
  await forgetPushDevices(db, [...ids('gone'), ...ids('refused')]);
  await markPushDelivered(db, ids('sent'), new Date());
  if (ids('failed').length > 0) throw new PushFailed(ids('failed'), firstError);
}

/**
 * Some devices could not be reached; retried with the job. It names devices by id and keeps
 * only the status or error code: an endpoint URL is a capability and stays out of logs.
 */
export class PushFailed extends Error {
  constructor(
    readonly deviceIds: number[],
    cause: unknown,
  ) {
    const status = (cause as { statusCode?: unknown }).statusCode;
    const code = (cause as { code?: unknown }).code;
    super(`push to device(s) ${deviceIds.join(', ')} failed: ${typeof status === 'number' ? `HTTP ${status}` : typeof code === 'string' ? code : 'error'}`);
    this.name = 'PushFailed';
  }
}
