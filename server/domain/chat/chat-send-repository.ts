import type pg from 'pg';

/** One send as rv_chat_send takes it (server/db/functions/chat-send.sql). */
export interface SendItem {
  session_hash: string | null;
  sender: number;
  site: number;
  profile: number;
  client_id: string;
  kind: string;
  body: string;
  photo_id: number | null;
  gift: string | null;
  cost: number;
  free_messages: number;
  free_conversations: number;
}

/** The batch's statement: its prepared name and text (one jsonb parameter, the SendItems). */
export const SEND_MANY_STATEMENT = { name: 'rv_chat_send_many', text: 'select rv_chat_send_many($1::jsonb) as r' } as const;

/**
 * One call of rv_chat_send_many: the answers of `items`, in their order, in one transaction.
 * `prepared` names the statement once per connection (see SendBatcher).
 */
export async function sendMany(pool: pg.Pool, items: SendItem[], prepared: boolean): Promise<unknown[]> {
  const { rows } = await pool.query<{ r: unknown[] }>({
    ...(prepared ? { name: SEND_MANY_STATEMENT.name } : {}),
    text: SEND_MANY_STATEMENT.text,
    values: [JSON.stringify(items)],
  });
  return rows[0]!.r;
}
