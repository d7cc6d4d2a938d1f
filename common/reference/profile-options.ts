/** Enumerations of profile fields (spec section 3). Ids double as i18n keys in the "reference" namespace. */

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

export const HAIR_COLOURS = ['black', 'brown', 'blonde', 'red', 'grey', 'white', 'bald', 'other'] as const;
export type HairColour = (typeof HAIR_COLOURS)[number];

export const EYE_COLOURS = ['brown', 'blue', 'green', 'grey', 'hazel', 'other'] as const;
export type EyeColour = (typeof EYE_COLOURS)[number];

export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'a-few-extra-pounds', 'large'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const RELATIONSHIP_STATUSES = [
  'single',
  'in-a-relationship',
  'married',
  'divorced',
  'widowed',
  'its-complicated',
  'open-relationship',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const TATTOOS = ['none', 'one', 'a-few', 'many'] as const;
export type Tattoos = (typeof TATTOOS)[number];

// Adult-only product: members must be of age; the upper bound only rejects typos in the date of birth.
export const PROFILE_MIN_AGE = 18;
export const PROFILE_MAX_AGE = 99;
