import { z } from 'zod';
import { idParamSchema } from '../ids';

/**
 * How many gallery photos a viewer sees (spec section 6: visitors and free members see
 * "limited photos", premium members all). Counted from the main photo: a visitor sees the
 * main photo and one more, a free member the main photo and two more; the rest are sent
 * as locked placeholders without any URL.
 */
export const VISITOR_VISIBLE_PHOTOS = 2;
export const FREE_VISIBLE_PHOTOS = 3;

export type ViewerKind = 'visitor' | 'free' | 'premium' | 'self';

/** How many of a profile's photos `viewer` may see (Infinity: all). */
export function visiblePhotoCount(viewer: ViewerKind): number {
  if (viewer === 'visitor') return VISITOR_VISIBLE_PHOTOS;
  if (viewer === 'free') return FREE_VISIBLE_PHOTOS;
  return Number.POSITIVE_INFINITY;
}

export const profilePhotoSchema = z.union([
  z.object({ locked: z.literal(false), id: z.number().int(), url: z.string(), thumb_url: z.string(), width: z.number().int(), height: z.number().int() }),
  // A locked photo carries nothing that reaches the file: no id, no key, no URL.
  z.object({ locked: z.literal(true) }),
]);
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;

export const profileInterestSchema = z.object({ id: z.string(), icon: z.string(), name: z.string() });

export const likeStateSchema = z.object({
  liked: z.boolean(),
  liked_by_them: z.boolean(),
  match: z.boolean(),
});
export type LikeState = z.infer<typeof likeStateSchema>;

/**
 * The public profile of a member (GET /api/member.php). Never an e-mail address, a birth
 * date, coordinates or a distance; optional fields are left out when the site's
 * visible_profile_fields do not list them.
 */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().optional(),
  gender: z.string().optional(),
  sexuality: z.string().optional(),
  country: z.string(),
  city: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  relationship_status: z.string().nullable().optional(),
  body_type: z.string().nullable().optional(),
  hair_colour: z.string().nullable().optional(),
  eye_colour: z.string().nullable().optional(),
  tattoos: z.string().nullable().optional(),
  interests: z.array(profileInterestSchema).optional(),
  about: z.string().optional(),
  photos: z.array(profilePhotoSchema),
  fictional: z.boolean(),
  like: likeStateSchema,
  blocked_by_me: z.boolean(),
  self: z.boolean(),
  viewer: z.enum(['visitor', 'free', 'premium', 'self']),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const profileIdSchema = z.object({ profile_id: idParamSchema });
