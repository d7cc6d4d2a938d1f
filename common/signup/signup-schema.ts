import { z } from 'zod';

/** POST /api/activate.php: the token of the activation link. */
export const activationSchema = z.object({ token: z.string().min(1).max(200) });

/** PUT /api/signup-email.php: a corrected address before confirmation. */
export const emailCorrectionSchema = z.object({ email: z.string().trim().max(254) });
