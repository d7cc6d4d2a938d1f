import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION, type DataExport } from '../../../common/account-deletion/data-export-schema';
import type { Db } from '../../db/database';
import type { ObjectStorage } from '../../storage/object-storage';
import { creditBalance } from '../credits/credits-repository';
import { presentAccount } from '../direct-debit/direct-debit-account';
import { findAccount } from '../direct-debit/direct-debit-repository';
import { presentTransaction } from '../payments/payment-catalog';
import { paymentsOf } from '../payments/payment-repository';
import type { MemberRow } from '../members/account-repository';
import { presentProfileFields } from '../members/profile-fields';
import { isDemoKey } from '../photos/media-url';
import { conversationsOf, creditEntriesOf, likesOf, messagesOf, photosOf, pushSubscriptionsOf, sessionsOf } from './data-export-repository';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything the site keeps about one member (GDPR Art. 20), in the documented format of
 * common/account-deletion/data-export-schema.ts. Of other members only id and name.
 */
export async function buildDataExport(
  db: Db,
  storage: ObjectStorage,
  member: MemberRow,
  site: { name: string; domain: string },
  now = new Date(),
): Promise<DataExport> {
  const [credits, photoRows, conversationRows, ledger, sessionRows, pushRows, likeRows, directDebit, paymentRows] = await Promise.all([
    creditBalance(db, member.id),
    photosOf(db, member.id),
    conversationsOf(db, member.id),
    creditEntriesOf(db, member.id),
    sessionsOf(db, member.id),
    pushSubscriptionsOf(db, member.id),
    likesOf(db, member.id),
    findAccount(db, member.id),
    paymentsOf(db, member.id),
  ]);
  const messageRows = await messagesOf(
    db,
    conversationRows.map((c) => c.id),
  );
  const photosOut: DataExport['photos'] = [];
  // One at a time: a member may have 25 photos; reading them all at once would hold them all in flight.
  for (const p of photoRows) {
    const file = isDemoKey(p.filename) ? null : await readFile(storage, p.filename);
    photosOut.push({
      id: p.id,
      kind: p.kind,
      status: p.status,
      position: p.position,
      width: p.width,
      height: p.height,
      created_at: iso(p.createdAt),
      content_type: file?.contentType ?? null,
      data_base64: file ? file.bytes.toString('base64') : null,
    });
  }
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exported_at: iso(now),
    site,
    account: {
      id: member.id,
      email: member.email,
      status: member.status,
      email_confirmed_at: isoOrNull(member.emailConfirmedAt),
      deletion_requested_at: isoOrNull(member.deletionRequestedAt),
      language: member.language,
      paid_user: member.paidUser,
      invisible: member.invisible,
      credits,
      notifications_disabled: member.notificationsDisabled,
      email_opt_outs: member.emailOptOuts,
      created_at: iso(member.createdAt),
      last_active_at: iso(member.lastActiveAt),
    },
    profile: {
      ...presentProfileFields(member),
      status: member.profileStatus,
      main_photo_id: member.mainPhotoId,
    },
    photos: photosOut,
    conversations: conversationRows.map((c) => ({
      id: c.id,
      with: { id: c.otherId, name: c.otherName },
      started_by_me: c.startedBy === member.id,
      created_at: iso(c.createdAt),
      messages: messageRows
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({ id: m.id, sent_by_me: m.senderId === member.id, kind: m.kind, body: m.body, created_at: iso(m.createdAt), read_at: isoOrNull(m.readAt) })),
    })),
    likes: {
      sent: likeRows.filter((l) => l.likerId === member.id).map((l) => ({ with: { id: l.otherId, name: l.otherName }, created_at: iso(l.createdAt) })),
      received: likeRows
        .filter((l) => l.likerId !== member.id)
        .map((l) => ({ with: { id: l.otherId, name: l.otherName }, created_at: iso(l.createdAt), seen_at: isoOrNull(l.seenAt) })),
    },
    credit_entries: ledger.map((e) => ({ id: e.id, amount: e.amount, kind: e.kind, created_at: iso(e.createdAt) })),
    sessions: sessionRows.map((s) => ({ created_at: iso(s.createdAt), last_seen_at: iso(s.lastSeenAt), expires_at: iso(s.expiresAt), user_agent: s.userAgent })),
    push_subscriptions: pushRows.map((s) => ({ endpoint: s.endpoint, created_at: iso(s.createdAt) })),
    signup_tracking: member.signupTracking,
    payments: paymentRows.map(presentTransaction),
    direct_debit_account: directDebit ? presentAccount(directDebit) : null,
  };
}

async function readFile(storage: ObjectStorage, key: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { contentType: file.contentType, bytes: Buffer.concat(chunks) };
}
