import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../limits';
import { GENDERS, SEXUALITIES } from '../reference/profile-options';
import { INTEREST_IDS } from '../reference/interests';
import { suggestEmail } from './email-suggestion';
import { idSchema } from '../ids';
import { ageOn } from '../members/member-tile';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const ABOUT_MAX_LENGTH = 2000;
export const CITY_MAX_LENGTH = 80;

/**
 * POST /api/signup.php. Shapes only: the rules with their own messages (spec section 5)
 * are in `signupProblems`, which the browser runs too, step by step.
 */
export const signupSchema = z.object({
  email: z.string().trim().max(254),
  name: z.string().trim().max(100),
  password: z.string().max(1024),
  date_of_birth: z.string().max(10),
  gender: z.enum(GENDERS),
  sexuality: z.enum(SEXUALITIES),
  country: z.string().length(2),
  region: z.string().max(10).nullable().default(null),
  city: z.string().trim().max(CITY_MAX_LENGTH).nullable().default(null),
  about: z.string().trim().max(ABOUT_MAX_LENGTH).default(''),
  interests: z.array(z.enum(INTEREST_IDS)).max(INTEREST_IDS.length).default([]),
  /** The first message of step 0, to the member the visitor came for. */
  signup_message: z.object({ member_id: idSchema, text: z.string().trim().min(1).max(5000) }).nullable().default(null),
  /** Consent to offers and promotions by mail (an unticked box): without it the member starts with promotions off. */
  promotions: z.boolean().default(false),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The draft the browser keeps across reloads (spec section 3: signup form draft). */
export interface SignupDraft {
  step: number;
  email: string;
  name: string;
  date_of_birth: string;
  signup_message: string;
  password: string;
  gender: string;
  sexuality: string;
  country: string;
  region: string;
  city: string;
  about: string;
  interests: string[];
  promotions: boolean;
}

/** A rule broken by a field, as a "signup" namespace key with its variables. */
export interface SignupProblem {
  field: 'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'country' | 'about' | 'signup_message';
  key: string;
  vars?: Record<string, string | number>;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email.trim());
}

/** A real YYYY-MM-DD calendar date (no 29 February outside leap years, no month 13). */
export function isCalendarDate(dateOfBirth: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function emailProblems(email: string): SignupProblem[] {
  if (isValidEmail(email)) return [];
  const suggestion = suggestEmail(email);
  return [{ field: 'email', key: 'errors.invalidEmail', ...(suggestion ? { vars: { suggestion } } : {}) }];
}

export function nameProblems(name: string, email: string): SignupProblem[] {
  const trimmed = name.trim();
  if (trimmed.startsWith('@')) return [{ field: 'name', key: 'errors.usernameAt' }];
  if (email && trimmed.toLowerCase() === email.trim().toLowerCase()) return [{ field: 'name', key: 'errors.usernameIsEmail' }];
  if (trimmed.length < USERNAME_MIN_LENGTH || trimmed.length > USERNAME_MAX_LENGTH) {
    return [{ field: 'name', key: 'errors.usernameLength', vars: { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH } }];
  }
  return [];
}

export function dateOfBirthProblems(dateOfBirth: string, minAge: number, today: Date): SignupProblem[] {
  const age = isCalendarDate(dateOfBirth) ? ageOn(dateOfBirth, today) : null;
  if (age === null || age < minAge || age > 120) return [{ field: 'date_of_birth', key: 'errors.dateOfBirth', vars: { minAge } }];
  return [];
}

export function passwordProblems(password: string): SignupProblem[] {
  return password.length < PASSWORD_MIN_LENGTH ? [{ field: 'password', key: 'errors.passwordTooShort', vars: { min: PASSWORD_MIN_LENGTH } }] : [];
}

/** Every rule of the account step; the server runs the same before it creates anything. */
export function signupProblems(input: Pick<SignupInput, 'email' | 'name' | 'password' | 'date_of_birth'>, minAge: number, today: Date): SignupProblem[] {
  return [
    ...emailProblems(input.email),
    ...nameProblems(input.name, input.email),
    ...dateOfBirthProblems(input.date_of_birth, minAge, today),
    ...passwordProblems(input.password),
  ];
}
