import { z } from 'zod';

/** How long the confirmation link sent to the new address works. */
export const MAIL_CHANGE_LINK_MINUTES = 24 * 60;
/** Confirmation mails one account may trigger per 24 hours (each also notifies the old address). */
export const MAIL_CHANGE_EMAILS_PER_DAY = 5;
export const EMAIL_MAX_LENGTH = 254;

/**
 * POST /api/mail-change.php: the new address and the current password. The address is
 * checked by `isValidNewEmail`, so a bad one gets the spec's own message (section 5).
 */
export const mailChangeRequestSchema = z.object({
  email: z.string().trim().max(1024),
  password: z.string().max(1024),
});
export type MailChangeRequest = z.infer<typeof mailChangeRequestSchema>;

export const mailChangeRequestResponseSchema = z.object({ email: z.string(), expires_at: z.string() });

/** POST /api/mail-change-do.php: the token of the link sent to the new address. */
export const mailChangeConfirmSchema = z.object({ token: z.string().max(1024) });
export const mailChangeConfirmResponseSchema = z.object({ email: z.string() });

const newEmail = z.email().max(EMAIL_MAX_LENGTH);

export function isValidNewEmail(email: string): boolean {
  return newEmail.safeParse(email).success;
}
