import { z } from 'zod';
import { memberTileSchema } from '../members/member-tile';
import { idSchema, idParamSchema } from '../ids';

/**
 * The chat's contract (spec sections 2, 3, 4, 6, 7): what the API answers, what a send
 * carries and the events the live connection (GET /api/live.php, a WebSocket) delivers.
 * Shared by the server (route schemas) and the browser.
 */

/** Messages a member who is not Premium sees per conversation; older ones are hidden (spec 6). */
export const CHAT_HISTORY_LIMIT_FREE = 50;
/** Messages a page of history holds (newest last). */
export const CHAT_PAGE_SIZE = 50;
/** A client id: chosen by the sender for each message, the same on every retry (idempotency). */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** sent: stored; delivered: a device of the other member received it; read: they opened the chat. */
export const messageStateSchema = z.enum(['sent', 'delivered', 'read']);
export type MessageState = z.infer<typeof messageStateSchema>;

export const chatPhotoSchema = z.object({ url: z.string(), thumb: z.string(), width: z.number().int(), height: z.number().int() });

export const messageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  client_id: z.string().nullable(),
  /** Sent by the member who reads this (right-aligned, with a state). */
  mine: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  /** The text of a text message; '' for photos and gifts. */
  text: z.string(),
  /** A photo message's image (signed URLs, for the two members only). */
  photo: chatPhotoSchema.nullable(),
  /** A gift message's gift key (GIFTS). */
  gift: z.string().nullable(),
  created_at: z.string(),
  /** For `mine` messages: how far it got. For the other member's messages: always 'read' once listed to the reader. */
  state: messageStateSchema,
});
export type ChatMessage = z.infer<typeof messageSchema>;

/** The gift catalogue: prices are the site's gift_credits times the factor. */
export const GIFTS = [
  { id: 'rose', factor: 1 },
  { id: 'coffee', factor: 1 },
  { id: 'chocolates', factor: 1 },
  { id: 'cocktail', factor: 2 },
  { id: 'teddy', factor: 2 },
  { id: 'champagne', factor: 3 },
  { id: 'perfume', factor: 4 },
  { id: 'diamond', factor: 8 },
] as const;
export type GiftId = (typeof GIFTS)[number]['id'];
export const giftIdSchema = z.enum(GIFTS.map((g) => g.id) as [GiftId, ...GiftId[]]);
export const giftSchema = z.object({ id: giftIdSchema, credits: z.number().int(), image: z.string() });
export type Gift = z.infer<typeof giftSchema>;

/** What sending costs on this site, for this member (spec 1, 4, 6). */
export const chatCostsSchema = z.object({
  message: z.number().int(),
  photo: z.number().int(),
  gift_base: z.number().int(),
  /** The site's minimum_message_costs for the member's country (null: none set). */
  minimum_message_cost: z.object({ costs: z.number(), currency: z.string() }).nullable(),
});
export type ChatCosts = z.infer<typeof chatCostsSchema>;

/** The member's means to send: balance, free messages left, conversations left to start (null: no limit). */
export const chatWalletSchema = z.object({
  credits: z.number().int(),
  paid_user: z.boolean(),
  free_messages_left: z.number().int(),
  conversations_left: z.number().int().nullable(),
});
export type ChatWallet = z.infer<typeof chatWalletSchema>;

/** The last message of a chat, for the list. */
export const messagePreviewSchema = z.object({ kind: z.enum(MESSAGE_KINDS), text: z.string(), gift: z.string().nullable(), mine: z.boolean(), state: messageStateSchema });

/** One chat in the list (spec 3: conversation with id, profile with id, num_unread_messages). */
export const chatListItemSchema = z.object({
  conversation: z.object({ id: z.number().int(), last_message_at: z.string(), last_message: messagePreviewSchema.nullable() }),
  profile: memberTileSchema,
  num_unread_messages: z.number().int(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** GET /api/chats.php: chats (latest first), matches without a chat yet, and the totals for badges. */
export const chatsResponseSchema = z.object({
  chats: z.array(chatListItemSchema),
  likes: z.array(memberTileSchema.extend({ like_new: z.boolean() })),
  total_unread_messages: z.number().int(),
  total_new_likes: z.number().int(),
});
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;

/** GET /api/chat.php?id= (a conversation) or ?profile= (with a member; the conversation may not exist yet). */
export const chatQuerySchema = z
  .object({
    id: idParamSchema.optional(),
    profile: idParamSchema.optional(),
    /** Older history: messages with an id below this one. */
    before: idParamSchema.optional(),
  })
  .refine((q) => (q.id === undefined) !== (q.profile === undefined), { message: 'id or profile' });

/**
 * Why the member cannot write here now (null: can write):
 * blocked: a block either way; unconfirmed_other: the other member's e-mail is not confirmed
 * (they wrote first and cannot read replies until they confirm); conversation_limit: a free
 * member's 2 conversations are used up; closed: the other member left (deleted, disabled).
 */
export const writeRefusalSchema = z.enum(['blocked', 'unconfirmed_other', 'conversation_limit', 'closed']).nullable();

export const chatResponseSchema = z.object({
  /** null: no conversation with this member yet (the icebreaker is offered). */
  conversation: z.number().int().nullable(),
  profile: memberTileSchema,
  messages: z.array(messageSchema),
  /** Older messages exist beyond this page (load with `before`). */
  has_more: z.boolean(),
  /** Older messages hidden by the history limit (spec 6), and the limit. */
  hidden_messages: z.number().int(),
  history_limit: z.number().int().nullable(),
  /** The reader's own e-mail is unconfirmed: the other member cannot reply until it is. */
  me_unconfirmed: z.boolean(),
  cannot_write: writeRefusalSchema,
  costs: chatCostsSchema,
  wallet: chatWalletSchema,
  gifts: z.array(giftSchema),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** POST /api/message.php (and the live connection's `send`): idempotent on client_id. */
export const sendMessageSchema = z
  .object({
    /** The member written to (a conversation is started when there is none). */
    profile: idSchema,
    client_id: clientIdSchema,
    kind: z.enum(MESSAGE_KINDS).default('text'),
    text: z.string().trim().max(10_000).optional(),
    /** A photo uploaded with POST /api/chat-photo.php. */
    photo_id: idSchema.optional(),
    gift: giftIdSchema.optional(),
  })
  .refine((m) => (m.kind === 'text' ? !!m.text : m.kind === 'photo' ? m.photo_id !== undefined : m.gift !== undefined), {
    message: 'chat:errors.emptyMessage',
  });
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const sendMessageResponseSchema = z.object({ message: messageSchema, wallet: chatWalletSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** POST /api/chat-photo.php answers the uploaded photo's id (sent with a photo message). */
export const chatPhotoResponseSchema = z.object({ photo_id: z.number().int(), photo: chatPhotoSchema });

/** POST /api/chat-read.php: the member opened the chat; its unread count becomes 0. */
export const chatReadSchema = z.object({ conversation: idSchema });
export const chatReadResponseSchema = z.object({ total_unread_messages: z.number().int() });

/** DELETE /api/chat.php: one conversation, or every chat with a member. */
export const deleteChatSchema = z.union([z.object({ conversation: idSchema }), z.object({ profile: idSchema })]);
export const deleteChatResponseSchema = z.object({ deleted: z.number().int(), total_unread_messages: z.number().int() });

// ---------------------------------------------------------------------------------------
// Live events (GET /api/live.php, a WebSocket): numbered per member (seq 1, 2, 3 ...), kept
// for EVENT_RETENTION_HOURS so that a reconnecting tab resumes after the last seq it saw.

export const EVENT_RETENTION_HOURS = 72;

export const liveEventSchema = z.discriminatedUnion('kind', [
  /** A new message in one of the member's conversations (theirs, or sent from another tab). */
  z.object({ kind: z.literal('message'), message: messageSchema, profile: memberTileSchema, conversation_unread: z.number().int(), total_unread_messages: z.number().int() }),
  /** `by: 'them'`: the other member read up to `up_to` (read ticks); 'me': read on another tab. */
  z.object({ kind: z.literal('read'), conversation: z.number().int(), up_to: z.number().int(), by: z.enum(['me', 'them']), total_unread_messages: z.number().int() }),
  /** A device of the other member received the member's messages up to `up_to`. */
  z.object({ kind: z.literal('delivered'), conversation: z.number().int(), up_to: z.number().int() }),
  /** The member deleted the chat (on another tab), or a block removed it. */
  z.object({ kind: z.literal('chat_deleted'), conversation: z.number().int(), total_unread_messages: z.number().int() }),
  /** Someone liked the member (state match when mutual). */
  z.object({ kind: z.literal('like'), profile: memberTileSchema, match: z.boolean(), total_new_likes: z.number().int() }),
  /** The member's balance or Premium state changed outside a send (a purchase, a refund): the top bar follows at once. */
  z.object({ kind: z.literal('credits'), balance: z.number().int(), paid_user: z.boolean() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Browser -> server over the live connection. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  /** First message: resume after `after` (null: only what happens from now on). */
  z.object({ type: z.literal('hello'), after: z.number().int().nonnegative().nullable() }),
  /** Events up to `seq` were received (delivery receipts follow from it). */
  z.object({ type: z.literal('ack'), seq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('typing'), conversation: idSchema }),
  z.object({ type: z.literal('send'), message: z.unknown() }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** Server -> browser. */
export type LiveServerMessage =
  /** After hello: everything up to `seq` has been sent. */
  | { type: 'ready'; seq: number }
  | { type: 'event'; seq: number; event: LiveEvent }
  /** The events after `after` are gone (older than the retention): reload chats and likes. */
  | { type: 'reset'; seq: number }
  | { type: 'typing'; conversation: number }
  | { type: 'sent'; client_id: string; result: SendMessageResponse }
  | { type: 'send_error'; client_id: string; status: number; error: { code: string; message: string } };
