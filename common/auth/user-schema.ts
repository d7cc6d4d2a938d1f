import { z } from 'zod';
import { LOCALES } from '../reference/countries';

/** Login credentials (POST /api/user.php). */
export const credentialsSchema = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
});

/** PUT /api/user.php: the interface language. */
export const languageUpdateSchema = z.object({ language: z.enum(LOCALES) });

export const mainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.string(),
});

/**
 * The profile fields a member fills in, as stored: the base of the member's own profile
 * below and of the profile in the data export (common/account-deletion).
 */
export const profileFieldsSchema = z.object({
  name: z.string(),
  gender: z.string(),
  sexuality: z.string(),
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  interests: z.array(z.string()),
  hair_colour: z.string().nullable(),
  eye_colour: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  about: z.string(),
});

/** The member's own profile as the user object carries it (spec section 3). */
export const ownProfileSchema = z.object({ id: z.number().int() }).extend(profileFieldsSchema.shape).extend({
  details: z.object({ city: z.string().nullable(), countryregion: z.string().nullable() }),
  photo_count: z.number().int(),
  status: z.string(),
  main_image: mainImageSchema.nullable(),
});

/** The user object of spec section 3: what the browser knows about the logged-in member. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  language: z.string(),
  fictional_icon: z.string(),
  notifications_disabled: z.array(z.string()),
  invisible: z.boolean(),
  created_at: z.string(),
  /** Received likes not yet seen: the top bar's Likes badge (spec section 2). */
  new_likes: z.number().int(),
  /** Unread chat messages: the top bar's Messages badge (capped at 99+ when shown). */
  unread_messages: z.number().int(),
  /**
   * The member's live event position when this object was read (before anything else on the
   * page was): the tab's live connection resumes from it, so nothing between the page's data
   * and the socket's start is missed.
   */
  live_seq: z.number().int(),
  profile: ownProfileSchema,
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema.nullable() });

export const resetRequestSchema = z.object({ email: z.string().trim().min(3).max(254) });

export const resetCompletionSchema = z.object({
  token: z.string().min(1).max(200),
  // The minimum length is checked by the service, to answer with its own message.
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});
