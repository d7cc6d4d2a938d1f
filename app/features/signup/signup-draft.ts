import type { SignupDraft } from '../../../common/signup/signup-rules';

const KEY = 'rendezvous.signup-draft';

export function emptyDraft(country: string): SignupDraft {
  return {
    step: 0,
    email: '',
    name: '',
    date_of_birth: '',
    signup_message: '',
    password: '',
    gender: '',
    sexuality: '',
    country,
    region: '',
    city: '',
    about: '',
    interests: [],
    promotions: false,
  };
}

/**
 * The signup form draft (spec section 3) survives a reload of the tab: it lives in
 * sessionStorage, which ends with the tab, and is cleared as soon as the account exists.
 */
export function loadDraft(fallback: SignupDraft, storage: Storage | undefined = globalThis.sessionStorage): SignupDraft {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return fallback;
    const saved = JSON.parse(raw) as Partial<SignupDraft>;
    const merged = { ...fallback };
    for (const key of Object.keys(fallback) as (keyof SignupDraft)[]) {
      const value = saved[key];
      if (typeof value === typeof fallback[key] && (!Array.isArray(fallback[key]) || Array.isArray(value))) (merged as Record<string, unknown>)[key] = value;
    }
    return merged;
  } catch {
    return fallback;
  }
}

export function saveDraft(draft: SignupDraft, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the draft just does not survive a reload.
  }
}

export function clearDraft(storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The sexuality stored for "I am a ... looking for ...". */
export function sexualityFor(gender: string, lookingFor: string): string {
  if (lookingFor === 'both') return 'bi';
  if (gender === 'male') return lookingFor === 'men' ? 'gay' : 'hetero';
  return lookingFor === 'women' ? 'lesbian' : 'hetero';
}

export function lookingForOf(gender: string, sexuality: string): string {
  if (!gender || !sexuality) return '';
  if (sexuality === 'bi') return 'both';
  const same = sexuality === 'gay' || sexuality === 'lesbian';
  return (gender === 'male') === same ? 'men' : 'women';
}
