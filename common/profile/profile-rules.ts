import { z } from 'zod';
import { INTEREST_IDS } from '../reference/interests';
import { BODY_TYPES, EYE_COLOURS, GENDERS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from '../reference/profile-options';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, dateOfBirthProblems, nameProblems } from '../signup/signup-rules';

export { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH };

/** The i18n namespace of the /profile page and of PUT /api/profile.php's messages. */
export const PROFILE_NS = 'profile';

/**
 * PUT /api/profile.php: the member's own profile (spec section 3). Shapes only; the rules
 * with their own messages are in `profileProblems`, which the browser runs too. Every
 * field is optional: what is left out stays as it is.
 */
export const profileUpdateSchema = z.object({
  name: z.string().trim().max(100).optional(),
  gender: z.enum(GENDERS).optional(),
  sexuality: z.enum(SEXUALITIES).optional(),
  date_of_birth: z.string().max(10).optional(),
  country: z.string().length(2).optional(),
  region: z.string().max(10).nullable().optional(),
  city: z.string().trim().max(CITY_MAX_LENGTH).nullable().optional(),
  interests: z.array(z.enum(INTEREST_IDS)).max(INTEREST_IDS.length).optional(),
  hair_colour: z.enum(HAIR_COLOURS).nullable().optional(),
  eye_colour: z.enum(EYE_COLOURS).nullable().optional(),
  body_type: z.enum(BODY_TYPES).nullable().optional(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable().optional(),
  tattoos: z.enum(TATTOOS).nullable().optional(),
  // Checked by profileProblems to answer with its own message.
  about: z.string().trim().max(ABOUT_MAX_LENGTH * 2).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export type ProfileField = keyof ProfileUpdate;

/** A broken rule at its field, as a key of the "profile" namespace with its variables. */
export interface ProfileProblem {
  field: ProfileField;
  key: string;
  vars?: Record<string, string | number>;
}

export interface ProfileRuleContext {
  /** The member's e-mail address: the name may not be it. */
  email: string;
  minAge: number;
  /** The site's countries. */
  countries: readonly string[];
  today: Date;
  /** Whether a region code exists in a country (the server passes findRegion; the browser its loaded list). */
  regionExists: (country: string, region: string) => boolean;
}

/**
 * Every rule of a profile update (the same name and age rules as the signup). `current`
 * fills in what the update leaves out, so a region is checked against the country it will have.
 */
export function profileProblems(update: ProfileUpdate, current: { country: string }, ctx: ProfileRuleContext): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  if (update.name !== undefined) {
    for (const p of nameProblems(update.name, ctx.email)) problems.push({ field: 'name', key: p.key, ...(p.vars ? { vars: p.vars } : {}) });
  }
  if (update.date_of_birth !== undefined) {
    for (const p of dateOfBirthProblems(update.date_of_birth, ctx.minAge, ctx.today)) problems.push({ field: 'date_of_birth', key: p.key, ...(p.vars ? { vars: p.vars } : {}) });
  }
  const country = update.country ?? current.country;
  if (update.country !== undefined && !ctx.countries.includes(update.country)) problems.push({ field: 'country', key: 'errors.country' });
  if (update.region && !ctx.regionExists(country, update.region)) problems.push({ field: 'region', key: 'errors.region' });
  if (update.about !== undefined && update.about.length > ABOUT_MAX_LENGTH) problems.push({ field: 'about', key: 'errors.aboutTooLong', vars: { max: ABOUT_MAX_LENGTH } });
  return problems;
}

/** The optional profile sections a site may show (its visible_profile_fields). */
export const OPTIONAL_PROFILE_FIELDS = ['sexuality', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour', 'tattoos', 'interests', 'about'] as const;
export type OptionalProfileField = (typeof OPTIONAL_PROFILE_FIELDS)[number];

/**
 * What the /profile form offers on a site: name, gender, date of birth and location always
 * (they are the member's basics); the others only where the site shows them on profiles
 * (visible_profile_fields). The about-me text also needs visible_profile_notes.
 */
export function offeredProfileFields(settings: { visible_profile_fields: readonly string[]; visible_profile_notes: boolean }): Set<OptionalProfileField> {
  const offered = new Set<OptionalProfileField>();
  for (const field of OPTIONAL_PROFILE_FIELDS) {
    if (!settings.visible_profile_fields.includes(field)) continue;
    if (field === 'about' && !settings.visible_profile_notes) continue;
    offered.add(field);
  }
  return offered;
}
