import type { Db, Tx } from '../../db/database';
import { ensureConversation, insertMessage, messageEvents } from '../chat/chat-repository';
import { appendEvents, type NumberedEvent } from '../member-events/member-events-repository';
import type { SignupInput } from '../../../common/signup/signup-rules';
import { addCreditEntry } from '../credits/credits-repository';
import { issueEmailToken } from '../auth/email-token-repository';
import { hashPassword } from '../auth/password';
import { findMemberByEmail, insertMember, type MemberRow } from '../members/account-repository';
import { isListedMember } from '../members/members-repository';

/** How long an activation link works. */
export const ACTIVATION_LINK_DAYS = 7;

export type CreateAccountResult =
  | { ok: true; member: MemberRow; activationToken: string; events: (NumberedEvent & { memberId: number })[] }
  | { ok: false; reason: 'exists' | 'deleted' | 'recipientUnavailable' };

/**
 * Creates the account of a signup in one transaction: the member (unconfirmed, profile
 * disabled until the e-mail link is followed), the site's signup credits as a ledger entry,
 * the first message of step 0, and the activation link. The unique (site, e-mail) index
 * decides between parallel signups with one address: one account, one credit grant.
 */
export async function createAccount(
  db: Db,
  input: SignupInput & { siteId: number; language: string; tracking: Record<string, string>; signupCredits: number },
): Promise<CreateAccountResult> {
  const existing = await findMemberByEmail(db, input.siteId, input.email);
  if (existing) return { ok: false, reason: existing.status === 'pending_deletion' ? 'deleted' : 'exists' };
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const member = await insertMember(tx, {
        siteId: input.siteId,
        email: input.email,
        passwordHash,
        status: 'not_confirmed',
        profileStatus: 'disabled',
        language: input.language,
        name: input.name,
        gender: input.gender,
        sexuality: input.sexuality,
        birthDate: input.date_of_birth,
        country: input.country,
        regionCode: input.region,
        city: input.city,
        about: input.about,
        interests: input.interests,
        signupTracking: input.tracking,
        // Promotions need consent (the signup's unticked box); every other mail type starts on.
        emailOptOuts: input.promotions ? [] : ['promotions'],
      });
      if (input.signupCredits > 0) {
        await addCreditEntry(tx, { memberId: member.id, amount: input.signupCredits, kind: 'signup_bonus', idempotencyKey: `signup:${member.id}` });
      }
      let events: (NumberedEvent & { memberId: number })[] = [];
      if (input.signup_message) {
        const delivered = await deliverFirstMessage(tx, input.siteId, member.id, input.signup_message.member_id, input.signup_message.text);
        // Rolls the whole signup back: the visitor chose to write to this member.
        if (!delivered) throw new RecipientUnavailable();
        events = delivered;
      }
      const { token } = await issueEmailToken(tx, { memberId: member.id, purpose: 'activate', validMinutes: ACTIVATION_LINK_DAYS * 24 * 60 });
      return { ok: true as const, member, activationToken: token, events };
    });
  } catch (error) {
    if (error instanceof RecipientUnavailable) return { ok: false, reason: 'recipientUnavailable' };
    if (isUniqueViolation(error)) return { ok: false, reason: 'exists' };
    throw error;
  }
}

class RecipientUnavailable extends Error {}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * The message written in step 0, stored in a new conversation with the member the visitor
 * came for (a listed member of the same site), with both members' live events (published
 * after commit). Free: it is the signup's own message. Null: that member is not listed.
 */
async function deliverFirstMessage(tx: Tx, siteId: number, senderId: number, recipientId: number, text: string): Promise<(NumberedEvent & { memberId: number })[] | null> {
  if (!(await isListedMember(tx, siteId, recipientId))) return null;
  const { conversation } = await ensureConversation(tx, siteId, senderId, recipientId);
  const id = await insertMessage(tx, { conversationId: conversation.id, senderId, recipientId, kind: 'text', body: text, clientId: 'signup', photoId: null, gift: null, credits: 0 });
  // The recipient has one more unread message (decision 0011: the kept total moves with it).
  return appendEvents(tx, await messageEvents(tx, { id, senderId, recipientId }), new Map([[recipientId, 1]]));
}
