import { z } from 'zod';
import { idParamSchema } from '../ids';

/** What a complaint can be about (the /complaints form and POST /api/complaint.php). */
export const COMPLAINT_CATEGORIES = ['fake-profile', 'harassment', 'underage', 'spam-scam', 'offensive-photos', 'payment-billing', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_TEXT_MIN = 10;
export const COMPLAINT_TEXT_MAX = 5000;
/** Complaints one sender address may send per hour (spam to the support inbox). */
export const COMPLAINTS_PER_HOUR = 5;

/** Loose on purpose: the server checks each field itself to answer with a translated, field-specific message. */
export const complaintRequestSchema = z.object({
  category: z.string().optional(),
  text: z.string().optional(),
  profile_id: z.union([z.number(), z.string(), z.null()]).optional(),
  email: z.string().optional(),
});
export type ComplaintRequest = z.infer<typeof complaintRequestSchema>;

export const complaintFieldsSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES),
  text: z.string().trim().min(COMPLAINT_TEXT_MIN).max(COMPLAINT_TEXT_MAX),
  profile_id: idParamSchema.nullable(),
  email: z.email().max(254),
});

export const complaintResponseSchema = z.object({ ok: z.literal(true), id: z.number().int() });
