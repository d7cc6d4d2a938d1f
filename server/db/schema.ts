import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CompanyAddress, SiteSettingsRecord } from '../../common/sites/site-settings';

/**
 * The database schema. One file while it is small; split by domain
 * (server/domain/<domain>/<domain>-schema.ts) once a domain owns several tables.
 * SQL stays within PostgreSQL 15 (Debian's server) although PGlite is 18.
 */

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: jsonb('address').$type<CompanyAddress>().notNull(),
  kvk: text('kvk').notNull(),
  tradenames: text('tradenames').array().notNull().default(sql`'{}'`),
  vatNumbers: text('vat_numbers').array().notNull().default(sql`'{}'`),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
});

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  /** Stable key used in seeds and tests ("rendezvous", "she-dates", ...). */
  key: text('key').notNull().unique(),
  /** Host names (without port) this site answers on; the first is canonical. */
  hosts: text('hosts').array().notNull(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  settings: jsonb('settings').$type<SiteSettingsRecord>().notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Listed members (members-repository.ts listedMemberConditions without the site): the listing indexes' predicate. */
const LISTED = sql`status = 'active' and profile_status = 'active' and not invisible`;

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** not_confirmed | active | pending_deletion | disabled */
    status: text('status').notNull().default('not_confirmed'),
    /** When the e-mail address was confirmed by link (null: unconfirmed). Kept across deletion and reactivation. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** When the member asked to delete the account (status pending_deletion); purged REACTIVATION_DAYS later. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    /** Free messages (site setting free_messages) a member who is not Premium has used. */
    freeMessagesUsed: integer('free_messages_used').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    /**
     * The sum of the member's credit_entries, kept by a trigger on that table in the same
     * transaction as each entry (migration 0012): read in one row, however long the ledger.
     */
    creditBalance: integer('credit_balance').notNull().default(0),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    sexuality: text('sexuality').notNull().default('hetero'),
    birthDate: date('birth_date').notNull(),
    country: char('country', { length: 2 }).notNull(),
    regionCode: text('region_code'),
    city: text('city'),
    interests: text('interests').array().notNull().default(sql`'{}'`),
    hairColour: text('hair_colour'),
    eyeColour: text('eye_colour'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    about: text('about').notNull().default(''),
    /** Why e-mail notifications stopped (spec section 8): fbl, bounce, listunsubscribe. */
    notificationsDisabled: text('notifications_disabled').array().notNull().default(sql`'{}'`),
    /** E-mail notification types (spec section 9) the member turned off; everything else is on. */
    emailOptOuts: text('email_opt_outs').array().notNull().default(sql`'{}'`),
    /** Pushes about messages show the message's text (off: the lock screen names only the sender). */
    pushMessageText: boolean('push_message_text').notNull().default(false),
    /** Tracking parameters of the visit that signed up (spec section 3, tracking query). */
    signupTracking: jsonb('signup_tracking').$type<Record<string, string>>().notNull().default({}),
    /** active | disabled: a disabled profile is hidden from every listing. */
    profileStatus: text('profile_status').notNull().default('active'),
    mainPhotoId: integer('main_photo_id'),
    /**
     * The member's position snapped to a coarse grid cell (centre, 0.1 degree), never the
     * exact point: distances shown to others are bands computed from cells.
     */
    cellLat: real('cell_lat'),
    cellLon: real('cell_lon'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_site_email_idx').on(t.siteId, sql`lower(${t.email})`),
    // The listing indexes (search, likes, swipe game, home page) cover only listed members
    // (listedMemberConditions) and end in the columns a count filters on, so counting walks
    // the index alone (index-only scans; see search-repository.ts countQuery).
    index('members_listed_gender_idx').on(t.siteId, t.gender, t.country, t.birthDate, t.id).where(LISTED),
    index('members_listed_region_idx').on(t.siteId, t.country, t.regionCode, t.birthDate, t.gender, t.id).where(LISTED),
    index('members_listed_active_idx').on(t.siteId, t.lastActiveAt, t.id, t.birthDate).where(LISTED),
    index('members_listed_region_active_idx').on(t.siteId, t.country, t.regionCode, t.lastActiveAt).where(LISTED),
    index('members_listed_gender_active_idx').on(t.siteId, t.gender, t.lastActiveAt).where(LISTED),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Storage key of the full image, e.g. "p/ab/abcdef....webp"; "demo/..." keys are the shared demo pool. */
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** in_inspection | active | deleted */
    status: text('status').notNull().default('in_inspection'),
    /** profile (gallery) | chat (sent in a conversation) */
    kind: text('kind').notNull().default('profile'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_member_idx').on(t.memberId, t.position),
    // The hourly purge of chat photos never sent reads the old ones by upload time.
    index('photos_chat_created_idx').on(t.createdAt).where(sql`${t.kind} = 'chat' and ${t.status} <> 'deleted'`),
  ],
);

/** One row per browser visit (cookie), for the page-hidden beacon and bounce logging. */
export const visits = pgTable('visits', {
  id: uuid('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  landingPath: text('landing_path').notNull(),
  /** Set when the landing URL carried the `lb` query: page bounces are logged for this visit. */
  logBounce: boolean('log_bounce').notNull().default(false),
  tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  hiddenCount: integer('hidden_count').notNull().default(0),
  lastHiddenAt: timestamp('last_hidden_at', { withTimezone: true }),
});

export const pageBounces = pgTable(
  'page_bounces',
  {
    id: serial('id').primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** Milliseconds from the start of the visit to the page becoming hidden. */
    msOnSite: integer('ms_on_site').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_bounces_visit_idx').on(t.visitId)],
);

/**
 * Login sessions. The cookie holds a random token; only its SHA-256 is stored, so a
 * leaked database cannot be replayed as sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/** Failed logins per account and per client address, for the temporary block (spec section 8). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Daily counts per e-mail address looked up (reset, signup) or mailed (activation), so that
 * membership cannot be tested, nor an address flooded, in bulk from many client addresses.
 * The key holds a hash of the address, never the address: most are not members' addresses.
 */
export const addressQuota = pgTable('address_quota', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The credits ledger: append-only (changing an entry is refused); a member's balance is the
 * sum of their entries, kept in members.credit_balance by a trigger on every insert.
 * An idempotency key makes a repeated grant or charge a no-op.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** signup_bonus | purchase | message | photo | gift | refund | adjustment */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_entries_member_idx').on(t.memberId)],
);

/** Password-reset links: single use, expiring, only the token's hash stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * Single-use links sent by e-mail other than password resets: activation (activate),
 * e-mail change (mail_change, with the new address) and reactivation (reactivate).
 * Only the token's hash is stored.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_member_idx').on(t.memberId, t.purpose, t.createdAt)],
);

/** Web Push subscriptions (POST /api/user.php?push=1); one member may have several devices. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_member_idx').on(t.memberId)],
);

/** A one-to-one conversation; the pair is stored ordered (low id, high id) so it exists once. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberLowId: integer('member_low_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    memberHighId: integer('member_high_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message (null: none yet). Sends lock this row first: per-conversation order. */
    lastMessageId: integer('last_message_id'),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.memberLowId, t.memberHighId),
    // Both members in every index that starts with one: whichever index the planner picks for
    // a pair (a generic plan made before the table was analyzed), it reads one entry.
    index('conversations_high_idx').on(t.memberHighId, t.memberLowId),
    // A free member may start FREE_CONVERSATIONS: counted on every send of theirs.
    index('conversations_started_by_idx').on(t.startedBy),
  ],
);

/** Chat messages. client_id (the sender's id for the message) makes a retried send a no-op. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** text | photo | gift */
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull().default(''),
    clientId: text('client_id'),
    /** A photo message's image (photos.kind 'chat', owned by the sender). */
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** A gift message's gift key (common/chat GIFTS). */
    gift: text('gift'),
    /** Credits this message cost (0: a free message); the ledger entry is keyed message:<id>. */
    credits: integer('credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // Whether a chat photo is still used by some message: when a conversation's photos are
    // retired (a block, a purge) and when unsent chat photos are counted or purged.
    index('messages_photo_idx').on(t.photoId).where(sql`${t.photoId} is not null`),
  ],
);

/**
 * Each member's side of a conversation: unread count and how far they read, received
 * (delivered) and cleared it. A chat is in the member's list while it has a message after
 * cleared_up_to (deleting a chat clears it; a new message brings it back).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    readUpTo: integer('read_up_to').notNull().default(0),
    deliveredUpTo: integer('delivered_up_to').notNull().default(0),
    clearedUpTo: integer('cleared_up_to').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.memberId] }), index('conversation_members_member_idx').on(t.memberId, t.otherId)],
);

/** Each member's live event counter: the next event is seq + 1 (row-locked by the writer until commit). */
export const eventStreams = pgTable('event_streams', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  /**
   * Unread messages over all the member's chats (the Messages badge): the sum of their
   * sides' `unread`, moved by a delta in the statement that changes a side and holds this
   * row (decision 0011), so that no reader sums a member's every conversation.
   */
  unread: integer('unread').notNull().default(0),
});

/** The live events of a member, numbered without gaps, kept EVENT_RETENTION_HOURS for resuming. */
export const memberEvents = pgTable(
  'member_events',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.seq] }), index('member_events_created_idx').on(t.createdAt)],
);

/**
 * Why members deleted their accounts, for the product team: anonymous on purpose (no
 * member id, no address), so it outlives the purge without keeping personal data.
 */
export const accountDeletionFeedback = pgTable('account_deletion_feedback', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  reason: text('reason').notNull(),
  comment: text('comment').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Likes between members (spec sections 3 and 4). `seenAt` null means like_new for the
 * member who received it; a mutual pair is a match.
 */
export const likes = pgTable(
  'likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** profile | search | swipe | overlay | auto */
    source: text('source').notNull().default('profile'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.likedId] }), index('likes_liked_idx').on(t.likedId, t.createdAt), index('likes_swipe_idx').on(t.likerId, t.source, t.createdAt)],
);

/** Profiles passed in the swipe game, so they do not come round again. */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    passedId: integer('passed_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.passedId] })],
);

/** Blocks: the blocked member can neither see nor contact the blocker (spec section 6). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** Reports of a profile and complaints to customer service (/complaints). */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** The member who complained (null for a visitor, who leaves an e-mail address). */
    reporterId: integer('reporter_id').references(() => members.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    category: text('category').notNull(),
    profileId: integer('profile_id').references(() => members.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** open | handled */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaints_site_idx').on(t.siteId, t.status, t.createdAt)],
);

/**
 * Every notification mail sent (spec 9 types): what batching reads ("mailed about this
 * conversation in the last hours?", "likes since the last likes mail") and tests check.
 * `upToMessageId` is the newest message a mail covered; `ref` names what a one-off mail was
 * about (the welcome offer, a news item, a week).
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    conversationId: integer('conversation_id'),
    upToMessageId: integer('up_to_message_id'),
    ref: text('ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_mails_member_idx').on(t.memberId, t.type, t.sentAt), index('notification_mails_conversation_idx').on(t.conversationId, t.memberId).where(sql`${t.conversationId} is not null`)],
);

/** News for members who allow news (npm run news): one text per locale, mailed by the news job once queued. */
export const noticeNews = pgTable('notice_news', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  /** { en: { subject, body }, de: {...}, ... }: English is required (the fallback). */
  texts: jsonb('texts').$type<Record<string, { subject: string; body: string }>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When its mails were queued (null: the news job has not picked it up yet). */
  queuedAt: timestamp('queued_at', { withTimezone: true }),
});
