import { z } from 'zod';
import { PHOTO_LIMIT_PREMIUM } from '../limits';
import { idSchema } from '../ids';

/** PUT /api/photos.php: the member's profile photos in their new order (every one of them). */
export const photoOrderSchema = z.object({ order: z.array(idSchema).min(1).max(PHOTO_LIMIT_PREMIUM * 4) });

/** POST /api/photo-main.php: the profile photo shown first everywhere. */
export const photoMainSchema = z.object({ id: idSchema });
