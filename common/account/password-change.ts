import { z } from 'zod';

/**
 * PUT /api/password.php. Shapes only: the rules that have their own messages (old password
 * wrong, confirmation differs, PASSWORD_MIN_LENGTH) are checked by the service, so the
 * form shows the specific message instead of a generic one.
 */
export const passwordChangeSchema = z.object({
  old_password: z.string().max(1024),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
