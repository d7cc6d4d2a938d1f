import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../database';
import { conversationMembers, likes, members, sites } from '../schema';
import { ensureConversation, insertMessage } from '../../domain/chat/chat-repository';
import { appendEvents } from '../../domain/member-events/member-events-repository';
import { hashPassword } from '../../domain/auth/password';
import { addCreditEntry } from '../../domain/credits/credits-repository';
import { TIME_BONUS_WINDOW_S } from '../../../common/limits';

/** The accounts the README offers a newcomer (on the default site, http://localhost:3000). */
export const DEMO_PASSWORD = 'rendezvous';
export const DEMO_ACCOUNTS = [
  { email: 'free@rendezvous.example', gender: 'female', paid: false, credits: { kind: 'signup_bonus', amount: 20 } },
  { email: 'premium@rendezvous.example', gender: 'male', paid: true, credits: { kind: 'purchase', amount: 500 } },
] as const;

/**
 * Turns two seeded members of the default site into the demo accounts (a free and a
 * premium member with password "rendezvous"), once.
 */
export async function ensureDemoAccounts(db: Db): Promise<void> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.isDefault, true));
  if (!site) return;
  let passwordHash: Promise<string> | null = null;
  for (const account of DEMO_ACCOUNTS) {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: members.id }).from(members).where(and(eq(members.siteId, site.id), sql`lower(${members.email}) = ${account.email}`));
      if (existing) return;
      const [candidate] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.siteId, site.id), eq(members.gender, account.gender), eq(members.fictional, false), eq(members.invisible, false), isNotNull(members.mainPhotoId), eq(members.status, 'active')))
        .orderBy(asc(members.id))
        .limit(1);
      if (!candidate) return;
      passwordHash ??= hashPassword(DEMO_PASSWORD);
      // The free account signed up just over 4 hours ago: a newcomer trying the demo finds its welcome discount running.
      const createdAt = account.paid ? {} : { createdAt: new Date(Date.now() - (TIME_BONUS_WINDOW_S + 3600) * 1000) };
      await tx.update(members).set({ email: account.email, passwordHash: await passwordHash, paidUser: account.paid, language: 'en', ...createdAt }).where(eq(members.id, candidate.id));
      await addCreditEntry(tx, { memberId: candidate.id, amount: account.credits.amount, kind: account.credits.kind, idempotencyKey: `demo-account:${account.email}` });
      const fans = await seedReceivedLikes(tx, site.id, candidate.id, account.gender);
      await seedChats(tx, site.id, candidate.id, fans);
    });
  }
}

/** Received likes of a new demo account: how many are new (unseen), and how many seen. */
const DEMO_NEW_LIKES = 3;
const DEMO_SEEN_LIKES = 2;

/**
 * A handful of received likes for a demo account, so the likes page and the top bar's
 * badge show something: some new, some seen, and one mutual (the account liked back).
 */
async function seedReceivedLikes(tx: Tx, siteId: number, accountId: number, gender: string): Promise<number[]> {
  const fans = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.siteId, siteId),
        ne(members.gender, gender),
        eq(members.sexuality, 'hetero'),
        eq(members.invisible, false),
        eq(members.status, 'active'),
        eq(members.profileStatus, 'active'),
        isNotNull(members.mainPhotoId),
        ne(members.id, accountId),
      ),
    )
    .orderBy(asc(members.id))
    .limit(DEMO_NEW_LIKES + DEMO_SEEN_LIKES);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  await tx
    .insert(likes)
    .values(
      fans.map((fan, i) => ({
        likerId: fan.id,
        likedId: accountId,
        source: 'profile',
        createdAt: hoursAgo(i + 1),
        seenAt: i < DEMO_NEW_LIKES ? null : hoursAgo(i),
      })),
    )
    .onConflictDoNothing();
  // The oldest one is mutual: the account liked back.
  const mutual = fans[fans.length - 1];
  if (mutual) await tx.insert(likes).values({ likerId: accountId, likedId: mutual.id, source: 'profile', createdAt: hoursAgo(1) }).onConflictDoNothing();
  return fans.map((f) => f.id);
}

/**
 * Two chats for a demo account, so the chat list and the Messages badge show something:
 * the match wrote and the account answered; a fan wrote twice (unread). Free of charge:
 * seeded history, not sends.
 */
async function seedChats(tx: Tx, siteId: number, accountId: number, fans: number[]): Promise<void> {
  const match = fans[fans.length - 1];
  const fan = fans[0];
  // What each member's kept unread total moves by (decision 0011).
  const unread = new Map<number, number>();
  const count = (memberId: number, n: number) => unread.set(memberId, (unread.get(memberId) ?? 0) + n);
  const say = async (from: number, to: number, texts: string[]) => {
    const { conversation } = await ensureConversation(tx, siteId, from, to);
    for (const [i, body] of texts.entries()) {
      await insertMessage(tx, { conversationId: conversation.id, senderId: from, recipientId: to, kind: 'text', body, clientId: `demo-${from}-${to}-${i}`, photoId: null, gift: null, credits: 0 });
    }
    count(to, texts.length);
    return conversation.id;
  };
  if (match !== undefined && match !== fan) {
    const id = await say(match, accountId, ['Hi! We matched 😊 How is your day going?']);
    await say(accountId, match, ['Hey! Pretty good, thanks. Yours?']);
    // The account has read the match's message.
    await tx.update(conversationMembers).set({ unread: 0, readUpTo: sql`(select last_message_id from conversations where id = ${id})` }).where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.memberId, accountId)));
    count(accountId, -1);
  }
  if (fan !== undefined) await say(fan, accountId, ['Hello there, I liked your profile.', 'Would you like to chat some time?']);
  await appendEvents(tx, [], unread);
}
