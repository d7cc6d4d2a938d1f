import { z } from 'zod';
import { DELETE_REASON_TEXT_MAX, DELETE_REASONS } from './account-deletion-rules';

/** POST /api/delete-account.php: the current password confirms; the reason is optional. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1).max(1024),
  reason: z.enum(DELETE_REASONS).optional(),
  reason_text: z.string().trim().max(DELETE_REASON_TEXT_MAX).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** POST /api/export.php: the current password confirms that the download is the member's own. */
export const dataExportRequestSchema = z.object({ password: z.string().min(1).max(1024) });

/** POST /api/reactivate.php: (re)send a reactivation link to a deleted account's address. */
export const reactivationRequestSchema = z.object({ email: z.string().trim().min(3).max(254) });

/** POST /api/reactivate-do.php: use the link's token. */
export const reactivationSchema = z.object({ token: z.string().min(1).max(200) });

export { okResponseSchema } from '../api/ok-schema';
