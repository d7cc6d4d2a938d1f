import { z } from 'zod';
import { memberTileSchema } from '../members/member-tile';
import { idSchema } from '../ids';

/** Where a like was made (stored with it). */
export const LIKE_SOURCES = ['profile', 'search', 'swipe', 'overlay', 'auto'] as const;
export type LikeSource = (typeof LIKE_SOURCES)[number];

/** The likes page's tabs (/likes/{type}). */
export const LIKE_TABS = ['received', 'sent', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];
export const isLikeTab = (value: string | undefined): value is LikeTab => (LIKE_TABS as readonly string[]).includes(value ?? '');

export const profileIdSchema = z.object({ profile_id: idSchema });

/** POST /api/like.php */
export const likeRequestSchema = profileIdSchema.extend({ source: z.enum(LIKE_SOURCES).default('profile') });
/** 'liked': one way; 'match': the other member liked first, it is mutual now. */
export const likeStateSchema = z.enum(['liked', 'match']);
export type LikeState = z.infer<typeof likeStateSchema>;
export const likeResponseSchema = z.object({ state: likeStateSchema });

/**
 * One like on the likes page (spec section 3: each entry has id and like_new): the other
 * member's public tile, whether it is new (received, not yet seen) and whether it is mutual.
 */
export const likeEntrySchema = memberTileSchema.extend({
  like_new: z.boolean(),
  mutual: z.boolean(),
  liked_at: z.string(),
});
export type LikeEntry = z.infer<typeof likeEntrySchema>;

/** GET /api/likes.php: `profiles` the member liked, `liked_by` who liked the member (new first). */
export const likesResponseSchema = z.object({
  profiles: z.array(likeEntrySchema),
  liked_by: z.array(likeEntrySchema),
  new_likes: z.number().int(),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;

export const likeSeenResponseSchema = z.object({ new_likes: z.number().int() });

/** GET /api/auto-like.php: a profile for the new-like overlay (null: nothing to show). */
export const autoLikeProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  main_image: z.object({ match: z.string() }).nullable(),
});
export type AutoLikeProfile = z.infer<typeof autoLikeProfileSchema>;
export const autoLikeResponseSchema = z.object({ profile: autoLikeProfileSchema.nullable(), new_likes: z.number().int() });

/** The swipe game's daily likes: how many are left and when the next one comes (null: some left). */
export const swipeAllowanceSchema = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  next_at: z.string().nullable(),
});
export type SwipeAllowance = z.infer<typeof swipeAllowanceSchema>;

export const swipeCardsResponseSchema = z.object({ cards: z.array(memberTileSchema), allowance: swipeAllowanceSchema });
export type SwipeCardsResponse = z.infer<typeof swipeCardsResponseSchema>;

export const swipeRequestSchema = profileIdSchema.extend({ action: z.enum(['like', 'pass']) });
/** 'limit': today's likes are used up (nothing was stored; `allowance.next_at` says when). */
export const swipeResponseSchema = z.object({ state: z.enum(['liked', 'match', 'passed', 'limit']), allowance: swipeAllowanceSchema });
export type SwipeResponse = z.infer<typeof swipeResponseSchema>;
