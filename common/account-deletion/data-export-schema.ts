import { transactionSchema } from '../payments/payment-schemas';
import { z } from 'zod';
import { profileFieldsSchema } from '../auth/user-schema';
import { savedAccountSchema } from '../direct-debit/direct-debit-schemas';

/**
 * The GDPR Art. 20 data export (GET /api/export.php): everything the site keeps about the
 * member, as one JSON document. The descriptions below are its documentation (they also
 * appear in /api/openapi.json). Times are ISO 8601 in UTC; ids are the site's own.
 * Other members appear only as { id, name }: their private data is not the member's to take.
 */
export const DATA_EXPORT_FORMAT = 'rendezvous-data-export';
export const DATA_EXPORT_VERSION = 1;

const time = z.string().describe('ISO 8601 time, UTC');
const otherMember = z.object({ id: z.number().int(), name: z.string() }).describe('Another member: only the id and the display name');

export const dataExportSchema = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    version: z.literal(DATA_EXPORT_VERSION),
    exported_at: time,
    site: z.object({ name: z.string(), domain: z.string() }).describe('The website the account belongs to'),
    account: z
      .object({
        id: z.number().int(),
        email: z.string(),
        status: z.string().describe('not_confirmed | active | pending_deletion | disabled'),
        email_confirmed_at: time.nullable(),
        deletion_requested_at: time.nullable(),
        language: z.string(),
        paid_user: z.boolean(),
        invisible: z.boolean().describe('Invisible mode'),
        credits: z.number().int().describe('Current balance: the sum of credit_entries'),
        notifications_disabled: z.array(z.string()).describe('Why e-mail notifications stopped: fbl, bounce, listunsubscribe'),
        email_opt_outs: z.array(z.string()).describe('E-mail notification types turned off'),
        created_at: time,
        last_active_at: time,
      })
      .describe('The account'),
    profile: profileFieldsSchema
      .extend({
        date_of_birth: z.string().describe('YYYY-MM-DD'),
        status: z.string().describe('active | disabled'),
        main_photo_id: z.number().int().nullable(),
      })
      .describe('The profile as others see it (subject to the site settings)'),
    photos: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.string().describe('profile (gallery) | chat (sent in a conversation)'),
          status: z.string().describe('in_inspection | active | deleted'),
          position: z.number().int(),
          width: z.number().int(),
          height: z.number().int(),
          created_at: time,
          content_type: z.string().nullable(),
          data_base64: z.string().nullable().describe('The image file, base64; null for shared demo images or a file that is gone'),
        }),
      )
      .describe('Photos the member uploaded'),
    conversations: z
      .array(
        z.object({
          id: z.number().int(),
          with: otherMember,
          started_by_me: z.boolean(),
          created_at: time,
          messages: z.array(
            z.object({
              id: z.number().int(),
              sent_by_me: z.boolean(),
              kind: z.string().describe('text | photo | gift'),
              body: z.string(),
              created_at: time,
              read_at: time.nullable(),
            }),
          ),
        }),
      )
      .describe('Conversations with their messages, sent and received'),
    likes: z
      .object({
        sent: z.array(z.object({ with: otherMember, created_at: time })),
        received: z.array(z.object({ with: otherMember, created_at: time, seen_at: time.nullable() })),
      })
      .describe('Likes sent and received'),
    credit_entries: z
      .array(z.object({ id: z.number().int(), amount: z.number().int(), kind: z.string(), created_at: time }))
      .describe('The credits ledger: every grant, purchase and charge'),
    sessions: z
      .array(z.object({ created_at: time, last_seen_at: time, expires_at: time, user_agent: z.string() }))
      .describe('Logged-in sessions (the secret tokens are never exported)'),
    push_subscriptions: z.array(z.object({ endpoint: z.string(), created_at: time })).describe('Devices that receive push notifications'),
    signup_tracking: z.record(z.string(), z.string()).describe('Tracking parameters of the visit that signed up'),
    payments: z.array(transactionSchema).describe('Purchases past the checkout: payment id, credits, method, amount, fee, status and date'),
    direct_debit_account: savedAccountSchema.nullable().describe('The bank account and SEPA mandate for direct debit; the IBAN only masked (it is kept encrypted)'),
  })
  .describe('All data of one member (GDPR Art. 20)');
export type DataExport = z.infer<typeof dataExportSchema>;
